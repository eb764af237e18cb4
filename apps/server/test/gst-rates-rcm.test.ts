/**
 * Issue 40 items 9 and 10 over HTTP on a real server and database.
 *
 * Item 9, rates that change by date: GST 2.0 (56th GST Council, notified for 22-09-2025) moved
 * cement (HSN 2523) from 28 % to 18 %. An item's default rate gets a period from a date; a
 * delivery line with no rate takes the rate in force on the delivery's date, a booking the
 * service's rate on its start date; moving a delivery's date later does not change the rates its
 * lines already carry.
 *
 * Item 10, reverse charge: goods transport by a GTA that is not registered, taxed at 5 %
 * (Notification 11/2017-CT(Rate) entry 9(iii), the recipient paying under Notification
 * 13/2017-CT(Rate) entry 1). The tax is computed but owed by the site: the vendor's payables,
 * payment status, figures and ledger leave it out; the register marks the rows and fills GSTR-3B
 * 3.1(d) ("Inward supplies (liable to reverse charge)") and 4(A)(3) ("Inward supplies liable to
 * reverse charge"), keeping it out of 4(A)(5). In Tally it is a Purchase voucher with
 * ISREVERSECHARGEAPPLICABLE Yes (a voucher flag of TallyPrime's voucher export, beside
 * ISCANCELLED / ISONHOLD; the ledger line's override is GSTOVRDNISREVCHARGEAPPL): the supplier is
 * credited the value only, the tax is debited to the Input ledgers (claim) and credited to
 * "Output CGST (RCM)" / "Output SGST (RCM)" liability ledgers under Duties & Taxes.
 */
import { gstinCheckChar } from '@siteledger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIntegrity, formatViolations } from '../src/integrity/check.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { parseExportCsv } from './helpers/csv-parse.js';
import { download } from './helpers/export-fixtures.js';
import { paise, parser, type Envelope, type Message } from './helpers/tally-parse.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let siteId: string;

function gstin(state: string, pan: string): string {
  const body = `${state}${pan}1Z`;
  return body + gstinCheckChar(body);
}

interface Line {
  id: string;
  item: string;
  gst_rate: number | null;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
}
interface Delivery {
  id: string;
  delivery_date: string;
  items_total: number;
  tax_amount: number;
  total_amount: number;
  cgst_amount: number;
  sgst_amount: number;
  reverse_charge: boolean;
  payment_status: string;
  delivery_items: Line[];
}
interface Booking {
  id: string;
  total_amount: number;
  gst_rate: number | null;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
  reverse_charge: boolean;
  payment_status: string;
  paid_amount: number;
}
interface RatePeriod {
  gst_rate: number | null;
  effective_from: string | null;
}
interface ErrorBody {
  code: string;
  data: Record<string, { message: string }>;
}

const url = (path: string) => `/api/sites/${siteId}${path}`;
const req = <T>(method: string, path: string, body?: unknown) =>
  call<T>(server.url, method, url(path), { token: owner.token, body });

async function created<T extends { id: string }>(path: string, body: unknown): Promise<T> {
  const res = await req<T>('POST', path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

let localVendor: string;
let transporter: string;
let cement: string;

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  const site = await call(server.url, 'PATCH', `/api/sites/${siteId}`, {
    token: owner.token,
    body: { gstin: gstin('27', 'AAACS1234K'), input_tax_mode: 'claim' },
  });
  expect(site.status).toBe(200);
  localVendor = (
    await created<{ id: string }>('/vendors', {
      name: 'Local Cement Depot',
      gstin: gstin('27', 'AABCL5678M'),
    })
  ).id;
  // An unregistered transporter (a GTA) in the site's state: its state is typed.
  transporter = (
    await created<{ id: string }>('/vendors', { name: 'Shivneri Transport', state_code: '27' })
  ).id;
});
afterAll(async () => {
  await server?.close();
});

