/**
 * GST (issue 23, API.md "GST") over HTTP on a real server and database: the site's profile, the
 * vendor's state and registration, HSN/SAC and default rates, the CGST/SGST or IGST split of
 * delivery lines in exact paise, the refusals (which write nothing), a return reversing tax, and
 * the integrity check staying clean.
 */
import { gstinCheckChar } from '@siteledger/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIntegrity, formatViolations } from '../src/integrity/check.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let siteId: string;

/** A GSTIN with the right check character: state, PAN, entity 1, Z. */
function gstin(state: string, pan: string): string {
  const body = `${state}${pan}1Z`;
  return body + gstinCheckChar(body);
}
const SITE_GSTIN = gstin('27', 'AAACS1234K'); // Maharashtra
const LOCAL_GSTIN = gstin('27', 'AABCL5678M'); // a vendor in the same state
const KARNATAKA_GSTIN = gstin('29', 'AAGCB7383J'); // a vendor in another state

interface Line {
  id: string;
  total_amount: number;
  gst_rate: number | null;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
}
interface Delivery {
  id: string;
  items_total: number;
  tax_amount: number;
  round_off: number;
  total_amount: number;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
  place_of_supply: string | null;
  supplier_invoice_number: string | null;
  supplier_invoice_date: string | null;
  delivery_items: Line[];
}
interface ErrorBody {
  code: string;
  data: Record<string, { message: string }>;
}

const url = (path: string) => `/api/sites/${siteId}${path}`;
const req = <T>(method: string, path: string, body?: unknown, token = owner.token) =>
  call<T>(server.url, method, url(path), { token, body });

