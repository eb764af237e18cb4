import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '../src/platform/business-time.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let accountant: Registered;
let siteId: string;
let otherOwner: Registered;
let otherSiteId: string;

interface Quotation {
  id: string;
  site: string;
  vendor: string;
  quotation_type: 'item' | 'service';
  item: string | null;
  service: string | null;
  unit_price: number;
  minimum_quantity: number | null;
  valid_until: string | null;
  notes: string | null;
  status: string;
  created: string;
  expand?: {
    vendor?: { id: string; name: string };
    item?: { id: string; name: string; unit: string };
    service?: { id: string; name: string; standard_rate: number };
  };
}
interface Page<T> {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: T[];
}
interface ErrorBody {
  code: string;
  message: string;
  data: Record<string, { code: string; message: string } | undefined>;
}

const url = (path: string, site = siteId) => `/api/sites/${site}${path}`;

async function post<T>(path: string, body: unknown, token = owner.token, site = siteId) {
  const res = await call<T>(server.url, 'POST', url(path, site), { token, body });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const mkVendor = (name: string, site = siteId, token = owner.token) =>
  post<{ id: string }>('/vendors', { name }, token, site);
const mkItem = (name: string, site = siteId, token = owner.token) =>
  post<{ id: string }>('/items', { name, unit: 'bag' }, token, site);
const mkService = (name: string, site = siteId, token = owner.token) =>
  post<{ id: string }>(
    '/services',
    { name, category: 'equipment', unit: 'hour', standard_rate: 1500.5 },
    token,
    site,
  );

let vendorA: string;
let vendorB: string;
let cement: string;
let jcb: string;
let foreignVendor: string;
let foreignItem: string;
let foreignService: string;

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  supervisor = await registerUser(server.url);
  accountant = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  await addMember(server, siteId, supervisor.user.id, 'supervisor');
  await addMember(server, siteId, accountant.user.id, 'accountant');
  otherOwner = await registerUser(server.url);
  otherSiteId = (await createSite(server.url, otherOwner.token)).id;
  vendorA = (await mkVendor('Ambuja Dealer')).id;
  vendorB = (await mkVendor('Birla Depot')).id;
  cement = (await mkItem('OPC Cement')).id;
  jcb = (await mkService('JCB hire')).id;
  foreignVendor = (await mkVendor('Their vendor', otherSiteId, otherOwner.token)).id;
  foreignItem = (await mkItem('Their item', otherSiteId, otherOwner.token)).id;
  foreignService = (await mkService('Their service', otherSiteId, otherOwner.token)).id;
});
afterAll(async () => {
  await server?.close();
});