describe('item 9: rates that change by date', () => {
  it('keeps an item’s rate history and shows the rate in force today', async () => {
    const item = await created<{ id: string; gst_rate: number; gst_rate_history: RatePeriod[] }>(
      '/items',
      { name: 'OPC 53 cement', unit: 'bag', hsn_code: '2523', gst_rate: 28 },
    );
    cement = item.id;
    expect(item.gst_rate_history).toEqual([{ gst_rate: 28, effective_from: null }]);

    const dateAlone = await req<ErrorBody>('PATCH', `/items/${cement}`, {
      gst_rate_effective_from: '2025-09-22',
    });
    expect(dateAlone.status).toBe(400);
    expect(Object.keys(dateAlone.body.data)).toEqual(['gst_rate_effective_from']);

    const changed = await req<{ gst_rate: number; gst_rate_history: RatePeriod[] }>(
      'PATCH',
      `/items/${cement}`,
      { gst_rate: 18, gst_rate_effective_from: '2025-09-22' },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.gst_rate).toBe(18);
    expect(changed.body.gst_rate_history).toEqual([
      { gst_rate: 28, effective_from: null },
      { gst_rate: 18, effective_from: '2025-09-22' },
    ]);
    // The form sending the same rate again without a date changes nothing.
    const again = await req<{ gst_rate_history: RatePeriod[] }>('PATCH', `/items/${cement}`, {
      name: 'OPC 53 cement (50 kg)',
      gst_rate: 18,
    });
    expect(again.body.gst_rate_history).toHaveLength(2);
  });

  it('defaults a delivery line to the rate in force on the delivery’s date', async () => {
    const bill = (date: string) =>
      created<Delivery>('/deliveries', {
        vendor: localVendor,
        delivery_date: date,
        delivery_items: [{ item: cement, quantity: 10, unit_price: 400 }],
      });
    const before = await bill('2025-09-21');
    const after = await bill('2025-09-22');
    expect(before.delivery_items[0]).toMatchObject({ gst_rate: 28, cgst_amount: 560 });
    expect(after.delivery_items[0]).toMatchObject({ gst_rate: 18, cgst_amount: 360 });

    // A line added later to the old bill also takes the old rate.
    const added = await req<Line>('POST', '/delivery_items', {
      delivery: before.id,
      item: cement,
      quantity: 1,
      unit_price: 400,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.gst_rate).toBe(28);

    // Moving the bill's date past the change keeps the rates its lines carry (documented).
    const moved = await req<Delivery>('PATCH', `/deliveries/${before.id}`, {
      delivery_date: '2025-09-23',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.delivery_items.map((l) => l.gst_rate)).toEqual([28, 28]);
  });

  it('defaults a booking to the service’s rate on its start date', async () => {
    const crane = await created<{ id: string }>('/services', {
      name: 'Crane hire',
      category: 'equipment',
      unit: 'day',
      standard_rate: 5000,
      sac_code: '997313',
      gst_rate: 18,
    });
    const service = await req<{ gst_rate: number; gst_rate_history: RatePeriod[] }>(
      'PATCH',
      `/services/${crane.id}`,
      { gst_rate: 12, gst_rate_effective_from: '2025-09-22' },
    );
    expect(service.body.gst_rate_history).toEqual([
      { gst_rate: 18, effective_from: null },
      { gst_rate: 12, effective_from: '2025-09-22' },
    ]);
    const book = (date: string) =>
      created<Booking>('/service_bookings', {
        service: crane.id,
        vendor: localVendor,
        start_date: date,
        duration: 1,
        unit_rate: 5000,
      });
    expect((await book('2025-09-20')).gst_rate).toBe(18);
    expect((await book('2025-09-25')).gst_rate).toBe(12);
  });
});

describe('item 10: reverse charge', () => {
  let gta: string;
  let booking: Booking;
  let delivery: Delivery;
  let returned: { id: string };

  it('computes the tax of an RCM booking from an unregistered GTA but owes the vendor the value only', async () => {
    gta = (
      await created<{ id: string }>('/services', {
        name: 'Goods transport (GTA)',
        category: 'transport',
        unit: 'job',
        standard_rate: 10000,
        sac_code: '996511',
        gst_rate: 5,
      })
    ).id;
    const body = {
      service: gta,
      vendor: transporter,
      start_date: '2025-10-06',
      duration: 1,
      unit_rate: 12345.67,
      percent_completed: 100,
      // Invoiced: a scheduled booking without an invoice claims nothing (issue 40 item 8).
      supplier_invoice_number: 'PR/118',
      supplier_invoice_date: '2025-10-06',
    };
    // Without reverse charge an unregistered vendor still charges no GST.
    const refused = await req<ErrorBody>('POST', '/service_bookings', body);
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.data)).toEqual(['gst_rate']);

    booking = await created<Booking>('/service_bookings', { ...body, reverse_charge: true });
    // 12 345.67 × 5 % = 617.2835: CGST = SGST = 308.64 (308.64175 each, half away from zero).
    expect(booking).toMatchObject({
      total_amount: 12345.67,
      gst_rate: 5,
      cgst_amount: 308.64,
      sgst_amount: 308.64,
      igst_amount: 0,
      reverse_charge: true,
      payment_status: 'pending',
    });

    const payables = await req<{
      service_bookings: { id: string; total_amount: number; due: number }[];
    }>('GET', `/vendors/${transporter}/payables`);
    expect(payables.body.service_bookings.find((b) => b.id === booking.id)).toMatchObject({
      total_amount: 12345.67,
      due: 12345.67,
    });
    const vendor = await req<{ total_billed: number; outstanding: number }>(
      'GET',
      `/vendors/${transporter}`,
    );
    expect(vendor.body).toMatchObject({ total_billed: 12345.67, outstanding: 12345.67 });

    const account = await created<{ id: string }>('/accounts', {
      name: 'HDFC current',
      type: 'bank',
      opening_balance: 100000,
    });
    const pay = (amount: number) =>
      req<{ id: string }>('POST', '/payments', {
        vendor: transporter,
        account: account.id,
        amount,
        payment_date: '2025-10-07',
        service_booking_allocations: [{ service_booking: booking.id, amount }],
      });
    expect((await pay(12345.68)).status).toBe(400);
    expect((await pay(12345.67)).status).toBe(201);
    const paid = await req<Booking>('GET', `/service_bookings/${booking.id}`);
    expect(paid.body).toMatchObject({ paid_amount: 12345.67, payment_status: 'paid' });

    const ledger = await req<{
      entries: { id: string; type: string; credit: number }[];
      closing_balance: number;
    }>('GET', `/vendors/${transporter}/ledger`);
    expect(ledger.body.entries.find((e) => e.id === booking.id)?.credit).toBe(12345.67);
    expect(ledger.body.closing_balance).toBe(0);
  });

  it('lets an RCM delivery carry tax from an unregistered vendor, left out of what it is owed', async () => {
    const sand = await created<{ id: string }>('/items', {
      name: 'River sand',
      unit: 'brass',
      hsn_code: '2505',
      gst_rate: 5,
    });
    const body = {
      vendor: transporter,
      delivery_date: '2025-10-08',
      delivery_items: [{ item: sand.id, quantity: 2, unit_price: 4500 }],
    };
    const refused = await req<ErrorBody>('POST', '/deliveries', body);
    expect(refused.status).toBe(400);
    delivery = await created<Delivery>('/deliveries', { ...body, reverse_charge: true });
    expect(delivery).toMatchObject({
      items_total: 9000,
      cgst_amount: 225,
      sgst_amount: 225,
      tax_amount: 450,
      total_amount: 9000,
      reverse_charge: true,
    });
    // Turning reverse charge off would have the unregistered vendor charge GST: refused.
    const off = await req<ErrorBody>('PATCH', `/deliveries/${delivery.id}`, {
      reverse_charge: false,
    });
    expect(off.status).toBe(400);
    const kept = await req<Delivery>('GET', `/deliveries/${delivery.id}`);
    expect(kept.body).toMatchObject({ total_amount: 9000, reverse_charge: true });

    // A return owes back the value only: the vendor never had the tax.
    returned = await created<{ id: string; total_return_amount: number; cgst_amount: number }>(
      '/vendor_returns',
      {
        vendor: transporter,
        return_date: '2025-10-09',
        reason: 'damaged',
        items: [
          {
            delivery_item: kept.body.delivery_items[0]!.id,
            quantity_returned: 1,
            return_rate: 4500,
            condition: 'damaged',
          },
        ],
      },
    );
    expect(returned).toMatchObject({ total_return_amount: 4500, cgst_amount: 0 });
  });

  it('shows the rows in the register, in GSTR-3B 3.1(d) and as 4(A)(3) input tax', async () => {
    const res = await req<{
      rows: { id: string; reverse_charge: boolean; cgst_amount: number; taxable_amount: number }[];
      inward_reverse_charge: Record<string, number>;
      input_tax: Record<string, Record<string, number>>;
    }>('GET', '/reports/purchase-register?from=2025-10-01&to=2025-10-31');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rcmRows = res.body.rows.filter((r) => r.reverse_charge).map((r) => r.id);
    expect(rcmRows.sort()).toEqual([booking.id, delivery.id, returned.id].sort());
    // The return reverses no tax, and stays out of 3.1(d).
    expect(res.body.inward_reverse_charge).toEqual({
      taxable_value: 21345.67,
      integrated_tax: 0,
      central_tax: 533.64,
      state_tax: 533.64,
      cess: 0,
    });
    expect(res.body.input_tax.reverse_charge_itc).toEqual({
      integrated_tax: 0,
      central_tax: 533.64,
      state_tax: 533.64,
      cess: 0,
    });
    // Nothing else in October: 4(A)(5) is empty, the net credit is the RCM tax (claim mode).
    expect(res.body.input_tax.all_other_itc).toMatchObject({ central_tax: 0, state_tax: 0 });
    expect(res.body.input_tax.net_itc).toMatchObject({ central_tax: 533.64, state_tax: 533.64 });

    // The CSV marks the rows and carries 4(A)(3) in its table-4 block.
    const csv = await download(
      server,
      `/api/sites/${siteId}/reports/purchase-register?from=2025-10-01&to=2025-10-31&format=csv`,
      owner.token,
    );
    const rows = parseExportCsv(csv.text);
    const marked = rows.filter((r) => r[1]?.endsWith('(reverse charge)')).map((r) => r[1]);
    expect(marked.sort()).toEqual([
      'Delivery (reverse charge)',
      'Return (reverse charge)',
      'Service booking (reverse charge)',
    ]);
    expect(rows.find((r) => r[0]?.startsWith('4(A)(3)'))).toEqual([
      '4(A)(3) Inward supplies liable to reverse charge',
      '0.00',
      '533.64',
      '533.64',
      '0.00',
    ]);
  });

  it('exports an RCM purchase voucher to Tally', async () => {
    const file = await download(
      server,
      `/api/sites/${siteId}/exports/tally?from=2025-10-01&to=2025-10-31`,
      owner.token,
    );
    expect(file.status, file.text).toBe(200);
    const doc = parser.parse(file.text) as Envelope;
    const messages: Message[] = doc.ENVELOPE.BODY.IMPORTDATA[0]!.REQUESTDATA.TALLYMESSAGE ?? [];
    const ledgers = messages.flatMap((m) => (m.LEDGER ? [m.LEDGER] : []));
    for (const [name, head] of [
      ['Output CGST (RCM)', 'Central Tax'],
      ['Output SGST (RCM)', 'State Tax'],
      ['Output IGST (RCM)', 'Integrated Tax'],
    ]) {
      expect(ledgers.find((l) => l['@_NAME'] === name)).toMatchObject({
        PARENT: 'Duties & Taxes',
        TAXTYPE: 'GST',
        GSTDUTYHEAD: head,
      });
    }
    const vouchers = messages.flatMap((m) => (m.VOUCHER ? [m.VOUCHER] : []));
    const voucher = vouchers.find(
      (v) => v['@_REMOTEID'] === `siteledger-service_bookings-${booking.id}`,
    )!;
    expect(voucher['@_VCHTYPE']).toBe('Purchase');
    expect((voucher as unknown as Record<string, string>).ISREVERSECHARGEAPPLICABLE).toBe('Yes');
    const lines = voucher['ALLLEDGERENTRIES.LIST'].map((l) => [
      l.LEDGERNAME,
      l.ISDEEMEDPOSITIVE,
      paise(l.AMOUNT),
    ]);
    expect(lines).toEqual([
      ['Shivneri Transport', 'No', 1234567],
      ['Services', 'Yes', -1234567],
      ['Input CGST', 'Yes', -30864],
      ['Input SGST', 'Yes', -30864],
      ['Output CGST (RCM)', 'No', 30864],
      ['Output SGST (RCM)', 'No', 30864],
    ]);
    const services = voucher['ALLLEDGERENTRIES.LIST'][1] as unknown as Record<string, string>;
    expect(services.GSTOVRDNISREVCHARGEAPPL).toBe('Applicable');

    const bill = vouchers.find((v) => v['@_REMOTEID'] === `siteledger-deliveries-${delivery.id}`)!;
    expect(bill['ALLLEDGERENTRIES.LIST'].map((l) => [l.LEDGERNAME, paise(l.AMOUNT)])).toEqual([
      ['Shivneri Transport', 900000],
      ['Purchase', -900000],
      ['Input CGST', -22500],
      ['Input SGST', -22500],
      ['Output CGST (RCM)', 22500],
      ['Output SGST (RCM)', 22500],
    ]);
  });
});

