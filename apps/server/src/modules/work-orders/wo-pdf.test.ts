import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { RaBill, WorkOrder, WorkOrderLine, WorkOrderStatement } from '@siteledger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementPdf, type StatementSource } from './statement-files.js';
import { numberInWords, paymentTerms, workOrderPdf, type WoPdfSource } from './wo-pdf.js';

interface LineSpec {
  description: string;
  unit: string;
  quantity: number;
  rate: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function line(spec: LineSpec, index: number): WorkOrderLine {
  return {
    id: `line${index}`,
    ...spec,
    amount: round2(spec.quantity * spec.rate),
    billed_quantity: 0,
    budget_line: null,
  };
}

/** API.md's worked example: ₹10,00,000 of RCC work, 5 % retention, ₹1,00,000 advance at 10 %. */
function sampleWo(specs: LineSpec[], extra: Partial<WorkOrder> = {}): WorkOrder {
  const lines = specs.map(line);
  return {
    id: 'wo1',
    site: 'site1',
    vendor: 'vendor1',
    title: 'RCC frame, tower A (columns, beams and slabs up to the terrace)',
    number: 'WO/2026-27/0001',
    status: 'issued',
    order_date: '2026-04-15',
    terms:
      '1. Cement and steel are issued free by the employer; wastage above 3 % is recovered.\n' +
      '2. The subcontractor keeps the work area clean and follows the site safety rules.',
    notes: 'Work to start within 7 days of this order.',
    retention_percent: 5,
    retention_due_days: 365,
    advance_amount: 1_00_000,
    advance_recovery_percent: 10,
    gst_rate: 18,
    place_of_supply: '27',
    tds_section: '194C',
    total_amount: round2(lines.reduce((sum, l) => sum + l.amount, 0)),
    billed_amount: 0,
    advance_paid: 0,
    advance_recovered: 0,
    retention_held: 0,
    retention_released: 0,
    retention_due_date: null,
    lines,
    variations: [],
    issued_at: '2026-04-15T10:00:00.000Z',
    issued_by: 'user1',
    completed_at: null,
    cancelled_at: null,
    created_by: 'user1',
    created: '2026-04-15T09:00:00.000Z',
    updated: '2026-04-15T10:00:00.000Z',
    ...extra,
  };
}

const RCC: LineSpec[] = [
  {
    description: 'Shuttering for columns, beams and slabs',
    unit: 'sqm',
    quantity: 2000,
    rate: 300,
  },
  { description: 'Concrete M25 laid and vibrated', unit: 'cum', quantity: 40, rate: 10_000 },
];

function sampleSource(wo: WorkOrder): WoPdfSource {
  return {
    site: {
      name: 'Green Valley Residency – Tower A',
      address: 'Plot 14, Sector 21,\nKharghar, Navi Mumbai 410210',
      gstin: '27AAPFU0939F1ZV',
      pan: 'AAPFU0939F',
      tan: 'MUMG12345B',
      state: 'Maharashtra (27)',
    },
    vendor: {
      name: 'Sri Sai Constructions',
      address: 'Shop 3, Link Road, Panvel 410206',
      phone: '+91 98200 55555',
      gstin: '27AAGCS1234F1ZM',
      state: 'Maharashtra (27)',
    },
    wo,
    today: '2026-04-16',
    preparedBy: 'Rahul Sharma',
  };
}

function manyLines(count: number): LineSpec[] {
  return Array.from({ length: count }, (_, i) => ({
    description:
      i % 6 === 2
        ? `ईंट की चिनाई 230 मिमी दीवार, सीमेंट मसाला 1:6, मंज़िल ${i + 1} — a long line that wraps`
        : `Line ${i + 1}`,
    unit: i % 2 === 0 ? 'sqm' : 'cum',
    quantity: i + 1,
    rate: 100 + i,
  }));
}

async function writePdf(source: WoPdfSource, file: string): Promise<void> {
  const errors: unknown[] = [];
  await pipeline(
    workOrderPdf(source, (e) => errors.push(e)),
    createWriteStream(file),
  );
  expect(errors).toEqual([]);
}

const layout = (file: string) =>
  execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
/** In reading order, spaces collapsed: wrapped sentences read whole. */
const plain = (file: string) =>
  execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
/** Without layout: the watermark, drawn at an angle, reads as one word. */
const raw = (file: string) => execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
const pageCount = (file: string) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);

