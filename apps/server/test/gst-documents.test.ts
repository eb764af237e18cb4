/**
 * Issue 40 item 8 (documents): the supplier's documents and figures on what the books file.
 * (a) a service booking's supplier invoice, and its credit by invoice date (a scheduled,
 *     uninvoiced booking claims nothing; one kept before, without an invoice, by start date);
 * (b) a return's supplier credit note, in the register and as the Tally Debit Note's reference;
 * (c) the supplier invoice number in the vendor ledger (JSON, CSV, Excel, PDF);
 * (d) the register's invoice value and grand total, and the table-4 block in its CSV and Excel;
 * (e) PDF tables print ₹1 crore and more whole (read back with `pdftotext -layout`);
 * (f) per-rate heads set to the supplier's invoice within ±₹1, audited, read by register and Tally.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gstinCheckChar, type PurchaseRegister } from '@siteledger/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { parseExportCsv } from './helpers/csv-parse.js';
import { download } from './helpers/export-fixtures.js';
import { paise, parser, type Envelope, type Message, type Voucher } from './helpers/tally-parse.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const hasPoppler = spawnSync('pdftotext', ['-v']).status === 0;

let server: TestServer;
let owner: Registered;
let siteId: string;

function gstin(state: string, pan: string): string {
  const body = `${state}${pan}1Z`;
  return body + gstinCheckChar(body);
}
const LOCAL = gstin('27', 'AABCL5678M');
const CRORE_GSTIN = gstin('27', 'AACCK4321Q');

const url = (path: string) => `/api/sites/${siteId}${path}`;
async function send<T>(method: string, path: string, body?: unknown) {
  return call<T>(server.url, method, url(path), { token: owner.token, body });
}
async function post<T = { id: string }>(path: string, body: unknown): Promise<T> {
  const res = await send<T>('POST', path, body);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
  return res.body;
}
async function patch<T = Record<string, unknown>>(path: string, body: unknown): Promise<T> {
  const res = await send<T>('PATCH', path, body);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}
async function get<T>(path: string): Promise<T> {
  const res = await send<T>('GET', path);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}
const register = (query: string) => get<RegisterReply>(`/reports/purchase-register?${query}`);

type RegisterReply = PurchaseRegister & {
  rows: (PurchaseRegister['rows'][number] & { invoice_value: number })[];
  totals_by_rate: (PurchaseRegister['totals_by_rate'][number] & { invoice_value: number })[];
  grand_total: Record<string, number>;
};
interface Heads {
  gst_rate: number;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
}
interface DeliveryReply {
  id: string;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
  tax_amount: number;
  total_amount: number;
  tax_overrides: Heads[];
  delivery_items: { id: string }[];
}

async function tallyVouchers(query: string): Promise<Voucher[]> {
  const res = await download(server, url(`/exports/tally?${query}`), owner.token);
  expect(res.status, res.text).toBe(200);
  const doc = parser.parse(res.text) as Envelope;
  const messages: Message[] = doc.ENVELOPE.BODY.IMPORTDATA[0]!.REQUESTDATA.TALLYMESSAGE ?? [];
  return messages.flatMap((m) => (m.VOUCHER ? [m.VOUCHER] : []));
}
const voucherOf = (vouchers: Voucher[], collection: string, id: string) =>
  vouchers.find((v) => v['@_REMOTEID'] === `siteledger-${collection}-${id}`);

/** A PDF read back as laid-out text. */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'gst-docs-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, bytes);
    return spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const OCT = 'from=2026-10-01&to=2026-10-31';
const NOV = 'from=2026-11-01&to=2026-11-30';
const ids = {
  local: '',
  crore: '',
  cement: '',
  steel: '',
  labour: '',
  bill: '',
  billLine: '',
  invoiced: '',
  scheduled: '',
  legacy: '',
  returned: '',
  croreBill: '',
  account: '',
};

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token, { name: 'Lake View' })).id;
  await call(server.url, 'PATCH', `/api/sites/${siteId}`, {
    token: owner.token,
    body: { state_code: '27', input_tax_mode: 'claim' },
  });
  ids.local = (await post('/vendors', { name: 'Pune Cement', gstin: LOCAL })).id;
  ids.crore = (await post('/vendors', { name: 'Crore Steel', gstin: CRORE_GSTIN })).id;
  ids.cement = (await post('/items', { name: 'OPC', unit: 'bag', gst_rate: 28 })).id;
  ids.steel = (await post('/items', { name: 'TMT', unit: 'kg', gst_rate: 18 })).id;
  ids.labour = (
    await post('/services', {
      name: 'Shuttering labour',
      category: 'labor',
      unit: 'day',
      standard_rate: 1000,
      is_active: true,
      sac_code: '995468',
      gst_rate: 18,
    })
  ).id;
  // 100 × 400 = 40 000 at 28 % → CGST = SGST = 5 600.
  const bill = await post<DeliveryReply>('/deliveries', {
    vendor: ids.local,
    delivery_date: '2026-10-12',
    supplier_invoice_number: 'PC-7',
    supplier_invoice_date: '2026-10-11',
    delivery_items: [{ item: ids.cement, quantity: 100, unit_price: 400 }],
  });
  ids.bill = bill.id;
  ids.billLine = bill.delivery_items[0]!.id;
});
afterAll(async () => {
  await server?.close();
});

