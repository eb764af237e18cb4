/**
 * Issue 40 item 5: wrong input tax credit.
 * (a) Tax on a bill whose place of supply is not the site's state is not claimable (GSTR-3B
 *     table 4(D)(2), Circular 170/02/2022-GST): the delivery read warns in claim mode, the
 *     register reports it under 4(D)(2) and keeps it out of 4(A)(5) and 4(C), Tally posts it
 *     to cost.
 * (b) A typed tax_amount from a composition or unregistered vendor is refused (CGST Act
 *     s.10(4) and s.31: no tax may be collected), on create, on PATCH and on a change of vendor.
 */
import { gstinCheckChar } from '@siteledger/domain';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { download } from './helpers/export-fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const gstin = (state: string, pan: string) => {
  const first = `${state}${pan}1Z`;
  return first + gstinCheckChar(first);
};

interface Heads {
  integrated_tax: number;
  central_tax: number;
  state_tax: number;
  cess: number;
}
interface InputTax {
  input_tax_mode: string;
  all_other_itc: Heads;
  reversed_section_17_5: Heads;
  net_itc: Heads;
  ineligible_pos: Heads;
  reverse_charge_itc: Heads;
}
interface DeliveryRead {
  id: string;
  tax_amount: number;
  itc_ineligible_reason: string | null;
}
interface ErrorBody {
  code: string;
  data?: Record<string, { code: string; message: string }>;
}

let server: TestServer;
let owner: Registered;
let claim: string;
let cost: string;
const ids = {
  local: '',
  karnataka: '',
  composition: '',
  unregistered: '',
  cement: '',
  costKarnataka: '',
  costCement: '',
  otherState: '',
  home: '',
};
const heads = (i: number, c: number, s: number): Heads => ({
  integrated_tax: i,
  central_tax: c,
  state_tax: s,
  cess: 0,
});

async function req<T>(site: string, method: string, path: string, body?: object) {
  return call<T>(server.url, method, `/api/sites/${site}${path}`, {
    token: owner.token,
    ...(body ? { body: body as Record<string, unknown> } : {}),
  });
}
async function post<T = { id: string }>(site: string, path: string, body: object): Promise<T> {
  const res = await req<T>(site, 'POST', path, body);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
  return res.body;
}

async function register(site: string): Promise<InputTax> {
  const res = await req<{ input_tax: InputTax }>(
    site,
    'GET',
    '/reports/purchase-register?from=2026-05-01&to=2026-05-31',
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.input_tax;
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url, { name: 'Owner' });
  claim = (await createSite(server.url, owner.token, { name: 'Claim Site' })).id;
  cost = (await createSite(server.url, owner.token, { name: 'Cost Site' })).id;
  for (const [site, mode] of [
    [claim, 'claim'],
    [cost, 'cost'],
  ] as const) {
    const res = await call(server.url, 'PATCH', `/api/sites/${site}`, {
      token: owner.token,
      body: { state_code: '27', input_tax_mode: mode },
    });
    expect(res.status).toBe(200);
  }
  ids.local = (
    await post(claim, '/vendors', { name: 'Ram Traders', gstin: gstin('27', 'AAPFU0939F') })
  ).id;
  ids.karnataka = (
    await post(claim, '/vendors', { name: 'Karnataka Steel', gstin: gstin('29', 'AABCK1234L') })
  ).id;
  ids.composition = (
    await post(claim, '/vendors', {
      name: 'Small Hardware',
      gstin: gstin('27', 'AAHPS4321M'),
      registration_type: 'composition',
    })
  ).id;
  ids.unregistered = (await post(claim, '/vendors', { name: 'Mistri', state_code: '27' })).id;
  ids.cement = (await post(claim, '/items', { name: 'Cement', unit: 'bag' })).id;
  ids.costKarnataka = (
    await post(cost, '/vendors', { name: 'Karnataka Steel', gstin: gstin('29', 'AABCK1234L') })
  ).id;
  ids.costCement = (await post(cost, '/items', { name: 'Cement', unit: 'bag' })).id;

  // Place of supply Karnataka, vendor in Karnataka: CGST 90 + SGST 90 of Karnataka.
  ids.otherState = (
    await post(claim, '/deliveries', {
      vendor: ids.karnataka,
      delivery_date: '2026-05-04',
      place_of_supply: '29',
      delivery_items: [{ item: ids.cement, quantity: 10, unit_price: 100, gst_rate: 18 }],
    })
  ).id;
  // The site's own state: IGST 36, claimable.
  ids.home = (
    await post(claim, '/deliveries', {
      vendor: ids.karnataka,
      delivery_date: '2026-05-05',
      delivery_items: [{ item: ids.cement, quantity: 2, unit_price: 100, gst_rate: 18 }],
    })
  ).id;
  await post(cost, '/deliveries', {
    vendor: ids.costKarnataka,
    delivery_date: '2026-05-04',
    place_of_supply: '29',
    delivery_items: [{ item: ids.costCement, quantity: 10, unit_price: 100, gst_rate: 18 }],
  });
  await post(cost, '/deliveries', {
    vendor: ids.costKarnataka,
    delivery_date: '2026-05-05',
    delivery_items: [{ item: ids.costCement, quantity: 2, unit_price: 100, gst_rate: 18 }],
  });
});
afterAll(async () => {
  await server?.close();
});