describe('work order PDF', () => {
  // WO_PDF_KEEP=/some/dir keeps the files there to look at.
  const keep = process.env.WO_PDF_KEEP;
  let dir = '';
  beforeAll(async () => {
    dir = keep ?? (await mkdtemp(join(tmpdir(), 'wo-pdf-')));
  });
  afterAll(async () => {
    if (!keep) await rm(dir, { recursive: true, force: true });
  });

  it('prints the number, the parties, the lines, the total in words and the terms', async () => {
    const wo = sampleWo(RCC);
    expect(wo.total_amount).toBe(10_00_000);
    const file = join(dir, 'worked-example.pdf');
    await writePdf(sampleSource(wo), file);
    const out = layout(file);
    expect(out).toContain('WORK ORDER');
    expect(out).toContain('WO/2026-27/0001');
    expect(out).toContain('15 Apr 2026');
    expect(out).toContain('GSTIN: 27AAGCS1234F1ZM');
    // The subcontractor's PAN is read from its GSTIN.
    expect(out).toContain('PAN: AAGCS1234F');
    expect(out).toContain('TAN: MUMG12345B');
    expect(out).toMatch(
      /Shuttering for columns, beams and slabs\s+sqm\s+2,000\s+₹300\.00\s+₹6,00,000\.00/,
    );
    expect(out).toMatch(/Total\s+₹10,00,000\.00/);
    const text = plain(file);
    expect(text).toContain('Rupees Ten Lakh Only');
    expect(text).toContain('Terms of payment');
    expect(text).toContain(
      'Retention: 5 % (five per cent) of the gross amount of each RA bill is retained, and ' +
        'released 365 (three hundred sixty-five) days after the date of the final bill',
    );
    expect(text).toContain(
      'Mobilisation advance: ₹1,00,000.00 (Rupees One Lakh Only), recovered at 10 % (ten per ' +
        'cent) of the gross amount of each RA bill',
    );
    expect(text).toContain('GST: 18 % on the gross amount of each RA bill');
    // A company (fourth PAN letter C): 2 %.
    expect(text).toContain('TDS will be deducted under section 194C at 2 %');
    expect(text).toContain('Cement and steel are issued free');
    expect(text).toContain('For Green Valley Residency – Tower A');
    expect(text).toContain('Accepted by subcontractor (signature & stamp)');
    expect(out).toContain('Page 1 of 1 · Generated by SiteLedger');
  });

  it('writes the TDS clause from the vendor: individual, no PAN, 194C(6), outside TDS', () => {
    const wo = sampleWo(RCC);
    const tds = (vendor: WoPdfSource['vendor'], extra: Partial<WorkOrder> = {}) =>
      paymentTerms({ ...wo, ...extra }, vendor).find((c) => c.startsWith('TDS')) ?? '';
    expect(tds({ name: 'Ramesh', pan: 'ABCPR1234K' })).toContain('section 194C at 1 %');
    expect(tds({ name: 'Ramesh' })).toContain('at 20 % (no PAN furnished: section 206AA)');
    expect(tds({ name: 'Truck Co', pan: 'ABCFT1234K', tds_194c6: true })).toContain(
      'none is deducted under section 194C',
    );
    expect(tds({ name: 'X', pan: 'ABCFT1234K' }, { tds_section: null })).toBe(
      'TDS: none is deducted on this work order.',
    );
    const none = paymentTerms(
      { ...wo, retention_percent: 0, advance_amount: 0, gst_rate: null },
      { name: 'X' },
    );
    expect(none.slice(0, 3)).toEqual([
      'Retention: none is held.',
      'Mobilisation advance: none.',
      'GST: the work is billed without GST.',
    ]);
    expect(numberInWords(2.5)).toBe('two point five');
    expect(numberInWords(12.25)).toBe('twelve point two five');
  });

  it('lists the variations: the line, what it was, what it is and why', async () => {
    const wo = sampleWo(RCC, {
      variations: [
        {
          id: 'v1',
          work_order_line: 'line0',
          description: 'Shuttering for columns, beams and slabs',
          old_quantity: 2000,
          new_quantity: 2400,
          reason: 'Staircase headroom slab added by the architect (drawing R3)',
          variation_date: '2026-05-20',
          approved_by: 'user1',
          created: '2026-05-20T10:00:00.000Z',
        },
      ],
    });
    const file = join(dir, 'variation.pdf');
    await writePdf(sampleSource(wo), file);
    const out = layout(file);
    expect(out).toContain('Variations');
    expect(out).toMatch(
      /20 May 2026\s+1\. Shuttering for columns, beams and\s+2,000 sqm\s+2,400 sqm/,
    );
    expect(plain(file)).toContain('Staircase headroom slab added by the architect');
  });

  it('runs 120 lines over several pages, the table head on each, the total on the last', async () => {
    const wo = sampleWo(manyLines(120));
    const file = join(dir, 'long.pdf');
    await writePdf(sampleSource(wo), file);
    const pages = pageCount(file);
    expect(pages).toBeGreaterThan(3);
    const out = layout(file);
    expect(out).toContain(`Page ${pages} of ${pages} · Generated by SiteLedger`);
    expect(out).toContain('Line 120');
    const texts = out.split('\f').filter((page) => page.trim());
    for (const page of texts.slice(0, -2)) expect(page).toContain('Description of work');
    // Σ (i + 1)(100 + i) for i < 120 = 13,01,960.
    expect(wo.total_amount).toBe(13_01_960);
    expect(out).toMatch(/Total\s+₹13,01,960\.00/);
    expect(plain(file)).toContain('Rupees Thirteen Lakh One Thousand Nine Hundred Sixty Only');
  });

  it('marks a draft as not issued and a cancelled order as cancelled', async () => {
    const draft = sampleWo(RCC.slice(0, 1), { number: null, status: 'draft', issued_at: null });
    const file = join(dir, 'draft.pdf');
    await writePdf(sampleSource(draft), file);
    const out = layout(file);
    expect(out).toContain('DRAFT — not issued');
    expect(out).not.toContain('WO/2026-27');
    expect(raw(file)).toMatch(/^DRAFT$/m);
    const cancelled = sampleWo(RCC, {
      status: 'cancelled',
      cancelled_at: '2026-04-20T08:00:00.000Z',
    });
    const other = join(dir, 'cancelled.pdf');
    await writePdf(sampleSource(cancelled), other);
    const text = layout(other);
    expect(text).toContain('Cancelled 20 Apr 2026');
    expect(raw(other)).toMatch(/^CANCELLED$/m);
  });
});