describe('(a) a service booking carries the supplier invoice; its credit follows the invoice date', () => {
  it('keeps the invoice number and date on create, PATCH and read', async () => {
    // Work started in September, invoiced on 3 October: 10 days × 1 000 = 10 000 at 18 %.
    const booking = await post<Record<string, unknown>>('/service_bookings', {
      service: ids.labour,
      vendor: ids.local,
      start_date: '2026-09-25',
      duration: 10,
      unit_rate: 1000,
      status: 'in_progress',
      supplier_invoice_number: 'LAB/17',
      supplier_invoice_date: '2026-10-03',
    });
    ids.invoiced = String(booking.id);
    expect(booking).toMatchObject({
      supplier_invoice_number: 'LAB/17',
      supplier_invoice_date: '2026-10-03',
      cgst_amount: 900,
      sgst_amount: 900,
    });
    const bad = await send('POST', '/service_bookings', {
      service: ids.labour,
      vendor: ids.local,
      start_date: '2026-10-01',
      duration: 1,
      unit_rate: 1000,
      supplier_invoice_date: '03-10-2026',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(JSON.stringify(bad.body)).toContain('supplier_invoice_date');

    // Scheduled for October, not invoiced yet.
    ids.scheduled = String(
      (
        await post('/service_bookings', {
          service: ids.labour,
          vendor: ids.local,
          start_date: '2026-10-10',
          duration: 2,
          unit_rate: 1000,
        })
      ).id,
    );
    // Kept before issue 40 (no invoice recorded): in progress from 15 October.
    ids.legacy = String(
      (
        await post('/service_bookings', {
          service: ids.labour,
          vendor: ids.local,
          start_date: '2026-10-15',
          duration: 5,
          unit_rate: 1000,
          status: 'in_progress',
        })
      ).id,
    );
    const read = await get<Record<string, unknown>>(`/service_bookings/${ids.legacy}`);
    expect(read).toMatchObject({ supplier_invoice_number: null, supplier_invoice_date: null });
  });

  it('lists a booking in the register by its invoice date; a scheduled, uninvoiced one claims nothing', async () => {
    const sept = await register('from=2026-09-01&to=2026-09-30');
    expect(sept.rows.filter((r) => r.kind === 'booking')).toEqual([]);
    const oct = await register(OCT);
    const bookings = oct.rows.filter((r) => r.kind === 'booking');
    expect(bookings.map((r) => [r.id, r.date, r.supplier_invoice_number, r.cgst_amount])).toEqual([
      [ids.invoiced, '2026-10-03', 'LAB/17', 900],
      // An existing booking without an invoice keeps appearing by start date.
      [ids.legacy, '2026-10-15', null, 450],
    ]);
    expect(bookings[0]!.supplier_invoice_date).toBe('2026-10-03');
    // Table 4: the delivery (5 600 + 5 600) and the two bookings (900 + 450 a head), no more.
    expect(oct.input_tax.all_other_itc).toEqual({
      integrated_tax: 0,
      central_tax: 6950,
      state_tax: 6950,
      cess: 0,
    });

    // Once invoiced, the scheduled booking claims on its invoice date.
    await patch(`/service_bookings/${ids.scheduled}`, {
      supplier_invoice_number: 'LAB/21',
      supplier_invoice_date: '2026-10-20',
    });
    const after = await register(OCT);
    const row = after.rows.find((r) => r.id === ids.scheduled)!;
    expect(row).toMatchObject({ date: '2026-10-20', supplier_invoice_number: 'LAB/21' });
    expect(after.input_tax.all_other_itc.central_tax).toBe(7130);
    // Back to no invoice (cleared): claims nothing again.
    await patch(`/service_bookings/${ids.scheduled}`, {
      supplier_invoice_number: null,
      supplier_invoice_date: null,
    });
    expect((await register(OCT)).rows.some((r) => r.id === ids.scheduled)).toBe(false);
  });
});

describe('(b) a return carries the supplier credit note', () => {
  it('keeps it on create, PATCH and read, in the register and as the Debit Note reference', async () => {
    const made = await post<Record<string, unknown>>('/vendor_returns', {
      vendor: ids.local,
      return_date: '2026-10-25',
      reason: 'damaged',
      supplier_credit_note_number: 'CN-44',
      supplier_credit_note_date: '2026-10-26',
      items: [
        {
          delivery_item: ids.billLine,
          quantity_returned: 10,
          return_rate: 400,
          condition: 'damaged',
        },
      ],
    });
    ids.returned = String(made.id);
    expect(made).toMatchObject({
      supplier_credit_note_number: 'CN-44',
      supplier_credit_note_date: '2026-10-26',
    });
    const patched = await patch(`/vendor_returns/${ids.returned}`, {
      supplier_credit_note_number: 'CN-45',
    });
    expect(patched).toMatchObject({
      supplier_credit_note_number: 'CN-45',
      supplier_credit_note_date: '2026-10-26',
    });
    const row = (await register(OCT)).rows.find((r) => r.kind === 'return')!;
    expect(row).toMatchObject({
      supplier_invoice_number: 'CN-45',
      supplier_invoice_date: '2026-10-26',
      taxable_amount: -4000,
      cgst_amount: -560,
    });
    const debitNote = voucherOf(await tallyVouchers(OCT), 'vendor_returns', ids.returned)!;
    expect(debitNote['@_VCHTYPE']).toBe('Debit Note');
    expect(debitNote.REFERENCE).toBe('CN-45');
    expect(debitNote.REFERENCEDATE).toBe('20261026');
  });
});

describe('(c) the vendor ledger shows the supplier invoice number', () => {
  it('in JSON, CSV, Excel and PDF', async () => {
    const ledger = await get<{
      entries: { id: string; type: string; supplier_invoice_number: string | null }[];
    }>(`/vendors/${ids.local}/ledger`);
    const of = (id: string) => ledger.entries.find((e) => e.id === id)!;
    expect(of(ids.bill).supplier_invoice_number).toBe('PC-7');
    expect(of(ids.invoiced).supplier_invoice_number).toBe('LAB/17');
    expect(of(ids.legacy).supplier_invoice_number).toBeNull();

    const csv = parseExportCsv(
      (await download(server, url(`/vendors/${ids.local}/export?format=csv`), owner.token)).text,
    );
    const column = csv[0]!.indexOf('Supplier invoice no.');
    expect(column).toBeGreaterThan(0);
    const billRow = csv.find((r) => r[1] === 'Delivery')!;
    expect(billRow[column]).toBe('PC-7');
    expect(csv.find((r) => r[column] === 'LAB/17')).toBeTruthy();

    const xlsx = await download(
      server,
      url(`/vendors/${ids.local}/export?format=xlsx`),
      owner.token,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const values: unknown[] = [];
    book.worksheets[0]!.eachRow((row) => row.eachCell((cell) => values.push(cell.value)));
    expect(values).toContain('Supplier invoice no.');
    expect(values).toContain('PC-7');
    expect(values).toContain('LAB/17');

    if (!hasPoppler) return;
    const pdf = await download(server, url(`/vendors/${ids.local}/export?format=pdf`), owner.token);
    const text = pdfText(pdf.bytes);
    expect(text).toContain('PC-7');
    expect(text).toContain('LAB/17');
  });
});

describe('(d) the register has an invoice value, a grand total and the table-4 block', () => {
  it('in JSON', async () => {
    const oct = await register(OCT);
    const bill = oct.rows.find((r) => r.id === ids.bill)!;
    expect(bill.invoice_value).toBe(51200);
    for (const row of oct.rows) {
      const sum =
        row.taxable_amount +
        row.cgst_amount +
        row.sgst_amount +
        row.igst_amount +
        row.other_tax_amount;
      expect(row.invoice_value).toBeCloseTo(sum, 2);
    }
    // Delivery 51 200 + bookings 11 800 + 5 900 − return 5 120.
    expect(oct.grand_total).toEqual({
      taxable_amount: 51000,
      cgst_amount: 6390,
      sgst_amount: 6390,
      igst_amount: 0,
      other_tax_amount: 0,
      invoice_value: 63780,
    });
    const byRate = oct.totals_by_rate.find((t) => t.gst_rate === 28)!;
    expect(byRate.invoice_value).toBe(46080);
  });

  it('in CSV and Excel, with the table-4 block after the totals', async () => {
    const csv = parseExportCsv(
      (await download(server, url(`/reports/purchase-register?${OCT}&format=csv`), owner.token))
        .text,
    );
    expect(csv[0]!.at(-1)).toBe('Invoice value');
    const billRow = csv.find((r) => r[4] === 'PC-7')!;
    expect(billRow.at(-1)).toBe('51200.00');
    const totals = csv.findIndex((r) => r[0] === 'Totals by rate');
    const grand = csv.findIndex((r) => r[0] === 'Grand total');
    expect(grand).toBeGreaterThan(totals);
    expect(csv[grand]!.slice(1)).toEqual([
      '51000.00',
      '6390.00',
      '6390.00',
      '0.00',
      '0.00',
      '63780.00',
    ]);
    const block = csv.findIndex((r) => r[0] === 'Input tax (GSTR-3B table 4)');
    expect(block).toBeGreaterThan(grand);
    expect(csv[block + 1]).toEqual(['Table', 'Integrated tax', 'Central tax', 'State tax', 'Cess']);
    expect(csv[block + 2]).toEqual(['4(A)(5) All other ITC', '0.00', '6390.00', '6390.00', '0.00']);
    expect(csv[block + 3]![0]).toMatch(/^4\(B\)\(1\)/);
    expect(csv[block + 3]!.slice(1)).toEqual(['0.00', '0.00', '0.00', '0.00']);
    expect(csv[block + 4]).toEqual([
      '4(C) Net ITC available',
      '0.00',
      '6390.00',
      '6390.00',
      '0.00',
    ]);

    const xlsx = await download(
      server,
      url(`/reports/purchase-register?${OCT}&format=xlsx`),
      owner.token,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const header = rows.find((r) => r[0] === 'Date')!;
    expect(header.at(-1)).toBe('Invoice value');
    const grandRow = rows.find((r) => r.includes('Grand total'))!;
    expect(grandRow).toContain(63780);
    // Each head under the register's column of that head: CGST, SGST, IGST, then cess.
    const heads = rows.find((r) => r.includes('Table'))!;
    expect(heads.slice(8, 12)).toEqual(['Central tax', 'State tax', 'Integrated tax', 'Cess']);
    const itc = rows.find((r) => r.includes('4(A)(5) All other ITC'))!;
    expect(itc.slice(8, 12)).toEqual([6390, 6390, 0, 0]);
    expect(rows.some((r) => r.includes('4(C) Net ITC available'))).toBe(true);
  });
});

describe('(e) PDF tables print ₹1 crore and more whole', () => {
  beforeAll(async () => {
    // 1 000 kg × 15 000 = ₹1,50,00,000.00 at 18 % → CGST = SGST = ₹13,50,000.00;
    // the bill ₹1,77,00,000.00.
    ids.croreBill = (
      await post('/deliveries', {
        vendor: ids.crore,
        delivery_date: '2026-11-05',
        supplier_invoice_number: 'KS/2026/1',
        supplier_invoice_date: '2026-11-05',
        delivery_items: [{ item: ids.steel, quantity: 1000, unit_price: 15000 }],
      })
    ).id;
    ids.account = (
      await post('/accounts', { name: 'Big Bank', type: 'bank', opening_balance: 999999999.99 })
    ).id;
    await post('/payments', {
      vendor: ids.crore,
      account: ids.account,
      amount: 17700000,
      payment_date: '2026-11-06',
      reference: 'RTGS-1',
    });
  });

  it.skipIf(!hasPoppler)('in the register', async () => {
    const pdf = await download(
      server,
      url(`/reports/purchase-register?${NOV}&format=pdf`),
      owner.token,
    );
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.bytes);
    expect(text).toMatch(/₹\s?1,50,00,000\.00/);
    expect(text).toMatch(/₹\s?13,50,000\.00/);
    expect(text).toMatch(/₹\s?1,77,00,000\.00/);
    expect(text).not.toMatch(/\d…/);
  });

  it.skipIf(!hasPoppler)('in the vendor ledger and the account statement', async () => {
    const ledger = pdfText(
      (await download(server, url(`/vendors/${ids.crore}/export?format=pdf`), owner.token)).bytes,
    );
    expect(ledger).toMatch(/₹\s?1,77,00,000\.00/);
    expect(ledger).not.toMatch(/\d…/);
    const statement = pdfText(
      (
        await download(
          server,
          url(`/accounts/${ids.account}/statement?format=pdf&from=2026-11-01&to=2026-11-30`),
          owner.token,
        )
      ).bytes,
    );
    expect(statement).toMatch(/₹\s?99,99,99,999\.99/);
    expect(statement).toMatch(/₹\s?98,22,99,999\.99/);
    expect(statement).not.toMatch(/\d…/);
  });

  it.skipIf(!hasPoppler)('in a purchase order', async () => {
    const draft = await post<{ id: string }>('/purchase_orders', {
      vendor: ids.crore,
      lines: [{ item: ids.steel, quantity: 1000, unit_price: 15000, gst_rate: 18 }],
    });
    const res = await fetch(`${server.url}${url(`/purchase_orders/${draft.id}/pdf`)}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.status).toBe(200);
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toMatch(/₹\s?1,50,00,000\.00/);
    expect(text).toMatch(/₹\s?27,00,000\.00/);
    expect(text).toMatch(/₹\s?1,77,00,000\.00/);
    expect(text).not.toMatch(/\d…/);
    // The largest figures a row may carry: ₹99,99,99,999.99 taxable at 28 %.
    const big = await post<{ id: string }>('/purchase_orders', {
      vendor: ids.crore,
      lines: [{ item: ids.cement, quantity: 1, unit_price: 999999999.99, gst_rate: 28 }],
    });
    const bigRes = await fetch(`${server.url}${url(`/purchase_orders/${big.id}/pdf`)}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const bigText = pdfText(Buffer.from(await bigRes.arrayBuffer()));
    expect(bigText).toMatch(/₹\s?99,99,99,999\.99/);
    expect(bigText).toMatch(/₹\s?28,00,00,000\.00/);
    expect(bigText).toMatch(/₹\s?1,27,99,99,999\.99/);
    expect(bigText).not.toMatch(/\d…/);
  });
});

describe('(f) per-rate heads set to the supplier invoice within ±₹1', () => {
  let bill: DeliveryReply;
  beforeAll(async () => {
    // 100 × 10 = 1 000 at 18 % → CGST = SGST = 90.00; 100 × 41.5 = 4 150 at 28 % → 581.00 each.
    bill = await post<DeliveryReply>('/deliveries', {
      vendor: ids.local,
      delivery_date: '2026-10-28',
      supplier_invoice_number: 'PC-9',
      supplier_invoice_date: '2026-10-28',
      delivery_items: [
        { item: ids.steel, quantity: 100, unit_price: 10 },
        { item: ids.cement, quantity: 100, unit_price: 41.5 },
      ],
    });
    expect(bill.tax_overrides).toEqual([]);
    expect(bill.tax_amount).toBe(1342);
  });

  it('refuses a head more than ₹1 away, or a rate the bill does not have, and changes nothing', async () => {
    const far = await send<{ code: string; data: Record<string, unknown> }>(
      'PATCH',
      `/deliveries/${bill.id}`,
      { tax_overrides: [{ gst_rate: 18, cgst_amount: 91.01, sgst_amount: 90, igst_amount: 0 }] },
    );
    expect(far.status).toBe(400);
    expect(far.body.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(far.body)).toContain('tax_overrides.0.cgst_amount');
    expect(JSON.stringify(far.body)).toMatch(/CGST/);
    const igst = await send('PATCH', `/deliveries/${bill.id}`, {
      tax_overrides: [{ gst_rate: 18, cgst_amount: 90, sgst_amount: 90, igst_amount: 1.5 }],
    });
    expect(igst.status).toBe(400);
    expect(JSON.stringify(igst.body)).toContain('tax_overrides.0.igst_amount');
    const rate = await send('PATCH', `/deliveries/${bill.id}`, {
      tax_overrides: [{ gst_rate: 5, cgst_amount: 0, sgst_amount: 0, igst_amount: 0 }],
    });
    expect(rate.status).toBe(400);
    expect(JSON.stringify(rate.body)).toContain('tax_overrides.0.gst_rate');
    const read = await get<DeliveryReply>(`/deliveries/${bill.id}`);
    expect(read).toMatchObject({ tax_amount: 1342, tax_overrides: [] });
  });

  it('sets the heads; the bill, audit trail, register and Tally follow', async () => {
    const set = await patch<DeliveryReply>(`/deliveries/${bill.id}`, {
      tax_overrides: [{ gst_rate: 18, cgst_amount: 89.5, sgst_amount: 90.99, igst_amount: 0 }],
    });
    expect(set.tax_overrides).toEqual([
      { gst_rate: 18, cgst_amount: 89.5, sgst_amount: 90.99, igst_amount: 0 },
    ]);
    expect(set).toMatchObject({
      cgst_amount: 670.5,
      sgst_amount: 671.99,
      tax_amount: 1342.49,
      total_amount: 6492.49,
    });
    const trail = await get<{ items: { action: string; changes: Record<string, unknown> }[] }>(
      `/audit/deliveries/${bill.id}`,
    );
    const update = trail.items.find((e) => e.action === 'update' && 'tax_overrides' in e.changes);
    expect(update).toBeTruthy();
    expect(update!.changes).toHaveProperty('cgst_amount');

    const rows = (await register(OCT)).rows.filter((r) => r.id === bill.id);
    expect(rows.map((r) => [r.gst_rate, r.cgst_amount, r.sgst_amount, r.invoice_value])).toEqual([
      [18, 89.5, 90.99, 1180.49],
      [28, 581, 581, 5312],
    ]);
    const purchase = voucherOf(await tallyVouchers(OCT), 'deliveries', bill.id)!;
    const amount = (ledger: string) =>
      purchase['ALLLEDGERENTRIES.LIST']
        .filter((l) => l.LEDGERNAME === ledger)
        .reduce((sum, l) => sum + Math.abs(paise(l.AMOUNT)), 0);
    expect(amount('Input CGST')).toBe(67050);
    expect(amount('Input SGST')).toBe(67199);
  });

  it('keeps an override a line edit leaves within ₹1, and drops one it moves further', async () => {
    const [steelLine] = bill.delivery_items;
    // 100.5 × 10 = 1 005 → computed 90.45 each: 89.50 and 90.99 are still within ₹1.
    await patch(`/delivery_items/${steelLine!.id}`, { quantity: 100.5 });
    const kept = await get<DeliveryReply>(`/deliveries/${bill.id}`);
    expect(kept.tax_overrides).toHaveLength(1);
    expect(kept.cgst_amount).toBe(670.5);
    // 101 × 10 = 1 010 → computed 90.90: 89.50 is ₹1.40 away, so the override goes.
    await patch(`/delivery_items/${steelLine!.id}`, { quantity: 101 });
    const dropped = await get<DeliveryReply>(`/deliveries/${bill.id}`);
    expect(dropped.tax_overrides).toEqual([]);
    expect(dropped).toMatchObject({ cgst_amount: 671.9, sgst_amount: 671.9, tax_amount: 1343.8 });
    // And `tax_overrides: []` clears one set by hand.
    await patch(`/deliveries/${bill.id}`, {
      tax_overrides: [{ gst_rate: 28, cgst_amount: 580.5, sgst_amount: 580.5, igst_amount: 0 }],
    });
    const cleared = await patch<DeliveryReply>(`/deliveries/${bill.id}`, { tax_overrides: [] });
    expect(cleared).toMatchObject({ tax_overrides: [], tax_amount: 1343.8 });
  });

  it('may be sent with a new delivery', async () => {
    const made = await post<DeliveryReply>('/deliveries', {
      vendor: ids.local,
      delivery_date: '2026-10-29',
      delivery_items: [{ item: ids.steel, quantity: 3, unit_price: 33.33 }],
      tax_overrides: [{ gst_rate: 18, cgst_amount: 8.5, sgst_amount: 9, igst_amount: 0 }],
    });
    // 99.99 at 18 % → 9.00 each computed (8.9991); the invoice printed CGST 8.50. Left in place,
    // so the suite's closing integrity check sees a bill whose heads are not its lines' sums.
    expect(made.tax_overrides).toEqual([
      { gst_rate: 18, cgst_amount: 8.5, sgst_amount: 9, igst_amount: 0 },
    ]);
    expect(made).toMatchObject({ cgst_amount: 8.5, tax_amount: 17.5, total_amount: 117.49 });
    const bad = await send('POST', '/deliveries', {
      vendor: ids.local,
      delivery_date: '2026-10-29',
      delivery_items: [{ item: ids.steel, quantity: 3, unit_price: 33.33 }],
      tax_overrides: [{ gst_rate: 18, cgst_amount: 10.5, sgst_amount: 9, igst_amount: 0 }],
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('tax_overrides.0.cgst_amount');
  });
});