describe('item 10 on a site that adds GST to cost', () => {
  it('reverses the RCM credit in 4(B)(1) and puts the tax in the cost in Tally', async () => {
    const site = (await createSite(server.url, owner.token, { name: 'Own house' })).id;
    const at = (path: string) => `/api/sites/${site}${path}`;
    const post = async (path: string, body: unknown) => {
      const res = await call<{ id: string }>(server.url, 'POST', at(path), {
        token: owner.token,
        body,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id;
    };
    // Cost mode is the default; the site is in Karnataka, the transporter in Maharashtra: IGST.
    await call(server.url, 'PATCH', `/api/sites/${site}`, {
      token: owner.token,
      body: { state_code: '29' },
    });
    const vendor = await post('/vendors', { name: 'Pune Roadways', state_code: '27' });
    const service = await post('/services', {
      name: 'GTA freight',
      category: 'transport',
      unit: 'job',
      standard_rate: 1,
      sac_code: '996511',
      gst_rate: 5,
    });
    const booking = await post('/service_bookings', {
      service,
      vendor,
      start_date: '2025-11-03',
      duration: 1,
      unit_rate: 20000,
      reverse_charge: true,
      supplier_invoice_number: 'PR/207',
      supplier_invoice_date: '2025-11-03',
    });
    const register = await call<{
      inward_reverse_charge: Record<string, number>;
      input_tax: Record<string, Record<string, number>>;
    }>(server.url, 'GET', at('/reports/purchase-register?from=2025-11-01&to=2025-11-30'), {
      token: owner.token,
    });
    const igst = { integrated_tax: 1000, central_tax: 0, state_tax: 0, cess: 0 };
    expect(register.body.inward_reverse_charge).toEqual({ taxable_value: 20000, ...igst });
    expect(register.body.input_tax.reverse_charge_itc).toEqual(igst);
    expect(register.body.input_tax.reversed_section_17_5).toEqual(igst);
    expect(register.body.input_tax.net_itc).toEqual({ ...igst, integrated_tax: 0 });

    const file = await download(
      server,
      `/api/sites/${site}/exports/tally?from=2025-11-01&to=2025-11-30`,
      owner.token,
    );
    const doc = parser.parse(file.text) as Envelope;
    const voucher = (doc.ENVELOPE.BODY.IMPORTDATA[0]!.REQUESTDATA.TALLYMESSAGE ?? [])
      .flatMap((m) => (m.VOUCHER ? [m.VOUCHER] : []))
      .find((v) => v['@_REMOTEID'] === `siteledger-service_bookings-${booking}`)!;
    expect(voucher['ALLLEDGERENTRIES.LIST'].map((l) => [l.LEDGERNAME, paise(l.AMOUNT)])).toEqual([
      ['Pune Roadways', 2000000],
      ['Services', -2100000],
      ['Output IGST (RCM)', 100000],
    ]);
  });
});

describe('the books', () => {
  it('stay consistent (integrity check)', async () => {
    const found = await checkIntegrity(server.ctx.db.kysely);
    expect(found.length, formatViolations(found)).toBe(0);
  });
});