/** An RA bill of the worked example's waterfall: 18 % GST, 5 % retention, 10 % recovery, 2 % TDS. */
function bill(n: number, gross: number, interState: boolean, final = false): RaBill {
  const gst = round2(gross * 0.18);
  const retention = round2(gross * 0.05);
  const recovery = round2(gross * 0.1);
  const tds = round2((gross - recovery) * 0.02);
  const net = round2(gross + gst - retention - recovery - tds);
  return {
    id: `bill${n}`,
    site: 'site1',
    work_order: 'wo1',
    vendor: 'vendor1',
    kind: 'bill',
    number: `RA-${n}`,
    bill_date: `2026-${String(4 + (n % 9)).padStart(2, '0')}-28`,
    supplier_invoice_number: null,
    final,
    notes: null,
    gross_amount: gross,
    gst_rate: 18,
    cgst_amount: interState ? 0 : gst / 2,
    sgst_amount: interState ? 0 : gst / 2,
    igst_amount: interState ? gst : 0,
    retention_amount: retention,
    advance_recovery: recovery,
    tds_section: '194C',
    tds_base: gross - recovery,
    tds_rate: 2,
    tds_amount: tds,
    net_payable: net,
    paid_amount: n % 2 === 0 ? net : 0,
    payment_status: n % 2 === 0 ? 'paid' : 'pending',
    approved_at: null,
    approved_by: null,
    lines: [],
    created_by: 'user1',
    created: '2026-06-30T10:00:00.000Z',
    updated: '2026-06-30T10:00:00.000Z',
  };
}

