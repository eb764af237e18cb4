/**
 * Issue 40, items 2 and 3: a recorded bill keeps the tax it was recorded with.
 * - Item 2: each delivery, service booking and vendor return keeps the supplier's GSTIN, state and
 *   registration type as recorded; an edit of an old bill after the vendor moved state keeps the
 *   invoice's split (CGST+SGST stays CGST+SGST), and only a change of the record's own vendor or
 *   place of supply splits it again.
 * - Item 3: switching the site's input_tax_mode does not rewrite history: last month's register
 *   (JSON with the GSTR-3B table 4 block, and CSV) and last month's Tally vouchers are
 *   byte-identical after the switch, stock keeps its values, and a new bill follows the new mode.
 */
import { gstinCheckChar, type PurchaseRegister } from '@siteledger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '../src/platform/business-time.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { download } from './helpers/export-fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

function gstin(state: string, pan: string): string {
  const body = `${state}${pan}1Z`;
  return body + gstinCheckChar(body);
}
const PUNE = gstin('27', 'AABCL5678M');
const BENGALURU = gstin('29', 'AABCL5678M');
const SURAT = gstin('24', 'AAGCB7383J');

let server: TestServer;
let owner: Registered;

interface Line {
  id: string;
  total_amount: number;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
}
interface Delivery {
  id: string;
  place_of_supply: string | null;
  vendor_gstin?: string | null;
  vendor_state_code?: string | null;
  vendor_registration_type?: string;
  input_tax_mode?: string;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
  delivery_items: Line[];
}
interface Booking {
  id: string;
  vendor_gstin?: string | null;
  vendor_state_code?: string | null;
  input_tax_mode?: string;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
}