function shiftDay(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

describe('quotations', () => {
  it('creates item and service quotations with prices in rupees and quantities to 3 decimals', async () => {
    const q = await post<Quotation>(
      '/quotations',
      {
        vendor: vendorA,
        quotation_type: 'item',
        item: cement,
        unit_price: 385.75,
        minimum_quantity: 100.125,
        valid_until: '2099-03-31',
        notes: ' Free delivery above 200 bags ',
      },
      supervisor.token,
    );
    expect(q).toMatchObject({
      site: siteId,
      vendor: vendorA,
      quotation_type: 'item',
      item: cement,
      service: null,
      unit_price: 385.75,
      minimum_quantity: 100.125,
      valid_until: '2099-03-31',
      notes: 'Free delivery above 200 bags',
      status: 'pending',
    });
    const row = await server.ctx.db.kysely
      .selectFrom('quotations')
      .select(['unit_price', 'minimum_quantity', 'created_by'])
      .where('id', '=', q.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      unit_price: 38_575,
      minimum_quantity: 100_125,
      created_by: supervisor.user.id,
    });
    const s = await post<Quotation>('/quotations', {
      vendor: vendorB,
      quotation_type: 'service',
      service: jcb,
      unit_price: 1400,
      status: 'accepted',
    });
    expect(s).toMatchObject({
      item: null,
      service: jcb,
      minimum_quantity: null,
      status: 'accepted',
    });
    const got = await call<Quotation>(
      server.url,
      'GET',
      url(`/quotations/${s.id}?expand=vendor,service`),
      { token: accountant.token },
    );
    expect(got.body.expand?.vendor?.name).toBe('Birla Depot');
    expect(got.body.expand?.service).toMatchObject({ name: 'JCB hire', standard_rate: 1500.5 });
  });

  it('validates amounts, dates, enums and exactly one target matching the type', async () => {
    const base = { vendor: vendorA, quotation_type: 'item', item: cement, unit_price: 10 };
    for (const [body, fields] of [
      [{ ...base, unit_price: 0 }, ['unit_price']],
      [{ ...base, unit_price: -5 }, ['unit_price']],
      [{ ...base, unit_price: 1.234 }, ['unit_price']],
      [{ ...base, minimum_quantity: 0 }, ['minimum_quantity']],
      [{ ...base, minimum_quantity: 1.0005 }, ['minimum_quantity']],
      [{ ...base, valid_until: '2026-02-30' }, ['valid_until']],
      [{ ...base, status: 'won' }, ['status']],
      [{ ...base, quotation_type: 'material' }, ['quotation_type']],
      [{ ...base, vendor: undefined }, ['vendor']],
      // type item: the item is required and a service is refused
      [
        { vendor: vendorA, quotation_type: 'item', service: jcb, unit_price: 10 },
        ['item', 'service'],
      ],
      [{ ...base, service: jcb }, ['service']],
      [{ vendor: vendorA, quotation_type: 'item', unit_price: 10 }, ['item']],
      // type service: the service is required and an item is refused
      [
        { vendor: vendorA, quotation_type: 'service', item: cement, unit_price: 10 },
        ['service', 'item'],
      ],
      [
        { vendor: vendorA, quotation_type: 'service', service: jcb, item: cement, unit_price: 10 },
        ['item'],
      ],
    ] as const) {
      const res = await call<ErrorBody>(server.url, 'POST', url('/quotations'), {
        token: owner.token,
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      for (const field of fields) expect(res.body.data[field], field).toBeDefined();
    }
    // A known id of the wrong kind is refused too (an item id given as the service).
    const wrongKind = await call<ErrorBody>(server.url, 'POST', url('/quotations'), {
      token: owner.token,
      body: { vendor: vendorA, quotation_type: 'service', service: cement, unit_price: 10 },
    });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.data.service).toBeDefined();
  });

  it("refuses another site's vendor, item or service (400 on that field) and writes nothing", async () => {
    const before = await call<Page<Quotation>>(server.url, 'GET', url('/quotations'), {
      token: owner.token,
    });
    for (const [body, field] of [
      [{ vendor: foreignVendor, quotation_type: 'item', item: cement, unit_price: 10 }, 'vendor'],
      [{ vendor: vendorA, quotation_type: 'item', item: foreignItem, unit_price: 10 }, 'item'],
      [
        { vendor: vendorA, quotation_type: 'service', service: foreignService, unit_price: 10 },
        'service',
      ],
    ] as const) {
      const res = await call<ErrorBody>(server.url, 'POST', url('/quotations'), {
        token: owner.token,
        body,
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.data[field]).toMatchObject({ code: 'invalid_reference' });
    }
    const after = await call<Page<Quotation>>(server.url, 'GET', url('/quotations'), {
      token: owner.token,
    });
    expect(after.body.totalItems).toBe(before.body.totalItems);

    const mine = await post<Quotation>('/quotations', {
      vendor: vendorA,
      quotation_type: 'item',
      item: cement,
      unit_price: 50,
    });
    for (const body of [
      { vendor: foreignVendor },
      { item: foreignItem },
      { quotation_type: 'service', service: foreignService },
    ]) {
      const res = await call<ErrorBody>(server.url, 'PATCH', url(`/quotations/${mine.id}`), {
        token: owner.token,
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const unchanged = await call<Quotation>(server.url, 'GET', url(`/quotations/${mine.id}`), {
      token: owner.token,
    });
    expect(unchanged.body).toMatchObject({
      vendor: vendorA,
      quotation_type: 'item',
      item: cement,
      service: null,
    });

    const theirs = await post<Quotation>(
      '/quotations',
      { vendor: foreignVendor, quotation_type: 'item', item: foreignItem, unit_price: 99 },
      otherOwner.token,
      otherSiteId,
    );
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { unit_price: 1 }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(server.url, method, url(`/quotations/${theirs.id}`), {
        token: owner.token,
        body,
      });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    }
    const still = await call<Quotation>(
      server.url,
      'GET',
      url(`/quotations/${theirs.id}`, otherSiteId),
      { token: otherOwner.token },
    );
    expect(still.body.unit_price).toBe(99);
  });

  it('PATCH keeps one target: switching the type needs the new target and drops the old one', async () => {
    const q = await post<Quotation>('/quotations', {
      vendor: vendorA,
      quotation_type: 'item',
      item: cement,
      unit_price: 100,
      minimum_quantity: 5,
      notes: 'n',
    });
    const noTarget = await call<ErrorBody>(server.url, 'PATCH', url(`/quotations/${q.id}`), {
      token: owner.token,
      body: { quotation_type: 'service' },
    });
    expect(noTarget.status).toBe(400);
    expect(noTarget.body.data.service).toBeDefined();
    const both = await call<ErrorBody>(server.url, 'PATCH', url(`/quotations/${q.id}`), {
      token: owner.token,
      body: { service: jcb },
    });
    expect(both.status).toBe(400);
    expect(both.body.data.service).toBeDefined();
    const switched = await call<Quotation>(server.url, 'PATCH', url(`/quotations/${q.id}`), {
      token: supervisor.token,
      body: { quotation_type: 'service', service: jcb },
    });
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({
      quotation_type: 'service',
      item: null,
      service: jcb,
      unit_price: 100,
      minimum_quantity: 5,
    });
    const cleared = await call<Quotation>(server.url, 'PATCH', url(`/quotations/${q.id}`), {
      token: owner.token,
      body: { minimum_quantity: null, notes: '', status: 'rejected', unit_price: 90.5 },
    });
    expect(cleared.body).toMatchObject({
      minimum_quantity: null,
      notes: null,
      status: 'rejected',
      unit_price: 90.5,
      service: jcb,
    });
  });

  it('a pending quotation past valid_until reads and filters as expired; others keep their status', async () => {
    const site = (await createSite(server.url, owner.token, { name: 'Expiry site' })).id;
    const vendor = (await mkVendor('Expiry vendor', site)).id;
    const item = (await mkItem('Expiry item', site)).id;
    const today = businessToday(server.ctx.config.timezone);
    const mk = (valid_until: string | null, status = 'pending') =>
      post<Quotation>(
        '/quotations',
        { vendor, quotation_type: 'item', item, unit_price: 10, valid_until, status },
        owner.token,
        site,
      );
    const past = await mk(shiftDay(today, -1));
    const dueToday = await mk(today);
    const open = await mk(null);
    const acceptedPast = await mk(shiftDay(today, -10), 'accepted');
    expect(past.status).toBe('expired');
    expect(dueToday.status).toBe('pending');
    expect(open.status).toBe('pending');
    expect(acceptedPast.status).toBe('accepted');
    const ids = async (query: string) =>
      (
        await call<Page<Quotation>>(server.url, 'GET', url(`/quotations${query}`, site), {
          token: owner.token,
        })
      ).body.items
        .map((q) => q.id)
        .sort();
    expect(await ids('?status=expired')).toEqual([past.id]);
    expect(await ids('?status=pending')).toEqual([dueToday.id, open.id].sort());
    expect(await ids('?status=accepted')).toEqual([acceptedPast.id]);
    const renewed = await call<Quotation>(
      server.url,
      'PATCH',
      url(`/quotations/${past.id}`, site),
      {
        token: owner.token,
        body: { valid_until: shiftDay(today, 7) },
      },
    );
    expect(renewed.body.status).toBe('pending');
  });

  it('lists newest first by default, filters, searches notes, pages, and gives the side-by-side comparison for an item', async () => {
    const site = (await createSite(server.url, owner.token, { name: 'Compare site' })).id;
    const v1 = (await mkVendor('Vendor One', site)).id;
    const v2 = (await mkVendor('Vendor Two', site)).id;
    const v3 = (await mkVendor('Vendor Three', site)).id;
    const steel = (await mkItem('TMT 12mm', site)).id;
    const sand = (await mkItem('River sand', site)).id;
    const crane = (await mkService('Crane', site)).id;
    const q = (body: Record<string, unknown>) =>
      post<Quotation>('/quotations', body, owner.token, site);
    await q({ vendor: v1, quotation_type: 'item', item: steel, unit_price: 68.5, notes: 'Tata' });
    await q({ vendor: v2, quotation_type: 'item', item: steel, unit_price: 66.25, notes: 'JSW' });
    await q({ vendor: v3, quotation_type: 'item', item: steel, unit_price: 71 });
    await q({ vendor: v1, quotation_type: 'item', item: sand, unit_price: 4500 });
    await q({ vendor: v2, quotation_type: 'service', service: crane, unit_price: 2500 });
    const list = async (query: string) =>
      (
        await call<Page<Quotation>>(server.url, 'GET', url(`/quotations${query}`, site), {
          token: owner.token,
        })
      ).body;

    const all = await list('');
    expect(all.totalItems).toBe(5);
    const order = [...all.items].sort((a, b) =>
      a.created === b.created ? (a.id < b.id ? 1 : -1) : a.created < b.created ? 1 : -1,
    );
    expect(all.items.map((x) => x.id)).toEqual(order.map((x) => x.id));

    const compare = await list(`?item=${steel}&sort=unit_price&expand=vendor,item`);
    expect(
      compare.items.map((x) => [x.expand?.vendor?.name, x.unit_price, x.expand?.item?.name]),
    ).toEqual([
      ['Vendor Two', 66.25, 'TMT 12mm'],
      ['Vendor One', 68.5, 'TMT 12mm'],
      ['Vendor Three', 71, 'TMT 12mm'],
    ]);
    expect((await list(`?vendor=${v1}`)).totalItems).toBe(2);
    expect((await list(`?service=${crane}`)).items.map((x) => x.unit_price)).toEqual([2500]);
    expect((await list('?quotation_type=service')).totalItems).toBe(1);
    expect((await list('?quotation_type=item')).totalItems).toBe(4);
    expect((await list('?q=jsw')).items.map((x) => x.unit_price)).toEqual([66.25]);
    const page = await list('?perPage=2&page=3&sort=-unit_price');
    expect(page).toMatchObject({ page: 3, perPage: 2, totalItems: 5, totalPages: 3 });
    expect(page.items.map((x) => x.unit_price)).toEqual([66.25]);
    expect(
      (
        await call(server.url, 'GET', url('/quotations?sort=vendor.name', site), {
          token: owner.token,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(server.url, 'GET', url('/quotations?quotation_type=x', site), {
          token: owner.token,
        })
      ).status,
    ).toBe(400);
  });

  it('permissions: accountant cannot create or update, supervisor cannot delete, owner deletes', async () => {
    const q = await post<Quotation>('/quotations', {
      vendor: vendorA,
      quotation_type: 'item',
      item: cement,
      unit_price: 1,
    });
    const create = await call(server.url, 'POST', url('/quotations'), {
      token: accountant.token,
      body: { vendor: vendorA, quotation_type: 'item', item: cement, unit_price: 1 },
    });
    expect(create.status).toBe(403);
    expect(create.body).toMatchObject({
      code: 'PERMISSION_DENIED',
      message: 'Permission denied: Cannot create quotations',
    });
    const update = await call(server.url, 'PATCH', url(`/quotations/${q.id}`), {
      token: accountant.token,
      body: { unit_price: 2 },
    });
    expect(update.body).toMatchObject({ message: 'Permission denied: Cannot update quotations' });
    const del = await call(server.url, 'DELETE', url(`/quotations/${q.id}`), {
      token: supervisor.token,
    });
    expect(del.status).toBe(403);
    expect(del.body).toMatchObject({ message: 'Permission denied: Cannot delete quotations' });
    const stranger = await call(server.url, 'GET', url('/quotations'), { token: otherOwner.token });
    expect(stranger.body).toMatchObject({ code: 'ACCESS_DENIED' });
    expect(
      (await call(server.url, 'DELETE', url(`/quotations/${q.id}`), { token: owner.token })).status,
    ).toBe(204);
    expect(
      (await call(server.url, 'GET', url(`/quotations/${q.id}`), { token: owner.token })).status,
    ).toBe(404);
  });
});