function sampleStatement(bills: RaBill[]): StatementSource {
  const sum = (pick: (b: RaBill) => number) => round2(bills.reduce((t, b) => t + pick(b), 0));
  const statement: WorkOrderStatement = {
    work_order: sampleWo(RCC, { retention_due_date: '2027-09-30', status: 'completed' }),
    bills,
    totals: {
      gross_amount: sum((b) => b.gross_amount),
      cgst_amount: sum((b) => b.cgst_amount),
      sgst_amount: sum((b) => b.sgst_amount),
      igst_amount: sum((b) => b.igst_amount),
      retention_amount: sum((b) => b.retention_amount),
      advance_recovery: sum((b) => b.advance_recovery),
      tds_amount: sum((b) => b.tds_amount) + 2000,
      net_payable: sum((b) => b.net_payable),
      paid_amount: 98_000 + sum((b) => b.paid_amount),
      bills_tds_amount: sum((b) => b.tds_amount),
      bills_paid_amount: sum((b) => b.paid_amount),
      advance_paid: 1_00_000,
      advance_tds: 2000,
      retention_released: 0,
      retention_held: sum((b) => b.retention_amount),
      tds_total: sum((b) => b.tds_amount) + 2000,
      paid_total: 98_000 + sum((b) => b.paid_amount),
      outstanding: sum((b) => b.net_payable - b.paid_amount),
    },
  };
  const source = sampleSource(statement.work_order);
  return { statement, site: source.site, vendor: source.vendor, today: '2027-10-01' };
}

describe('work order statement PDF', () => {
  const keep = process.env.WO_PDF_KEEP;
  let dir = '';
  beforeAll(async () => {
    dir = keep ?? (await mkdtemp(join(tmpdir(), 'wo-statement-')));
  });
  afterAll(async () => {
    if (!keep) await rm(dir, { recursive: true, force: true });
  });

  async function write(source: StatementSource, name: string): Promise<string> {
    const file = join(dir, name);
    const errors: unknown[] = [];
    await pipeline(
      statementPdf(source, (e) => errors.push(e)),
      createWriteStream(file),
    );
    expect(errors).toEqual([]);
    return file;
  }

  it('shows IGST and no CGST or SGST for an inter-state order, the final bill named', async () => {
    const source = sampleStatement([bill(1, 4_00_000, true), bill(2, 6_00_000, true, true)]);
    const file = await write(source, 'statement-igst.pdf');
    const out = layout(file);
    expect(out).toMatch(/RA-2\s+28 Jun 2026\s+6,00,000\.00\s+1,08,000\.00\s+30,000\.00/);
    expect(out).toContain('Final bill');
    expect(out).toContain('IGST');
    expect(out).not.toContain('CGST');
    expect(out).toContain('retention due 30 Sep 2027');
    expect(out).toMatch(/Total\s+10,00,000\.00\s+1,80,000\.00\s+50,000\.00/);
  });

  it('runs 60 bills over pages, the head on each, the summary after the total', async () => {
    const bills = Array.from({ length: 60 }, (_, i) => bill(i + 1, 10_000 * (i + 1), false));
    const file = await write(sampleStatement(bills), 'statement-long.pdf');
    const pages = pageCount(file);
    expect(pages).toBeGreaterThan(1);
    const texts = layout(file)
      .split('\f')
      .filter((page) => page.trim());
    for (const page of texts) expect(page).toContain('Net payable');
    expect(texts.at(-1)).toContain('RA-60');
    expect(texts.at(-1)).toMatch(/Outstanding\s+₹/);
    expect(texts.at(-1)).toContain(`Page ${pages} of ${pages}`);
  });
});