async function ok<T>(method: string, site: string, path: string, body?: unknown): Promise<T> {
  const res = await call<T>(server.url, method, `/api/sites/${site}${path}`, {
    token: owner.token,
    body,
  });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

async function patchSite(site: string, body: Record<string, unknown>) {
  const res = await call(server.url, 'PATCH', `/api/sites/${site}`, { token: owner.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** "CGST+SGST" or "IGST" (or "none") for a line or record's heads. */
const split = (h: { cgst_amount: number; sgst_amount: number; igst_amount: number }) =>
  h.igst_amount > 0 && h.cgst_amount === 0 && h.sgst_amount === 0
    ? 'IGST'
    : h.cgst_amount > 0 && h.sgst_amount > 0 && h.igst_amount === 0
      ? 'CGST+SGST'
      : `mixed ${JSON.stringify(h)}`;

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
});
afterAll(async () => {
  await server?.close();
});

describe('an old invoice keeps its tax when the vendor moves state (issue 40 item 2)', () => {
  let site: string;
  let vendor: string;
  let other: string;
  let cement: string;
  let steel: string;
  let today: string;

  beforeAll(async () => {
    today = businessToday(server.ctx.config.timezone);
    site = (await createSite(server.url, owner.token, { name: 'Moving Vendor' })).id;
    await patchSite(site, { state_code: '27' });
    vendor = (await ok<{ id: string }>('POST', site, '/vendors', { name: 'Shah', gstin: PUNE })).id;
    other = (await ok<{ id: string }>('POST', site, '/vendors', { name: 'Desai', gstin: SURAT }))
      .id;
    cement = (
      await ok<{ id: string }>('POST', site, '/items', { name: 'OPC', unit: 'bag', gst_rate: 18 })
    ).id;
    steel = (
      await ok<{ id: string }>('POST', site, '/items', { name: 'TMT', unit: 'kg', gst_rate: 18 })
    ).id;
  });

  const register = (from: string) =>
    ok<PurchaseRegister>('GET', site, `/reports/purchase-register?from=${from}&to=${today}`);

  it('a delivery: edited and added lines keep CGST+SGST; the register shows the GSTIN of the invoice', async () => {
    const bill = await ok<Delivery>('POST', site, '/deliveries', {
      vendor,
      delivery_date: today,
      supplier_invoice_number: 'SH-1',
      supplier_invoice_date: today,
      delivery_items: [
        { item: cement, quantity: 10, unit_price: 400 },
        { item: steel, quantity: 100, unit_price: 60 },
      ],
    });
    expect(bill.delivery_items.map(split)).toEqual(['CGST+SGST', 'CGST+SGST']);

    // The supplier moves to Karnataka: a new GSTIN on the vendor master.
    await ok('PATCH', site, `/vendors/${vendor}`, { gstin: BENGALURU });

    // One line's quantity corrected, one line added: the invoice stays CGST+SGST throughout.
    await ok('PATCH', site, `/delivery_items/${bill.delivery_items[0]!.id}`, { quantity: 12 });
    await ok('POST', site, '/delivery_items', {
      delivery: bill.id,
      item: cement,
      quantity: 1,
      unit_price: 400,
    });
    // The batch path too.
    const batch = await call<unknown>(server.url, 'POST', '/api/batch', {
      token: owner.token,
      body: {
        requests: [
          {
            method: 'PATCH',
            url: `/api/sites/${site}/delivery_items/${bill.delivery_items[1]!.id}`,
            body: { unit_price: 61 },
          },
        ],
      },
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    // A header edit that is neither vendor nor place of supply changes nothing either.
    await ok('PATCH', site, `/deliveries/${bill.id}`, { notes: 'corrected' });

    const after = await ok<Delivery>('GET', site, `/deliveries/${bill.id}`);
    expect(after.delivery_items).toHaveLength(3);
    expect(after.delivery_items.map(split)).toEqual(['CGST+SGST', 'CGST+SGST', 'CGST+SGST']);
    expect(split(after)).toBe('CGST+SGST');

    // A return of the first line: at the invoice's split, under the invoice's GSTIN.
    const ret = await ok<{ id: string; cgst_amount: number; igst_amount: number }>(
      'POST',
      site,
      '/vendor_returns',
      {
        vendor,
        return_date: today,
        reason: 'damaged',
        items: [
          {
            delivery_item: bill.delivery_items[0]!.id,
            quantity_returned: 1,
            return_rate: 400,
            condition: 'damaged',
          },
        ],
      },
    );
    expect(ret).toMatchObject({ cgst_amount: 36, igst_amount: 0, vendor_gstin: PUNE });

    const rows = (await register(today)).rows.filter((r) => r.id === bill.id || r.id === ret.id);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.vendor_gstin)).toEqual(rows.map(() => PUNE));
    expect(rows.every((r) => r.igst_amount === 0)).toBe(true);
    // Reads carry what was recorded.
    expect(after).toMatchObject({
      vendor_gstin: PUNE,
      vendor_state_code: '27',
      vendor_registration_type: 'regular',
    });
  });

  it('a delivery: a new place of supply takes the vendor as it is now and splits every line again', async () => {
    // Vendor now in 29 (previous test). A fresh bill records the new GSTIN: IGST to a site in 27.
    const bill = await ok<Delivery>('POST', site, '/deliveries', {
      vendor,
      delivery_date: today,
      delivery_items: [{ item: cement, quantity: 1, unit_price: 100 }],
    });
    expect(bill.delivery_items.map(split)).toEqual(['IGST']);

    // The first bill of the vendor, recorded in 27: its place of supply changes to 24.
    const list = await ok<{ items: Delivery[] }>(
      'GET',
      site,
      `/deliveries?vendor=${vendor}&expand=delivery_items&sort=created`,
    );
    const first = list.items[0]!;
    const moved = await ok<Delivery>('PATCH', site, `/deliveries/${first.id}`, {
      place_of_supply: '24',
    });
    expect(moved.place_of_supply).toBe('24');
    expect(moved).toMatchObject({ vendor_gstin: BENGALURU, vendor_state_code: '29' });
    expect(moved.delivery_items.map(split)).toEqual(['IGST', 'IGST', 'IGST']);
    // Place of supply 29, the vendor's state now: CGST+SGST again, every line.
    const back = await ok<Delivery>('PATCH', site, `/deliveries/${first.id}`, {
      place_of_supply: '29',
    });
    expect(back.delivery_items.map(split)).toEqual(['CGST+SGST', 'CGST+SGST', 'CGST+SGST']);
    const rows = (await register(today)).rows.filter((r) => r.id === first.id);
    expect(rows.map((r) => r.vendor_gstin)).toEqual(rows.map(() => BENGALURU));
    expect(first.vendor_gstin).toBe(PUNE);
    expect(bill).toMatchObject({ vendor_gstin: BENGALURU, vendor_state_code: '29' });
  });

  it('a booking: an edit keeps the split and GSTIN it was recorded with; a new vendor splits it again', async () => {
    await ok('PATCH', site, `/vendors/${vendor}`, { gstin: PUNE });
    const service = (
      await ok<{ id: string }>('POST', site, '/services', {
        name: 'Crane',
        category: 'equipment',
        unit: 'day',
        standard_rate: 5000,
        gst_rate: 18,
      })
    ).id;
    const booking = await ok<Booking>('POST', site, '/service_bookings', {
      service,
      vendor,
      start_date: today,
      duration: 2,
      unit_rate: 5000,
      // Invoiced: a scheduled booking without an invoice claims nothing (issue 40 item 8).
      supplier_invoice_number: 'LC/31',
      supplier_invoice_date: today,
    });
    expect(split(booking)).toBe('CGST+SGST');

    await ok('PATCH', site, `/vendors/${vendor}`, { gstin: BENGALURU });
    const edited = await ok<Booking>('PATCH', site, `/service_bookings/${booking.id}`, {
      duration: 3,
    });
    expect(split(edited)).toBe('CGST+SGST');
    expect(edited.cgst_amount).toBe(1350);
    const rated = await ok<Booking>('PATCH', site, `/service_bookings/${booking.id}`, {
      gst_rate: 12,
    });
    expect(split(rated)).toBe('CGST+SGST');
    const rows = (await register(today)).rows.filter((r) => r.id === booking.id);
    expect(rows.map((r) => r.vendor_gstin)).toEqual([PUNE]);
    expect(rated).toMatchObject({ vendor_gstin: PUNE, vendor_state_code: '27' });

    // The record's own vendor changes: the new vendor as it is now, split again (24 → 27: IGST).
    const moved = await ok<Booking>('PATCH', site, `/service_bookings/${booking.id}`, {
      vendor: other,
    });
    expect(split(moved)).toBe('IGST');
    expect(moved).toMatchObject({ vendor_gstin: SURAT, vendor_state_code: '24' });
    const after = (await register(today)).rows.filter((r) => r.id === booking.id);
    expect(after.map((r) => r.vendor_gstin)).toEqual([SURAT]);
  });
});

/** The first and last day of the month before `today` (YYYY-MM-DD). */
function lastMonth(today: string): { from: string; to: string } {
  const first = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  const end = new Date(first.getTime() - 86_400_000);
  const to = end.toISOString().slice(0, 10);
  return { from: `${to.slice(0, 7)}-01`, to };
}

/** The vouchers of a Tally file, as written (the masters and the envelope left out). */
function voucherXml(text: string): string {
  const vouchers = text.match(/<VOUCHER\b[\s\S]*?<\/VOUCHER>/g) ?? [];
  return vouchers.join('\n');
}

describe('switching input_tax_mode does not rewrite history (issue 40 item 3)', () => {
  let site: string;
  let vendor: string;
  let cement: string;
  let today: string;
  let period: { from: string; to: string };
  let oldBill: Delivery;
  const before: Record<string, string> = {};

  const registerJson = () =>
    download(
      server,
      `/api/sites/${site}/reports/purchase-register?from=${period.from}&to=${period.to}`,
      owner.token,
    );
  const registerCsv = () =>
    download(
      server,
      `/api/sites/${site}/reports/purchase-register?from=${period.from}&to=${period.to}&format=csv`,
      owner.token,
    );
  const tally = () =>
    download(
      server,
      `/api/sites/${site}/exports/tally?from=${period.from}&to=${period.to}`,
      owner.token,
    );
  const stock = async () => {
    const report = await ok<{ items: { item: string; value: number; average_cost: number }[] }>(
      'GET',
      site,
      '/stock',
    );
    return report.items.find((r) => r.item === cement);
  };

  beforeAll(async () => {
    today = businessToday(server.ctx.config.timezone);
    period = lastMonth(today);
    site = (await createSite(server.url, owner.token, { name: 'Own Villa' })).id;
    // State 27, GST added to cost (the default mode).
    await patchSite(site, { state_code: '27' });
    vendor = (await ok<{ id: string }>('POST', site, '/vendors', { name: 'Patil', gstin: PUNE }))
      .id;
    const outside = (
      await ok<{ id: string }>('POST', site, '/vendors', { name: 'Rao', gstin: BENGALURU })
    ).id;
    cement = (
      await ok<{ id: string }>('POST', site, '/items', { name: 'PPC', unit: 'bag', gst_rate: 28 })
    ).id;
    const service = (
      await ok<{ id: string }>('POST', site, '/services', {
        name: 'Excavator',
        category: 'equipment',
        unit: 'hour',
        standard_rate: 1500,
        gst_rate: 18,
      })
    ).id;
    oldBill = await ok<Delivery>('POST', site, '/deliveries', {
      vendor,
      delivery_date: period.from,
      supplier_invoice_number: 'PT-11',
      supplier_invoice_date: period.from,
      delivery_items: [{ item: cement, quantity: 100, unit_price: 350 }],
    });
    await ok('POST', site, '/deliveries', {
      vendor: outside,
      delivery_date: period.to,
      supplier_invoice_number: 'R-4',
      supplier_invoice_date: period.to,
      delivery_items: [{ item: cement, quantity: 10, unit_price: 360 }],
    });
    await ok('POST', site, '/service_bookings', {
      service,
      vendor,
      start_date: period.from,
      duration: 8,
      unit_rate: 1500,
      supplier_invoice_number: 'CR/9',
      supplier_invoice_date: period.from,
    });
    await ok('POST', site, '/vendor_returns', {
      vendor,
      return_date: period.to,
      reason: 'damaged',
      items: [
        {
          delivery_item: oldBill.delivery_items[0]!.id,
          quantity_returned: 5,
          return_rate: 350,
          condition: 'damaged',
        },
      ],
    });
    const json = await registerJson();
    const csv = await registerCsv();
    const file = await tally();
    expect([json.status, csv.status, file.status]).toEqual([200, 200, 200]);
    before.json = json.text;
    before.csv = csv.text;
    before.vouchers = voucherXml(file.text);
    before.stock = JSON.stringify(await stock());
    const register = JSON.parse(json.text) as PurchaseRegister;
    expect(register.input_tax.input_tax_mode).toBe('cost');
    expect(register.input_tax.net_itc).toEqual({
      integrated_tax: 0,
      central_tax: 0,
      state_tax: 0,
      cess: 0,
    });
    expect(register.input_tax.reversed_section_17_5).toEqual(register.input_tax.all_other_itc);
    expect(before.vouchers).not.toContain('Input CGST');
    expect(before.vouchers.match(/<VOUCHER\b/g)?.length).toBeGreaterThanOrEqual(4);

    await patchSite(site, { input_tax_mode: 'claim' });
  });

  it("leaves last month's register JSON (with its GSTR-3B block) byte-identical", async () => {
    const json = await registerJson();
    expect(json.status).toBe(200);
    expect(json.text).toBe(before.json);
  });

  it("leaves last month's register CSV byte-identical", async () => {
    const csv = await registerCsv();
    expect(csv.status).toBe(200);
    expect(csv.text).toBe(before.csv);
  });

  it("leaves last month's Tally vouchers byte-identical", async () => {
    const file = await tally();
    expect(file.status).toBe(200);
    expect(voucherXml(file.text)).toBe(before.vouchers);
  });

  it('an edit of an old bill keeps its mode, and stock keeps its value', async () => {
    // Any edit re-syncs the bill's stock movements, which read the bill's own mode. (Values as
    // they were, so that the files below may be compared byte for byte.)
    const edited = await ok<Delivery>('PATCH', site, `/deliveries/${oldBill.id}`, {
      delivery_date: period.from,
    });
    expect(JSON.stringify(await stock())).toBe(before.stock);
    expect(edited.input_tax_mode).toBe('cost');
    const line = oldBill.delivery_items[0]!;
    await ok('PATCH', site, `/delivery_items/${line.id}`, { quantity: 100 });
    expect(JSON.stringify(await stock())).toBe(before.stock);
    expect((await registerJson()).text).toBe(before.json);
    expect(voucherXml((await tally()).text)).toBe(before.vouchers);
  });

  it('a new bill this month claims: 4(C), Input ledgers in Tally, taxable value in stock', async () => {
    const bill = await ok<Delivery>('POST', site, '/deliveries', {
      vendor,
      delivery_date: today,
      delivery_items: [{ item: cement, quantity: 10, unit_price: 350 }],
    });
    expect(bill.input_tax_mode).toBe('claim');
    const month = await ok<PurchaseRegister>(
      'GET',
      site,
      `/reports/purchase-register?from=${today.slice(0, 8)}01&to=${today}`,
    );
    expect(month.input_tax.input_tax_mode).toBe('claim');
    expect(month.input_tax.net_itc).toEqual({
      integrated_tax: 0,
      central_tax: 490,
      state_tax: 490,
      cess: 0,
    });
    expect(month.input_tax.reversed_section_17_5.central_tax).toBe(0);

    const file = await download(
      server,
      `/api/sites/${site}/exports/tally?from=${today.slice(0, 8)}01&to=${today}`,
      owner.token,
    );
    expect(file.status).toBe(200);
    expect(file.text).toContain('<LEDGER NAME="Input CGST"');
    const voucher = voucherXml(file.text)
      .split('\n')
      .join('')
      .match(new RegExp(`<VOUCHER[^>]*siteledger-deliveries-${bill.id}[\\s\\S]*?</VOUCHER>`));
    expect(voucher?.[0]).toContain('<LEDGERNAME>Input CGST</LEDGERNAME>');
    // Last month's file still has no claimed tax in its vouchers.
    expect(voucherXml((await tally()).text)).toBe(before.vouchers);
  });

  it("a return of last month's bill, made after the switch, reverses the tax the way the bill counted it", async () => {
    const ret = await ok<{ id: string; input_tax_mode: string; cgst_amount: number }>(
      'POST',
      site,
      '/vendor_returns',
      {
        vendor,
        return_date: today,
        reason: 'damaged',
        items: [
          {
            delivery_item: oldBill.delivery_items[0]!.id,
            quantity_returned: 1,
            return_rate: 350,
            condition: 'damaged',
          },
        ],
      },
    );
    // 350 at 28 %: CGST = SGST = 49, added to cost with the bill, so reversed from cost too.
    expect(ret).toMatchObject({ input_tax_mode: 'cost', cgst_amount: 49 });
    const month = await ok<PurchaseRegister>(
      'GET',
      site,
      `/reports/purchase-register?from=${today.slice(0, 8)}01&to=${today}`,
    );
    expect(month.input_tax.reversed_section_17_5.central_tax).toBe(-49);
    expect(month.input_tax.net_itc.central_tax).toBe(490);
    const file = await download(
      server,
      `/api/sites/${site}/exports/tally?from=${today.slice(0, 8)}01&to=${today}`,
      owner.token,
    );
    const voucher = file.text.match(
      new RegExp(`<VOUCHER[^>]*siteledger-vendor_returns-${ret.id}[\\s\\S]*?</VOUCHER>`),
    );
    expect(voucher?.[0]).toContain('<LEDGERNAME>Purchase Returns</LEDGERNAME>');
    expect(voucher?.[0]).not.toContain('Input CGST');
  });
});