async function created<T extends { id: string }>(path: string, body: unknown): Promise<T> {
  const res = await req<T>('POST', path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function rowCounts() {
  const count = async (table: 'deliveries' | 'delivery_items' | 'vendor_returns') =>
    Number(
      (
        await server.ctx.db.kysely
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    deliveries: await count('deliveries'),
    lines: await count('delivery_items'),
    returns: await count('vendor_returns'),
  };
}

let localVendor: string;
let outsideVendor: string;
let unregistered: string;
let cement: string;
let steel: string;
let sand: string;

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  supervisor = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  await addMember(server, siteId, supervisor.user.id, 'supervisor');
});
afterAll(async () => {
  await server?.close();
});

describe('the site GST profile', () => {
  it('starts with input tax added to cost and no state', async () => {
    const site = await call<Record<string, unknown>>(server.url, 'GET', `/api/sites/${siteId}`, {
      token: owner.token,
    });
    expect(site.body).toMatchObject({ gstin: null, state_code: null, input_tax_mode: 'cost' });
  });

  it('takes the state from the GSTIN and refuses a different one beside it', async () => {
    const wrong = await call<ErrorBody>(server.url, 'PATCH', `/api/sites/${siteId}`, {
      token: owner.token,
      body: { gstin: SITE_GSTIN, state_code: '29' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(wrong.body.data)).toEqual(['state_code']);
    const typo = await call<ErrorBody>(server.url, 'PATCH', `/api/sites/${siteId}`, {
      token: owner.token,
      body: { gstin: SITE_GSTIN.slice(0, 14) + (SITE_GSTIN.endsWith('A') ? 'B' : 'A') },
    });
    expect(typo.status).toBe(400);
    expect(Object.keys(typo.body.data)).toEqual(['gstin']);

    const ok = await call<Record<string, unknown>>(server.url, 'PATCH', `/api/sites/${siteId}`, {
      token: owner.token,
      body: { gstin: SITE_GSTIN.toLowerCase(), input_tax_mode: 'claim' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      gstin: SITE_GSTIN,
      state_code: '27',
      input_tax_mode: 'claim',
    });
  });

  it('is the owner’s to change', async () => {
    const res = await call<ErrorBody>(server.url, 'PATCH', `/api/sites/${siteId}`, {
      token: supervisor.token,
      body: { input_tax_mode: 'cost' },
    });
    expect(res.status).toBe(403);
  });
});

describe('vendors, items and services', () => {
  it('derives a vendor’s state and registration from the GSTIN', async () => {
    const local = await created<Record<string, unknown> & { id: string }>('/vendors', {
      name: 'Local Cement Depot',
      gstin: LOCAL_GSTIN,
    });
    expect(local).toMatchObject({ state_code: '27', registration_type: 'regular' });
    localVendor = local.id;
    const outside = await created<Record<string, unknown> & { id: string }>('/vendors', {
      name: 'Bengaluru Steel',
      gstin: KARNATAKA_GSTIN,
    });
    expect(outside).toMatchObject({ state_code: '29', registration_type: 'regular' });
    outsideVendor = outside.id;
    const plain = await created<Record<string, unknown> & { id: string }>('/vendors', {
      name: 'Sand Supplier',
      state_code: '27',
    });
    expect(plain).toMatchObject({ state_code: '27', registration_type: 'unregistered' });
    unregistered = plain.id;
  });

  it('refuses a registration that does not fit the GSTIN', async () => {
    const before = await req<{ totalItems: number }>('GET', '/vendors');
    const a = await req<ErrorBody>('POST', '/vendors', {
      name: 'X',
      gstin: LOCAL_GSTIN,
      registration_type: 'unregistered',
    });
    const b = await req<ErrorBody>('POST', '/vendors', { name: 'Y', registration_type: 'regular' });
    const c = await req<ErrorBody>('POST', '/vendors', { name: 'Z', state_code: '42' });
    for (const res of [a, b]) {
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.data)).toEqual(['registration_type']);
    }
    expect(c.status).toBe(400);
    expect(Object.keys(c.body.data)).toEqual(['state_code']);
    const after = await req<{ totalItems: number }>('GET', '/vendors');
    expect(after.body.totalItems).toBe(before.body.totalItems);
  });

  it('switches a vendor to composition and back, and clears the state with the GSTIN', async () => {
    const comp = await req<Record<string, unknown>>('PATCH', `/vendors/${localVendor}`, {
      registration_type: 'composition',
    });
    expect(comp.body).toMatchObject({ registration_type: 'composition', state_code: '27' });
    const back = await req<Record<string, unknown>>('PATCH', `/vendors/${localVendor}`, {
      registration_type: 'regular',
    });
    expect(back.body).toMatchObject({ registration_type: 'regular' });
    const temp = await created<{ id: string }>('/vendors', { name: 'Temp', gstin: LOCAL_GSTIN });
    const cleared = await req<Record<string, unknown>>('PATCH', `/vendors/${temp.id}`, {
      gstin: '',
    });
    expect(cleared.body).toMatchObject({
      gstin: null,
      state_code: null,
      registration_type: 'unregistered',
    });
  });

  it('keeps HSN, SAC and default rates, and refuses rates GST never had', async () => {
    const item = await created<Record<string, unknown> & { id: string }>('/items', {
      name: 'Cement OPC 53',
      unit: 'bag',
      hsn_code: '2523',
      gst_rate: 28,
    });
    expect(item).toMatchObject({ hsn_code: '2523', gst_rate: 28 });
    cement = item.id;
    steel = (
      await created<{ id: string }>('/items', {
        name: 'TMT bar',
        unit: 'kg',
        hsn_code: '72142090',
        gst_rate: 18,
      })
    ).id;
    sand = (await created<{ id: string }>('/items', { name: 'River sand', unit: 'brass' })).id;
    const bad = await req<ErrorBody>('POST', '/items', { name: 'X', unit: 'bag', gst_rate: 17 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data)).toEqual(['gst_rate']);
    const badHsn = await req<ErrorBody>('POST', '/items', {
      name: 'X',
      unit: 'bag',
      hsn_code: '25',
    });
    expect(Object.keys(badHsn.body.data)).toEqual(['hsn_code']);
    const service = await created<Record<string, unknown> & { id: string }>('/services', {
      name: 'JCB hire',
      category: 'equipment',
      unit: 'hour',
      standard_rate: 1200,
      sac_code: '997313',
      gst_rate: 18,
    });
    expect(service).toMatchObject({ sac_code: '997313', gst_rate: 18 });
    const badSac = await req<ErrorBody>('POST', '/services', {
      name: 'X',
      category: 'labor',
      unit: 'day',
      standard_rate: 1,
      sac_code: '123456',
    });
    expect(Object.keys(badSac.body.data)).toEqual(['sac_code']);
    const cleared = await req<Record<string, unknown>>('PATCH', `/items/${cement}`, {
      hsn_code: '',
    });
    expect(cleared.body).toMatchObject({ hsn_code: null, gst_rate: 28 });
  });
});

describe('delivery lines', () => {
  it('splits a same-state bill into CGST and SGST per line, rounded per line', async () => {
    // Cement 7 × 333.33 = 2333.31 at the item's 28 %: 653.3268 → 326.66 + 326.66 (half each,
    // rounded per head). Steel 13 × 61.5 = 799.50 at 18 %: 71.955 → 71.96 each (half away).
    const d = await created<Delivery>('/deliveries', {
      vendor: localVendor,
      delivery_date: '2026-10-02',
      delivery_reference: 'CH-101',
      supplier_invoice_number: 'LCD/26-27/0042',
      supplier_invoice_date: '2026-10-01',
      round_off: -0.37,
      delivery_items: [
        { item: cement, quantity: 7, unit_price: 333.33 },
        { item: steel, quantity: 13, unit_price: 61.5 },
      ],
    });
    expect(d.place_of_supply).toBe('27');
    expect(d.supplier_invoice_number).toBe('LCD/26-27/0042');
    expect(d.delivery_items.map((l) => [l.gst_rate, l.cgst_amount, l.sgst_amount])).toEqual([
      [28, 326.66, 326.66],
      [18, 71.96, 71.96],
    ]);
    expect(d).toMatchObject({
      items_total: 3132.81,
      cgst_amount: 398.62,
      sgst_amount: 398.62,
      igst_amount: 0,
      tax_amount: 797.24,
      total_amount: 3929.68,
    });
  });

  it('charges IGST to a vendor from another state, one figure per line', async () => {
    const d = await created<Delivery>('/deliveries', {
      vendor: outsideVendor,
      delivery_date: '2026-10-03',
      delivery_items: [
        { item: cement, quantity: 10, unit_price: 410.5 },
        { item: steel, quantity: 100, unit_price: 62.25 },
        { item: sand, quantity: 1, unit_price: 5000 },
      ],
    });
    expect(d.delivery_items.map((l) => [l.gst_rate, l.igst_amount, l.cgst_amount])).toEqual([
      [28, 1149.4, 0],
      [18, 1120.5, 0],
      [null, 0, 0],
    ]);
    expect(d).toMatchObject({ igst_amount: 2269.9, tax_amount: 2269.9, total_amount: 17599.9 });
  });

  it('refuses a typed tax beside line rates, and GST from an unregistered vendor, writing nothing', async () => {
    const before = await rowCounts();
    const typed = await req<ErrorBody>('POST', '/deliveries', {
      vendor: localVendor,
      delivery_date: '2026-10-04',
      tax_amount: 100,
      delivery_items: [{ item: steel, quantity: 1, unit_price: 100 }],
    });
    expect(typed.status).toBe(400);
    expect(Object.keys(typed.body.data)).toEqual(['tax_amount']);
    const unreg = await req<ErrorBody>('POST', '/deliveries', {
      vendor: unregistered,
      delivery_date: '2026-10-04',
      delivery_items: [
        { item: sand, quantity: 1, unit_price: 100 },
        { item: sand, quantity: 2, unit_price: 100, gst_rate: 5 },
      ],
    });
    expect(unreg.status).toBe(400);
    expect(Object.keys(unreg.body.data)).toEqual(['delivery_items.1.gst_rate']);
    const badRate = await req<ErrorBody>('POST', '/deliveries', {
      vendor: localVendor,
      delivery_date: '2026-10-04',
      delivery_items: [{ item: sand, quantity: 1, unit_price: 100, gst_rate: 13 }],
    });
    expect(badRate.status).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });

  it('lets an unregistered vendor’s bill keep its rate-less lines, but no typed tax', async () => {
    // Issue 40 item 5(b): an unregistered vendor cannot charge tax (CGST Act s.31), so a typed
    // tax on its bill is refused (test/gst-itc.test.ts); rate-less lines are kept as before.
    const refused = await req<ErrorBody>('POST', '/deliveries', {
      vendor: unregistered,
      delivery_date: '2026-10-04',
      tax_amount: 12.5,
      delivery_items: [{ item: steel, quantity: 1, unit_price: 100, gst_rate: null }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toHaveProperty('tax_amount');
    const d = await created<Delivery>('/deliveries', {
      vendor: unregistered,
      delivery_date: '2026-10-04',
      round_off: 0.5,
      delivery_items: [{ item: steel, quantity: 1, unit_price: 100, gst_rate: null }],
    });
    expect(d).toMatchObject({
      tax_amount: 0,
      cgst_amount: 0,
      igst_amount: 0,
      total_amount: 100.5,
    });
    expect(d.delivery_items[0]!.gst_rate).toBeNull();
  });

  it('splits again when the place of supply or a line changes', async () => {
    const d = await created<Delivery>('/deliveries', {
      vendor: localVendor,
      delivery_date: '2026-10-05',
      delivery_items: [{ item: steel, quantity: 10, unit_price: 100 }],
    });
    expect(d).toMatchObject({ cgst_amount: 90, sgst_amount: 90, total_amount: 1180 });
    const moved = await req<Delivery>('PATCH', `/deliveries/${d.id}`, { place_of_supply: '29' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      place_of_supply: '29',
      cgst_amount: 0,
      igst_amount: 180,
      tax_amount: 180,
      total_amount: 1180,
    });
    const line = moved.body.delivery_items[0]!.id;
    const rerated = await req<Line>('PATCH', `/delivery_items/${line}`, { gst_rate: 5 });
    expect(rerated.body).toMatchObject({ gst_rate: 5, igst_amount: 50 });
    const added = await req<Line>('POST', '/delivery_items', {
      delivery: d.id,
      item: cement,
      quantity: 1,
      unit_price: 100,
    });
    expect(added.body).toMatchObject({ gst_rate: 28, igst_amount: 28 });
    const after = await req<Delivery>('GET', `/deliveries/${d.id}`);
    expect(after.body).toMatchObject({ igst_amount: 78, tax_amount: 78, total_amount: 1178 });
    const typed = await req<ErrorBody>('PATCH', `/deliveries/${d.id}`, { tax_amount: 1 });
    expect(typed.status).toBe(400);
    expect(Object.keys(typed.body.data)).toEqual(['tax_amount']);
    // Rates gone: the computed tax does not linger as if it had been typed.
    for (const l of after.body.delivery_items) {
      await req('PATCH', `/delivery_items/${l.id}`, { gst_rate: null });
    }
    const plain = await req<Delivery>('GET', `/deliveries/${d.id}`);
    expect(plain.body).toMatchObject({ tax_amount: 0, igst_amount: 0, total_amount: 1100 });
  });

  it('refuses a line rate for a vendor without GST on the single-line route', async () => {
    const d = await created<Delivery>('/deliveries', {
      vendor: unregistered,
      delivery_date: '2026-10-06',
      delivery_items: [{ item: sand, quantity: 1, unit_price: 100 }],
    });
    const res = await req<ErrorBody>('POST', '/delivery_items', {
      delivery: d.id,
      item: steel,
      quantity: 1,
      unit_price: 50,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data)).toEqual(['gst_rate']);
    const again = await req<Delivery>('GET', `/deliveries/${d.id}`);
    expect(again.body.delivery_items).toHaveLength(1);
  });
});

describe('returns', () => {
  it('reverse tax at the delivery line’s rate and split, and may give back value plus tax', async () => {
    const d = await created<Delivery>('/deliveries', {
      vendor: outsideVendor,
      delivery_date: '2026-10-07',
      delivery_items: [
        { item: steel, quantity: 100, unit_price: 61.37 },
        { item: cement, quantity: 10, unit_price: 400 },
      ],
    });
    const [steelLine, cementLine] = d.delivery_items;
    // 3 × 61.37 = 184.11 at 18 % IGST = 33.1398 → 33.14; 2 × 400 at 28 % = 224.
    const body = (amount: number) => ({
      vendor: outsideVendor,
      return_date: '2026-10-08',
      reason: 'damaged',
      items: [
        {
          delivery_item: steelLine!.id,
          quantity_returned: 3,
          return_rate: 61.37,
          condition: 'damaged',
        },
        {
          delivery_item: cementLine!.id,
          quantity_returned: 2,
          return_rate: 400,
          condition: 'damaged',
        },
      ],
      refund: { type: 'credit', amount, refund_date: '2026-10-08' },
    });
    const before = await rowCounts();
    const tooMuch = await req<ErrorBody>('POST', '/vendor_returns', body(1241.26));
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.code).toBe('REFUND_EXCEEDS_RETURN');
    expect(await rowCounts()).toEqual(before);
    const ret = await created<Record<string, unknown> & { id: string; items: Line[] }>(
      '/vendor_returns',
      body(1241.25),
    );
    expect(ret).toMatchObject({
      total_return_amount: 984.11,
      igst_amount: 257.14,
      cgst_amount: 0,
      actual_refund_amount: 1241.25,
    });
    expect(ret.items.map((i) => i.igst_amount)).toEqual([33.14, 224]);

    // The same-state split reverses CGST and SGST.
    const local = await created<Delivery>('/deliveries', {
      vendor: localVendor,
      delivery_date: '2026-10-07',
      delivery_items: [{ item: steel, quantity: 5, unit_price: 99.99 }],
    });
    const localReturn = await created<Record<string, unknown> & { id: string }>('/vendor_returns', {
      vendor: localVendor,
      return_date: '2026-10-08',
      reason: 'wrong_item',
      items: [
        {
          delivery_item: local.delivery_items[0]!.id,
          quantity_returned: 1,
          return_rate: 99.99,
          condition: 'unopened',
        },
      ],
    });
    // 99.99 × 18 % = 17.9982 → 9.00 + 9.00 (8.9991 each, half away from zero per head).
    expect(localReturn).toMatchObject({ cgst_amount: 9, sgst_amount: 9, igst_amount: 0 });
    // A corrected quantity reverses tax again.
    const edited = await req<Record<string, unknown>>(
      'PATCH',
      `/vendor_returns/${localReturn.id}`,
      {
        items: [
          {
            id: (localReturn as unknown as { items: { id: string }[] }).items[0]!.id,
            quantity_returned: 2,
          },
        ],
      },
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      total_return_amount: 199.98,
      cgst_amount: 18,
      sgst_amount: 18,
    });
  });
});

describe('service bookings', () => {
  interface Booking {
    id: string;
    total_amount: number;
    gst_rate: number | null;
    cgst_amount: number;
    sgst_amount: number;
    igst_amount: number;
    paid_amount: number;
    payment_status: string;
  }

  it('charge GST on the total, are owed total plus tax, and are paid in full only then', async () => {
    const service = await created<{ id: string }>('/services', {
      name: 'Shuttering labour',
      category: 'labor',
      unit: 'day',
      standard_rate: 1000,
      sac_code: '995457',
      gst_rate: 18,
    });
    // 3.5 days × ₹1 234.57 = ₹4 321.00 (4 320.995 rounded once) at the service's 18 %, vendor
    // in the site's state: CGST = SGST = 388.89 (388.89 each, 388.8900 → half of 777.78).
    const booking = await created<Booking>('/service_bookings', {
      service: service.id,
      vendor: localVendor,
      start_date: '2026-10-10',
      duration: 3.5,
      unit_rate: 1234.57,
      percent_completed: 100,
    });
    expect(booking).toMatchObject({
      total_amount: 4321,
      gst_rate: 18,
      cgst_amount: 388.89,
      sgst_amount: 388.89,
      igst_amount: 0,
    });
    // From another state: IGST; no GST when the rate is cleared.
    const igst = await created<Booking>('/service_bookings', {
      service: service.id,
      vendor: outsideVendor,
      start_date: '2026-10-10',
      duration: 1,
      unit_rate: 1000,
    });
    expect(igst).toMatchObject({ igst_amount: 180, cgst_amount: 0 });
    const cleared = await req<Booking>('PATCH', `/service_bookings/${igst.id}`, { gst_rate: null });
    expect(cleared.body).toMatchObject({ gst_rate: null, igst_amount: 0 });
    const refused = await req<ErrorBody>('POST', '/service_bookings', {
      service: service.id,
      vendor: unregistered,
      start_date: '2026-10-10',
      duration: 1,
      unit_rate: 100,
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.data)).toEqual(['gst_rate']);

    // The payables and the vendor owe the tax too.
    const payables = await req<{ service_bookings: { id: string; due: number }[] }>(
      'GET',
      `/vendors/${localVendor}/payables`,
    );
    expect(payables.body.service_bookings.find((b) => b.id === booking.id)?.due).toBe(5098.78);
    const account = await created<{ id: string }>('/accounts', {
      name: 'HDFC current',
      type: 'bank',
      opening_balance: 100000,
    });
    const pay = (amount: number) =>
      req<ErrorBody & { id: string }>('POST', '/payments', {
        vendor: localVendor,
        account: account.id,
        amount,
        payment_date: '2026-10-11',
        service_booking_allocations: [{ service_booking: booking.id, amount }],
      });
    const over = await pay(5098.79);
    expect(over.status).toBe(400);
    const part = await pay(4321);
    expect(part.status).toBe(201);
    let after = await req<Booking>('GET', `/service_bookings/${booking.id}`);
    expect(after.body).toMatchObject({ paid_amount: 4321, payment_status: 'partial' });
    expect((await pay(777.78)).status).toBe(201);
    after = await req<Booking>('GET', `/service_bookings/${booking.id}`);
    expect(after.body).toMatchObject({ paid_amount: 5098.78, payment_status: 'paid' });

    // A lower rate would owe less than was paid: refused unless the excess is released.
    const lower = await req<ErrorBody>('PATCH', `/service_bookings/${booking.id}`, { gst_rate: 5 });
    expect(lower.status).toBe(409);
    const still = await req<Booking>('GET', `/service_bookings/${booking.id}`);
    expect(still.body).toMatchObject({ gst_rate: 18, cgst_amount: 388.89 });
  });
});

describe('the books', () => {
  it('stay consistent (integrity check)', async () => {
    const found = await checkIntegrity(server.ctx.db.kysely);
    expect(found.length, formatViolations(found)).toBe(0);
  });
});