describe('tax on a bill whose place of supply is another state (4(D)(2))', () => {
  it('warns on the delivery read in claim mode, and not on a bill of the site state', async () => {
    const other = await req<DeliveryRead>(claim, 'GET', `/deliveries/${ids.otherState}`);
    expect(other.body).toMatchObject({ tax_amount: 180, itc_ineligible_reason: 'place_of_supply' });
    const home = await req<DeliveryRead>(claim, 'GET', `/deliveries/${ids.home}`);
    expect(home.body.itc_ineligible_reason).toBeNull();
    const list = await req<{ items: DeliveryRead[] }>(claim, 'GET', '/deliveries');
    expect(list.body.items.find((d) => d.id === ids.otherState)?.itc_ineligible_reason).toBe(
      'place_of_supply',
    );
    // The create reply carries it too.
    const created = await post<DeliveryRead>(claim, '/deliveries', {
      vendor: ids.karnataka,
      delivery_date: '2026-04-20',
      place_of_supply: '29',
      delivery_items: [{ item: ids.cement, quantity: 1, unit_price: 100, gst_rate: 18 }],
    });
    expect(created.itc_ineligible_reason).toBe('place_of_supply');
  });

  it('is no warning in cost mode, where no credit is claimed anyway', async () => {
    const list = await req<{ items: DeliveryRead[] }>(cost, 'GET', '/deliveries');
    expect(list.body.items).toHaveLength(2);
    for (const d of list.body.items) expect(d.itc_ineligible_reason).toBeNull();
  });

  it('reports it under 4(D)(2), outside 4(A)(5) and the net credit 4(C)', async () => {
    expect(await register(claim)).toEqual({
      input_tax_mode: 'claim',
      all_other_itc: heads(36, 0, 0),
      reversed_section_17_5: heads(0, 0, 0),
      net_itc: heads(36, 0, 0),
      ineligible_pos: heads(0, 90, 90),
      reverse_charge_itc: heads(0, 0, 0),
    });
    // Cost mode: 4(A)(5) is reversed in 4(B)(1); the PoS tax is still 4(D)(2), not 4(A).
    expect(await register(cost)).toEqual({
      input_tax_mode: 'cost',
      all_other_itc: heads(36, 0, 0),
      reversed_section_17_5: heads(36, 0, 0),
      net_itc: heads(0, 0, 0),
      ineligible_pos: heads(0, 90, 90),
      reverse_charge_itc: heads(0, 0, 0),
    });
  });

  it('posts it to cost in Tally, not to the Input ledgers', async () => {
    const res = await download(
      server,
      `/api/sites/${claim}/exports/tally?from=2026-05-01&to=2026-05-31`,
      owner.token,
    );
    expect(res.status).toBe(200);
    const doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      parseTagValue: false,
      isArray: (name) => name === 'TALLYMESSAGE' || name === 'ALLLEDGERENTRIES.LIST',
    }).parse(res.text) as {
      ENVELOPE: {
        BODY: { IMPORTDATA: { REQUESTDATA: { TALLYMESSAGE: Record<string, unknown>[] } } };
      };
    };
    const vouchers = doc.ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE.flatMap((m) =>
      m.VOUCHER ? [m.VOUCHER as Record<string, unknown>] : [],
    );
    const lines = (id: string) =>
      (
        vouchers.find((v) => v['@_REMOTEID'] === `siteledger-deliveries-${id}`)![
          'ALLLEDGERENTRIES.LIST'
        ] as Record<string, string>[]
      ).map((l) => [l.LEDGERNAME, l.AMOUNT, l.GSTOVRDNINELIGIBLEITC ?? null]);
    expect(lines(ids.otherState)).toEqual([
      ['Karnataka Steel', '1180.00', null],
      ['Purchase', '-1180.00', 'Applicable'],
    ]);
    expect(lines(ids.home)).toEqual([
      ['Karnataka Steel', '236.00', null],
      ['Purchase', '-200.00', null],
      ['Input IGST', '-36.00', null],
    ]);
  });
});

