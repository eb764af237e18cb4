import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { PurchaseOrder, PurchaseOrderLine } from '@siteledger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseOrderPdf, type PoPdfSource } from './po-pdf.js';

interface LineSpec {
  name: string;
  unit: string;
  hsn?: string | null;
  quantity: number;
  price: number;
  rate: number | null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** A line as the API returns it, GST split the way the server splits it. */
function line(spec: LineSpec, index: number, interState: boolean): PurchaseOrderLine {
  const taxable = round2(spec.quantity * spec.price);
  const gst = round2((taxable * (spec.rate ?? 0)) / 100);
  const half = round2(gst / 2);
  return {
    id: `line${index}`,
    item: `item${index}`,
    item_name: spec.name,
    unit: spec.unit,
    hsn_code: spec.hsn ?? null,
    quantity: spec.quantity,
    unit_price: spec.price,
    gst_rate: spec.rate,
    total_amount: taxable,
    cgst_amount: interState ? 0 : half,
    sgst_amount: interState ? 0 : round2(gst - half),
    igst_amount: interState ? gst : 0,
    received_quantity: 0,
    pending_quantity: spec.quantity,
    material_request_item: null,
    budget_line: null,
  };
}

function samplePo(
  specs: LineSpec[],
  options: { interState: boolean; number?: string | null },
): PurchaseOrder {
  const lines = specs.map((spec, i) => line(spec, i, options.interState));
  const sum = (pick: (l: PurchaseOrderLine) => number) =>
    round2(lines.reduce((total, l) => total + pick(l), 0));
  const items = sum((l) => l.total_amount);
  const tax = sum((l) => l.cgst_amount + l.sgst_amount + l.igst_amount);
  return {
    id: 'po1',
    site: 'site1',
    number: options.number === undefined ? 'PO/2026-27/0007' : options.number,
    status: 'issued',
    vendor: 'vendor1',
    material_request: null,
    quotation: null,
    order_date: '2026-11-27',
    expected_date: '2026-12-05',
    terms:
      '1. Delivery at site between 9 am and 6 pm; unloading by the supplier.\n' +
      '2. Payment within 30 days of receipt of goods and a correct GST invoice.\n' +
      '3. Material failing the site engineer’s inspection will be returned at the supplier’s cost.',
    notes: 'Call the site engineer one day before dispatch.',
    items_total: items,
    cgst_amount: sum((l) => l.cgst_amount),
    sgst_amount: sum((l) => l.sgst_amount),
    igst_amount: sum((l) => l.igst_amount),
    tax_amount: tax,
    total_amount: round2(items + tax),
    issued_at: '2026-11-27T10:00:00.000Z',
    issued_by: 'user1',
    closed_at: null,
    cancelled_at: null,
    created_by: 'user1',
    advance_amount: 0,
    advance_unapplied: 0,
    lines,
    created: '2026-11-27T09:00:00.000Z',
    updated: '2026-11-27T10:00:00.000Z',
  };
}

function sampleSource(po: PurchaseOrder): PoPdfSource {
  return {
    site: {
      name: 'Green Valley Residency – Tower B',
      company_name: 'Shree Ganesh Constructions Pvt. Ltd.',
      address: 'Plot 14, Sector 21,\nKharghar, Navi Mumbai 410210',
      phone: '+91 98200 12345',
      email: 'purchase@shreeganesh.example',
      gstin: '27AABCS1234F1Z5',
      state: 'Maharashtra (27)',
    },
    vendor: {
      name: 'Patel Cement & Steel Traders',
      address: '22, GIDC Industrial Estate, Vapi, Gujarat 396195',
      phone: '+91 99250 67890',
      gstin: '24AAFPP4321K1Z9',
      state: 'Gujarat (24)',
    },
    po,
    today: '2026-11-27',
    preparedBy: 'Rahul Sharma',
  };
}

const THREE_LINES: LineSpec[] = [
  {
    name: 'UltraTech OPC 53 Grade Cement',
    unit: 'bag',
    hsn: '2523',
    quantity: 200,
    price: 385,
    rate: 18,
  },
  {
    name: 'सरिया टीएमटी बार 12 मिमी (Fe 500D)',
    unit: 'kg',
    hsn: '7214',
    quantity: 1250.5,
    price: 62.4,
    rate: 18,
  },
  { name: 'Binding wire 18 gauge', unit: 'kg', quantity: 35, price: 90, rate: 18 },
];

function manyLines(count: number): LineSpec[] {
  return Array.from({ length: count }, (_, i) => ({
    name:
      i % 7 === 3
        ? `ईंट लाल पकी हुई प्रथम श्रेणी ${i + 1} — very long description that must wrap`
        : `Item ${i + 1}`,
    unit: i % 2 === 0 ? 'nos' : 'cu.m',
    hsn: i % 3 === 0 ? '6901' : null,
    quantity: i + 1,
    price: 100 + i,
    rate: i % 5 === 0 ? null : 12,
  }));
}

async function writePdf(source: PoPdfSource, file: string): Promise<void> {
  const errors: unknown[] = [];
  await pipeline(
    purchaseOrderPdf(source, (e) => errors.push(e)),
    createWriteStream(file),
  );
  expect(errors).toEqual([]);
}

const text = (file: string) =>
  execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

describe('purchase order PDF', () => {
  // PO_PDF_KEEP=/some/dir keeps the files there to look at.
  const keep = process.env.PO_PDF_KEEP;
  let dir = '';
  beforeAll(async () => {
    dir = keep ?? (await mkdtemp(join(tmpdir(), 'po-pdf-')));
  });
  afterAll(async () => {
    if (!keep) await rm(dir, { recursive: true, force: true });
  });

  it('prints the number, the parties, the totals and the amount in words', async () => {
    const po = samplePo(THREE_LINES, { interState: true });
    const file = join(dir, 'three.pdf');
    await writePdf(sampleSource(po), file);
    const out = text(file);
    expect(out).toContain('PURCHASE ORDER');
    expect(out).toContain('PO/2026-27/0007');
    expect(out).toContain('27 Nov 2026');
    expect(out).toContain('05 Dec 2026');
    expect(out).toContain('GSTIN: 24AAFPP4321K1Z9');
    expect(out).toContain('GSTIN: 27AABCS1234F1Z5');
    // 200 × 385 + 1250.5 × 62.4 + 35 × 90 = 1,58,181.20; IGST 18 % = 28,472.62
    expect(po.items_total).toBe(158181.2);
    expect(out).toMatch(/Taxable value\s+₹1,58,181\.20/);
    expect(out).toMatch(/IGST @ 18%\s+₹28,472\.62/);
    expect(out).not.toContain('CGST @');
    expect(out).toMatch(/Total\s+₹1,86,653\.82/);
    // The words may wrap onto a second line: read them in reading order, not laid out.
    const plain = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(plain.replace(/\s+/g, ' ')).toContain(
      'Rupees One Lakh Eighty-Six Thousand Six Hundred Fifty-Three and Eighty-Two Paise Only',
    );
    expect(out).toContain('Authorised signatory');
    expect(out).toContain('Page 1 of 1 · Generated by SiteLedger');
  });

  it('runs a long PO over several pages with CGST and SGST', async () => {
    const po = samplePo(manyLines(60), { interState: false });
    const file = join(dir, 'sixty.pdf');
    await writePdf(sampleSource(po), file);
    const out = text(file);
    expect(out).toContain('Page 2 of');
    expect(out).toContain('Item 59');
    expect(out).toMatch(/CGST @ 6%\s+₹12,468\.00/);
    expect(out).toMatch(/SGST @ 6%\s+₹12,468\.00/);
    expect(out).not.toMatch(/IGST[^\n]*₹/);
    // The table head is repeated on every page.
    const pages = out.split('\f').filter((page) => page.trim());
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages.slice(0, -1)) expect(page).toContain('Taxable value');
  });

  it('keeps 200 long lines in other scripts on their pages, a cancelled PO marked', async () => {
    const long = 'நீர்ப்புகா கலவை மிக நீளமான விளக்கம் '.repeat(6);
    const specs = manyLines(200).map((spec, i) => (i % 4 === 1 ? { ...spec, name: long } : spec));
    const po = {
      ...samplePo(specs, { interState: true }),
      status: 'cancelled' as const,
      cancelled_at: '2026-11-28T08:00:00.000Z',
      terms: 'शर्तें: '.concat('सामान साइट पर पहुँचाना होगा। '.repeat(40)),
    };
    const source = sampleSource(po);
    source.vendor.name = 'Maa Durga Building Material Suppliers and Hardware Traders '.repeat(3);
    const file = join(dir, 'two-hundred.pdf');
    await writePdf(source, file);
    const out = text(file);
    const pages = Number(
      /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1],
    );
    expect(pages).toBeGreaterThan(5);
    expect(out).toContain(`Page ${pages} of ${pages} · Generated by SiteLedger`);
    expect(out).toContain('Cancelled 28 Nov 2026');
    expect(out).toContain('Item 199');
  });

  it('marks a draft as not issued', async () => {
    const po = samplePo(THREE_LINES.slice(0, 1), { interState: false, number: null });
    const file = join(dir, 'draft.pdf');
    await writePdf(sampleSource(po), file);
    const out = text(file);
    expect(out).toContain('DRAFT — not issued');
    expect(out).not.toContain('PO/2026-27');
  });
});
