import { execFileSync, spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { planInvoiceTax } from '@siteledger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  planInvoicePdf,
  type PlanInvoicePdfSource,
} from '../src/modules/subscriptions/invoice-pdf.js';

// As in exports-pdf-scripts.test.ts: without poppler the text checks are skipped on a developer's
// machine only; CI has it.
const hasPoppler = spawnSync('pdftotext', ['-v']).status === 0;
const skipRender = !hasPoppler && !process.env.CI;

const SELLER: PlanInvoicePdfSource['seller'] = {
  name: 'SiteLedger Technologies Pvt. Ltd.',
  address: '4th Floor, Techno Park,\nAndheri East, Mumbai 400093',
  gstin: '27AAKCS9876Q1Z2',
  stateCode: '27',
};

/** ₹999 charged (GST included), split as the server splits it. */
function source(
  buyer: PlanInvoicePdfSource['buyer'],
  invoice: Partial<PlanInvoicePdfSource['invoice']> = {},
): PlanInvoicePdfSource {
  const tax = planInvoiceTax(99_900, SELLER.stateCode, buyer.stateCode);
  return {
    seller: SELLER,
    buyer,
    invoice: {
      number: 'SL/2026-27/000001',
      invoiceDate: '2026-11-27',
      sac: '998315',
      planName: 'Basic',
      billingCycle: 'monthly',
      // Midnight in India, 27 Nov to 27 Dec (exclusive).
      periodStart: '2026-11-26T18:30:00.000Z',
      periodEnd: '2026-12-26T18:30:00.000Z',
      paymentId: 'pay_Nq8xYz12AbCd',
      ...tax,
      total: 99_900,
      ratePercent: 18,
      ...invoice,
    },
  };
}

async function writePdf(invoice: PlanInvoicePdfSource, file: string): Promise<void> {
  const errors: unknown[] = [];
  await pipeline(
    planInvoicePdf(invoice, (e) => errors.push(e)),
    createWriteStream(file),
  );
  expect(errors).toEqual([]);
}

const layout = (file: string) =>
  execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
/** Reading order, spaces runs made one: wrapped text reads as one line. */
const plain = (file: string) =>
  execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
const pages = (file: string) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);