describe('a typed tax from a vendor who cannot charge GST (s.10(4))', () => {
  const bill = (vendor: string, tax?: number) => ({
    vendor,
    delivery_date: '2026-05-10',
    ...(tax === undefined ? {} : { tax_amount: tax }),
    delivery_items: [{ item: ids.cement, quantity: 1, unit_price: 500 }],
  });

  it('is refused on create for a composition or unregistered vendor', async () => {
    for (const vendor of [ids.composition, ids.unregistered]) {
      const res = await req<ErrorBody>(claim, 'POST', '/deliveries', bill(vendor, 50));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.body.data ?? {})).toEqual(['tax_amount']);
    }
    // No tax, or a zero, is fine; a regular vendor may still type one.
    await post(claim, '/deliveries', bill(ids.composition, 0));
    await post(claim, '/deliveries', bill(ids.unregistered));
    await post(claim, '/deliveries', bill(ids.local, 50));
    // A vendor with no GST details recorded at all (no GSTIN, no state: books kept before the
    // GST fields) keeps the contract's typed tax "as today".
    const plain = (await post(claim, '/vendors', { name: 'Old Supplier' })).id;
    const kept = await post<DeliveryRead>(claim, '/deliveries', bill(plain, 50));
    expect(kept.tax_amount).toBe(50);
  });

  it('is refused on PATCH and when the vendor changes to one who cannot charge it', async () => {
    const mine = await post<DeliveryRead>(claim, '/deliveries', bill(ids.unregistered));
    const typed = await req<ErrorBody>(claim, 'PATCH', `/deliveries/${mine.id}`, {
      tax_amount: 20,
    });
    expect(typed.status).toBe(400);
    expect(Object.keys(typed.body.data ?? {})).toEqual(['tax_amount']);

    const regular = await post<DeliveryRead>(claim, '/deliveries', bill(ids.local, 50));
    const moved = await req<ErrorBody>(claim, 'PATCH', `/deliveries/${regular.id}`, {
      vendor: ids.composition,
    });
    expect(moved.status).toBe(400);
    expect(Object.keys(moved.body.data ?? {})).toEqual(['tax_amount']);
    // Nothing changed.
    const kept = await req<DeliveryRead & { vendor: string }>(
      claim,
      'GET',
      `/deliveries/${regular.id}`,
    );
    expect(kept.body).toMatchObject({ vendor: ids.local, tax_amount: 50 });
    // Clearing the tax in the same change is accepted.
    const cleared = await req<DeliveryRead & { vendor: string }>(
      claim,
      'PATCH',
      `/deliveries/${regular.id}`,
      { vendor: ids.composition, tax_amount: 0 },
    );
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body).toMatchObject({ vendor: ids.composition, tax_amount: 0 });
  });

  it('leaves existing rows alone: a vendor who became composition keeps its old typed tax', async () => {
    const vendor = (
      await post(claim, '/vendors', { name: 'Changed Vendor', gstin: gstin('27', 'AAKPC1111D') })
    ).id;
    const old = await post<DeliveryRead>(claim, '/deliveries', bill(vendor, 40));
    const switched = await req(claim, 'PATCH', `/vendors/${vendor}`, {
      registration_type: 'composition',
    });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    const edited = await req<DeliveryRead>(claim, 'PATCH', `/deliveries/${old.id}`, {
      notes: 'checked',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.tax_amount).toBe(40);
  });
});
