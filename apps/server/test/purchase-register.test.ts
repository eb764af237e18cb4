/**
 * The purchase register (API.md "GST"): one row per bill and rate, returns negative, totals per
 * rate, the GSTR-3B table 4 reading, and the same figures in its CSV, Excel and PDF files.
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
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const hasPoppler = spawnSync('pdftotext', ['-v']).status === 0;

let server: TestServer;
let owner: Registered;
let accountant: Registered;
let outsider: Registered;
let siteId: string;
let local: string;
let cement: string;

function gstin(state: string, pan: string): string {
  const body = `${state}${pan}1Z`;
  return body + gstinCheckChar(body);
}
const KARNATAKA = gstin('29', 'AAGCB7383J');
const LOCAL = gstin('27', 'AABCL5678M');

const url = (path: string) => `/api/sites/${siteId}${path}`;
async function post<T extends { id: string }>(path: string, body: unknown): Promise<T> {
  const res = await call<T>(server.url, 'POST', url(path), { token: owner.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const PERIOD = 'from=2026-10-01&to=2026-10-31';

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  accountant = await registerUser(server.url);
  outsider = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token, { name: 'Palm Grove' })).id;
  await addMember(server, siteId, accountant.user.id, 'accountant');
  await createSite(server.url, outsider.token);
  await call(server.url, 'PATCH', `/api/sites/${siteId}`, {
    token: owner.token,
    body: { state_code: '27', input_tax_mode: 'claim' },
  });
  const outside = (
    await post<{ id: string }>('/vendors', { name: 'Bengaluru Steel', gstin: KARNATAKA })
  ).id;
  local = (await post<{ id: string }>('/vendors', { name: 'Pune Cement', gstin: LOCAL })).id;
  const steel = (await post<{ id: string }>('/items', { name: 'TMT', unit: 'kg', gst_rate: 18 }))
    .id;
  cement = (await post<{ id: string }>('/items', { name: 'OPC', unit: 'bag', gst_rate: 28 })).id;
  // Inter-state, two rates: steel 1000 × 61.5 = 61 500 at 18 % → IGST 11 070; cement 100 × 410
  // = 41 000 at 28 % → IGST 11 480.
  const bill = await post<{ id: string; delivery_items: { id: string }[] }>('/deliveries', {
    vendor: outside,
    delivery_date: '2026-10-05',
    supplier_invoice_number: 'BS/0091',
    supplier_invoice_date: '2026-10-04',
    delivery_items: [
      { item: steel, quantity: 1000, unit_price: 61.5 },
      { item: cement, quantity: 100, unit_price: 410 },
    ],
  });
  // Same state: 200 × 400 = 80 000 at 28 % → CGST = SGST = 11 200.
  await post('/deliveries', {
    vendor: local,
    delivery_date: '2026-10-12',
    supplier_invoice_number: 'PC-7',
    supplier_invoice_date: '2026-10-12',
    delivery_items: [{ item: cement, quantity: 200, unit_price: 400 }],
  });
  // An old-style bill: no line rates, one typed tax figure.
  await post('/deliveries', {
    vendor: local,
    delivery_date: '2026-10-20',
    tax_amount: 90,
    delivery_items: [{ item: cement, quantity: 1, unit_price: 500, gst_rate: null }],
  });
  // Outside the period.
  await post('/deliveries', {
    vendor: local,
    delivery_date: '2026-11-02',
    delivery_items: [{ item: cement, quantity: 1, unit_price: 100 }],
  });
  // A return of 100 kg of steel: 6 150 at 18 % IGST → 1 107 reversed.
  await post('/vendor_returns', {
    vendor: outside,
    return_date: '2026-10-25',
    reason: 'damaged',
    items: [
      {
        delivery_item: bill.delivery_items[0]!.id,
        quantity_returned: 100,
        return_rate: 61.5,
        condition: 'damaged',
      },
    ],
  });
});
afterAll(async () => {
  await server?.close();
});

describe('the purchase register', () => {
  it('lists each bill by rate, returns negative, and totals per rate', async () => {
    const res = await call<PurchaseRegister>(
      server.url,
      'GET',
      url(`/reports/purchase-register?${PERIOD}`),
      { token: accountant.token },
    );
    expect(res.status).toBe(200);
    const pick = (r: PurchaseRegister['rows'][number]) => [
      r.date,
      r.kind,
      r.vendor,
      r.supplier_invoice_number,
      r.gst_rate,
      r.taxable_amount,
      r.cgst_amount,
      r.sgst_amount,
      r.igst_amount,
      r.other_tax_amount,
    ];
    expect(res.body.rows.map(pick)).toEqual([
      ['2026-10-05', 'delivery', 'Bengaluru Steel', 'BS/0091', 18, 61500, 0, 0, 11070, 0],
      ['2026-10-05', 'delivery', 'Bengaluru Steel', 'BS/0091', 28, 41000, 0, 0, 11480, 0],
      ['2026-10-12', 'delivery', 'Pune Cement', 'PC-7', 28, 80000, 11200, 11200, 0, 0],
      ['2026-10-20', 'delivery', 'Pune Cement', null, null, 500, 0, 0, 0, 90],
      ['2026-10-25', 'return', 'Bengaluru Steel', null, 18, -6150, 0, 0, -1107, 0],
    ]);
    expect(res.body.rows[0]).toMatchObject({
      vendor_gstin: KARNATAKA,
      supplier_invoice_date: '2026-10-04',
    });
    expect(res.body.totals_by_rate).toEqual([
      {
        gst_rate: null,
        taxable_amount: 500,
        cgst_amount: 0,
        sgst_amount: 0,
        igst_amount: 0,
        other_tax_amount: 90,
        invoice_value: 590,
      },
      {
        gst_rate: 18,
        taxable_amount: 55350,
        cgst_amount: 0,
        sgst_amount: 0,
        igst_amount: 9963,
        other_tax_amount: 0,
        invoice_value: 65313,
      },
      {
        gst_rate: 28,
        taxable_amount: 121000,
        cgst_amount: 11200,
        sgst_amount: 11200,
        igst_amount: 11480,
        other_tax_amount: 0,
        invoice_value: 154880,
      },
    ]);
    expect(res.body.input_tax).toEqual({
      input_tax_mode: 'claim',
      all_other_itc: { integrated_tax: 21443, central_tax: 11200, state_tax: 11200, cess: 0 },
      reversed_section_17_5: { integrated_tax: 0, central_tax: 0, state_tax: 0, cess: 0 },
      net_itc: { integrated_tax: 21443, central_tax: 11200, state_tax: 11200, cess: 0 },
      // Issue 40: 4(D)(2), tax whose place of supply is another state (none here).
      ineligible_pos: { integrated_tax: 0, central_tax: 0, state_tax: 0, cess: 0 },
      // Issue 40 item 10: 4(A)(3), no reverse-charge bills here.
      reverse_charge_itc: { integrated_tax: 0, central_tax: 0, state_tax: 0, cess: 0 },
    });
  });

  // Issue 40 item 3 changed this: the mode is each bill's own, as recorded, so switching the site
  // to cost no longer moves the claimed October credit to 4(B)(1); bills recorded while the site
  // adds GST to cost are reversed there, whole, and claimed bills stay net credit.
  it('reverses the whole credit of bills recorded in cost mode in 4(B)(1), and keeps claimed ones', async () => {
    const zero = { integrated_tax: 0, central_tax: 0, state_tax: 0, cess: 0 };
    const october = async () =>
      (
        await call<PurchaseRegister>(
          server.url,
          'GET',
          url(`/reports/purchase-register?${PERIOD}`),
          {
            token: owner.token,
          },
        )
      ).body.input_tax;
    const filed = await october();
    await call(server.url, 'PATCH', `/api/sites/${siteId}`, {
      token: owner.token,
      body: { input_tax_mode: 'cost' },
    });
    expect(await october()).toEqual(filed);
    // November: the 2 November bill was recorded claiming (1 × 100 at 28 % → CGST = SGST = 14);
    // a bill recorded now adds its GST to cost (1 × 200 at 28 % → CGST = SGST = 28).
    await post('/deliveries', {
      vendor: local,
      delivery_date: '2026-11-05',
      delivery_items: [{ item: cement, quantity: 1, unit_price: 200 }],
    });
    const res = await call<PurchaseRegister>(
      server.url,
      'GET',
      url('/reports/purchase-register?from=2026-11-01&to=2026-11-30'),
      { token: owner.token },
    );
    expect(res.body.input_tax).toEqual({
      input_tax_mode: 'cost',
      all_other_itc: { ...zero, central_tax: 42, state_tax: 42 },
      reversed_section_17_5: { ...zero, central_tax: 28, state_tax: 28 },
      net_itc: { ...zero, central_tax: 14, state_tax: 14 },
      ineligible_pos: zero,
      reverse_charge_itc: zero,
    });
    await call(server.url, 'PATCH', `/api/sites/${siteId}`, {
      token: owner.token,
      body: { input_tax_mode: 'claim' },
    });
    expect(await october()).toEqual(filed);
  });

  it('gives the same figures as CSV and as Excel with typed columns', async () => {
    const csv = await download(
      server,
      url(`/reports/purchase-register?${PERIOD}&format=csv`),
      accountant.token,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain(
      'purchase-register-Palm-Grove-2026-10-01_2026-10-31.csv',
    );
    const rows = parseExportCsv(csv.text);
    const header = rows.findIndex((r) => r[0] === 'Date');
    expect(rows[header + 1]).toEqual([
      '2026-10-05',
      'Delivery',
      'Bengaluru Steel',
      KARNATAKA,
      'BS/0091',
      '2026-10-04',
      '18 %',
      '61500.00',
      '0.00',
      '0.00',
      '11070.00',
      '0.00',
      '72570.00',
    ]);
    expect(rows[header + 5]!.slice(6)).toEqual([
      '18 %',
      '-6150.00',
      '0.00',
      '0.00',
      '-1107.00',
      '0.00',
      '-7257.00',
    ]);
    const totals = rows.findIndex((r) => r[0] === 'Totals by rate');
    expect(rows[totals + 4]).toEqual([
      '28 %',
      '121000.00',
      '11200.00',
      '11200.00',
      '11480.00',
      '0.00',
      '154880.00',
    ]);

    const xlsx = await download(
      server,
      url(`/reports/purchase-register?${PERIOD}&format=xlsx`),
      accountant.token,
    );
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    let headerRow = 0;
    sheet.eachRow((row, n) => {
      if (row.getCell(1).value === 'Date') headerRow = n;
    });
    expect(headerRow).toBeGreaterThan(0);
    const first = sheet.getRow(headerRow + 1);
    expect(first.getCell(1).value).toBeInstanceOf(Date);
    expect(first.getCell(4).value).toBe(KARNATAKA);
    expect(first.getCell(5).value).toBe('BS/0091');
    expect(first.getCell(7).value).toBeCloseTo(0.18, 10);
    expect(first.getCell(8).value).toBe(61500);
    expect(first.getCell(8).numFmt).toBe('#,##0.00');
    expect(first.getCell(11).value).toBe(11070);
    const ret = sheet.getRow(headerRow + 5);
    expect(ret.getCell(11).value).toBe(-1107);
  });

  it.skipIf(!hasPoppler)('prints as a PDF with every row and the totals', async () => {
    const pdf = await download(
      server,
      url(`/reports/purchase-register?${PERIOD}&format=pdf`),
      owner.token,
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'register-'));
    try {
      const file = join(dir, 'register.pdf');
      writeFileSync(file, pdf.bytes);
      const text = spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' }).stdout;
      for (const expected of [
        'Purchase register',
        'Bengaluru Steel',
        'BS/0091',
        '11,070.00',
        'Totals by rate',
        '1,21,000.00',
        '4(C) Net ITC available',
      ]) {
        expect(text).toContain(expected);
      }
      // The return's reversed IGST prints negative.
      expect(text).toMatch(/-₹\s?1,107\.00/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is refused to those outside the site and checks its period', async () => {
    const res = await call(server.url, 'GET', url('/reports/purchase-register'), {
      token: outsider.token,
    });
    expect(res.status).toBe(403);
    const bad = await call(
      server.url,
      'GET',
      url('/reports/purchase-register?from=2026-10-31&to=2026-10-01'),
      { token: owner.token },
    );
    expect(bad.status).toBe(400);
    const badFormat = await call(server.url, 'GET', url('/reports/purchase-register?format=docx'), {
      token: owner.token,
    });
    expect(badFormat.status).toBe(400);
  });
});