describe.skipIf(skipRender)('plan invoice PDF', () => {
  // PLAN_INVOICE_PDF_KEEP=/some/dir keeps the files there to look at.
  const keep = process.env.PLAN_INVOICE_PDF_KEEP;
  let dir = '';
  beforeAll(async () => {
    dir = keep ?? (await mkdtemp(join(tmpdir(), 'plan-invoice-pdf-')));
  });
  afterAll(async () => {
    if (!keep) await rm(dir, { recursive: true, force: true });
  });

  it('prints an intra-state invoice with CGST and SGST', async () => {
    const invoice = source({
      name: 'Shree Ganesh Constructions',
      gstin: '27AABCS1234F1Z5',
      stateCode: '27',
      siteName: 'Green Valley Residency – Tower B',
    });
    expect(invoice.invoice).toMatchObject({ taxable: 84_661, cgst: 7619, sgst: 7620, igst: 0 });
    const file = join(dir, 'intra-state.pdf');
    await writePdf(invoice, file);
    expect(pages(file)).toBe(1);
    const out = layout(file);
    expect(out).toContain('Tax Invoice');
    expect(out).toContain('Original for recipient');
    expect(out).toContain('SL/2026-27/000001');
    expect(out).toContain('27 Nov 2026');
    expect(out).toContain('SiteLedger Technologies Pvt. Ltd.');
    expect(out).toContain('GSTIN: 27AAKCS9876Q1Z2');
    expect(out).toContain('GSTIN: 27AABCS1234F1Z5');
    expect(out).toContain('State: Maharashtra (27)');
    expect(out).toContain('Billed to');
    expect(out).toContain('Site: Green Valley Residency – Tower B');
    expect(out).toContain('Place of supply: Maharashtra (27)');
    expect(out).toContain('998315');
    expect(out).toMatch(/Taxable value\s+₹846\.61/);
    expect(out).toMatch(/CGST @ 9%\s+₹76\.19/);
    expect(out).toMatch(/SGST @ 9%\s+₹76\.20/);
    expect(out).toMatch(/Total\s+₹999\.00/);
    expect(out).not.toContain('IGST');
    const text = plain(file);
    // The period's end is exclusive: the last day covered is 26 Dec.
    expect(text).toContain(
      'SiteLedger Basic plan — monthly subscription, 27 Nov 2026 to 26 Dec 2026',
    );
    expect(out).toContain('Amount in words:');
    expect(text).toContain('Rupees Nine Hundred Ninety-Nine Only');
    expect(text).toContain('Paid by card/UPI through Razorpay, payment pay_Nq8xYz12AbCd');
    expect(text).toContain('This is a computer-generated invoice and needs no signature.');
  });

  it('prints an inter-state invoice with IGST and a Hindi buyer name', async () => {
    const invoice = source(
      {
        name: 'शर्मा बिल्डर्स',
        gstin: '07AAFPS5678L1Z3',
        stateCode: '07',
        siteName: 'द्वारका सेक्टर 12',
      },
      {
        number: 'SL/2026-27/000002',
        billingCycle: 'yearly',
        periodStart: '2026-11-26T18:30:00.000Z',
        periodEnd: '2027-11-26T18:30:00.000Z',
      },
    );
    expect(invoice.invoice).toMatchObject({ taxable: 84_661, cgst: 0, sgst: 0, igst: 15_239 });
    const file = join(dir, 'inter-state.pdf');
    await writePdf(invoice, file);
    expect(pages(file)).toBe(1);
    const out = layout(file);
    expect(out).toContain('SL/2026-27/000002');
    expect(out).toContain('शर्मा बिल्डर्स');
    expect(out).toContain('Site: द्वारका सेक्टर 12');
    expect(out).toContain('GSTIN: 07AAFPS5678L1Z3');
    expect(out).toContain('State: Delhi (07)');
    expect(out).toContain('Place of supply: Delhi (07)');
    expect(out).toMatch(/Taxable value\s+₹846\.61/);
    expect(out).toMatch(/IGST @ 18%\s+₹152\.39/);
    expect(out).toMatch(/Total\s+₹999\.00/);
    expect(out).not.toContain('CGST');
    expect(out).not.toContain('SGST');
    const text = plain(file);
    expect(text).toContain('yearly subscription, 27 Nov 2026 to 26 Nov 2027');
    expect(text).toContain('Rupees Nine Hundred Ninety-Nine Only');
  });

  it('says an unregistered buyer is one; the place of supply is then the seller’s', async () => {
    const invoice = source({
      name: 'Rahul Sharma',
      gstin: null,
      stateCode: null,
      siteName: 'Plot 7 bungalow',
    });
    const file = join(dir, 'unregistered.pdf');
    await writePdf(invoice, file);
    const out = layout(file);
    expect(out).toContain('Unregistered');
    expect(out).toContain('Place of supply: Maharashtra (27)');
    expect(out).toMatch(/CGST @ 9%\s+₹76\.19/);
  });

  it('keeps long names, a long address and a large amount on the one page', async () => {
    const long = 'श्री गणेश कंस्ट्रक्शन्स एंड इंफ्रास्ट्रक्चर डेवलपर्स प्राइवेट लिमिटेड '.repeat(3);
    const invoice = source(
      { name: long, gstin: '29AABCG1234H1Z7', stateCode: '29', siteName: long },
      { ...planInvoiceTax(99_999_900, '27', '29'), total: 99_999_900 },
    );
    invoice.seller = {
      ...SELLER,
      name: 'SiteLedger Technologies and Construction Software Services Private Limited '.repeat(2),
      address: Array.from({ length: 7 }, (_, i) => `Address line ${i + 1}, Mumbai`).join('\n'),
    };
    const file = join(dir, 'long.pdf');
    await writePdf(invoice, file);
    expect(pages(file)).toBe(1);
    const out = layout(file);
    expect(out).toMatch(/IGST @ 18%\s+₹1,52,542\.22/);
    expect(out).toMatch(/Total\s+₹9,99,999\.00/);
    expect(out).toMatch(/Taxable value\s+₹8,47,456\.78/);
    expect(out).toContain('Paid by card/UPI through Razorpay');
  });
});
