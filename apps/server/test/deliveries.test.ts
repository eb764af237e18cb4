import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import {
  fixtureItem,
  insertManyDeliveries,
  insertPayment,
  insertReturn,
  insertVendor as insertVendorRow,
} from './helpers/record-fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let accountant: Registered;
let stranger: Registered;
let siteId: string;
let otherSiteId: string;
let otherOwner: Registered;
let vendorA: string;
let vendorB: string;
let otherVendor: string;
let cement: string;
let steel: string;
let otherItem: string;

interface Line {
  id: string;
  site: string;
  delivery: string;
  item: string;
  quantity: number;
  unit_price: number;
  total_amount: number;
  notes: string | null;
  expand?: { item?: { id: string; name: string; unit: string } };
}
interface Delivery {
  id: string;
  site: string;
  vendor: string;
  delivery_date: string;
  delivery_reference: string | null;
  notes: string | null;
  photos: string[];
  items_total: number;
  tax_amount: number;
  round_off: number;
  total_amount: number;
  paid_amount: number;
  payment_status: string;
  delivery_items?: Line[];
  created: string;
  updated: string;
  expand?: { vendor?: { id: string; name: string } };
}
interface Page<T> {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: T[];
}
interface ErrorBody {
  status: number;
  code: string;
  message: string;
  data: Record<string, { code: string; message: string }>;
}

const url = (path: string, site = siteId) => `/api/sites/${site}${path}`;
const db = () => server.ctx.db.kysely;

const insertVendor = (site: string, name: string) => insertVendorRow(server, site, name);

async function createItem(token: string, site: string, name: string): Promise<string> {
  const res = await call<{ id: string }>(server.url, 'POST', url('/items', site), {
    token,
    body: { name, unit: 'bag' },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function counts() {
  const d = await db()
    .selectFrom('deliveries')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const l = await db()
    .selectFrom('delivery_items')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return { deliveries: Number(d.n), lines: Number(l.n) };
}

async function createDelivery(body: Record<string, unknown>, token = owner.token) {
  return call<Delivery>(server.url, 'POST', url('/deliveries'), {
    token,
    body: {
      vendor: vendorA,
      delivery_date: '2025-01-10',
      delivery_items: [{ item: cement, quantity: 10, unit_price: 400 }],
      ...body,
    },
  });
}

/** A payment of `paise` against a delivery, written directly (payments have their own suite). */
async function payDelivery(deliveryId: string, vendor: string, paise: number): Promise<void> {
  await insertPayment(server, siteId, {
    vendor,
    amountPaise: paise,
    date: '2025-01-20',
    allocations: [{ delivery: deliveryId, amountPaise: paise }],
  });
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  supervisor = await registerUser(server.url);
  accountant = await registerUser(server.url);
  stranger = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  await addMember(server, siteId, supervisor.user.id, 'supervisor');
  await addMember(server, siteId, accountant.user.id, 'accountant');
  otherOwner = await registerUser(server.url);
  otherSiteId = (await createSite(server.url, otherOwner.token)).id;
  vendorA = await insertVendor(siteId, 'Sharma Traders');
  vendorB = await insertVendor(siteId, 'Gupta Steel');
  otherVendor = await insertVendor(otherSiteId, 'Elsewhere Ltd');
  cement = await createItem(owner.token, siteId, 'Cement');
  steel = await createItem(owner.token, siteId, 'Steel');
  otherItem = await createItem(otherOwner.token, otherSiteId, 'Other cement');
});
afterAll(async () => {
  await server?.close();
});

describe('creating a delivery', () => {
  it('rounds each line to the paisa once and totals items, tax and a negative round-off', async () => {
    const res = await createDelivery({
      delivery_reference: 'CH-101',
      notes: 'Morning lot',
      tax_amount: 50,
      round_off: -0.08,
      delivery_items: [
        { item: cement, quantity: 2.5, unit_price: 385.5, notes: 'OPC 53' },
        { item: steel, quantity: 0.333, unit_price: 10.01 },
        { item: cement, quantity: 1, unit_price: 0.01 },
      ],
    });
    expect(res.status).toBe(201);
    const d = res.body;
    expect(d.delivery_items!.map((l) => l.total_amount)).toEqual([963.75, 3.33, 0.01]);
    expect(d.delivery_items!.map((l) => l.item)).toEqual([cement, steel, cement]);
    expect(d.delivery_items![0]).toMatchObject({
      quantity: 2.5,
      unit_price: 385.5,
      notes: 'OPC 53',
      delivery: d.id,
      site: siteId,
    });
    expect(d.items_total).toBe(967.09);
    expect(d.tax_amount).toBe(50);
    expect(d.round_off).toBe(-0.08);
    expect(d.total_amount).toBe(1017.01);
    expect(d).toMatchObject({
      site: siteId,
      vendor: vendorA,
      delivery_date: '2025-01-10',
      delivery_reference: 'CH-101',
      paid_amount: 0,
      payment_status: 'pending',
      photos: [],
    });
    const stored = await db()
      .selectFrom('deliveries')
      .selectAll()
      .where('id', '=', d.id)
      .executeTakeFirstOrThrow();
    expect(stored.total_amount).toBe(101701);
    expect(stored.created_by).toBe(owner.user.id);
    const fetched = await call<Delivery>(server.url, 'GET', url(`/deliveries/${d.id}`), {
      token: accountant.token,
    });
    expect(fetched.status).toBe(200);
    expect(fetched.body.delivery_items!.map((l) => l.total_amount)).toEqual([963.75, 3.33, 0.01]);
    // The create answers from what it wrote (not read back): exactly what GET reads.
    expect(d).toEqual(fetched.body);
    // The audit entry holds the same record and lines as one read from the database.
    const entry = await db()
      .selectFrom('audit_log')
      .select('changes')
      .where('record_id', '=', d.id)
      .executeTakeFirstOrThrow();
    const changes = JSON.parse(entry.changes) as Record<string, { new: unknown }>;
    expect(changes.total_amount?.new).toBe(1017.01);
    expect(changes.payment_status?.new).toBe('pending');
    expect(changes.lines?.new).toEqual([
      { item: cement, quantity: 2.5, unit_price: 385.5, total_amount: 963.75 },
      { item: steel, quantity: 0.333, unit_price: 10.01, total_amount: 3.33 },
      { item: cement, quantity: 1, unit_price: 0.01, total_amount: 0.01 },
    ]);
  });

  it('refuses a total of zero or below, and nothing is written', async () => {
    const before = await counts();
    const zero = await createDelivery({
      round_off: -4000,
      delivery_items: [{ item: cement, quantity: 10, unit_price: 400 }],
    });
    expect(zero.status).toBe(400);
    expect((zero.body as unknown as ErrorBody).code).toBe('VALIDATION_FAILED');
    expect((zero.body as unknown as ErrorBody).data.total_amount).toBeDefined();
    const negative = await createDelivery({ round_off: -4000.01 });
    expect(negative.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('refuses quantities and prices that are not > 0 or carry too many decimals', async () => {
    const before = await counts();
    const bad: Record<string, unknown>[] = [
      { quantity: 0, unit_price: 10 },
      { quantity: -1, unit_price: 10 },
      { quantity: 1, unit_price: 0 },
      { quantity: 1, unit_price: -5 },
      { quantity: 1.0005, unit_price: 10 },
      { quantity: 1, unit_price: 10.005 },
      { quantity: 1, unit_price: 1e12 },
    ];
    for (const line of bad) {
      const res = await createDelivery({ delivery_items: [{ item: cement, ...line }] });
      expect(res.status, JSON.stringify(line)).toBe(400);
      const body = res.body as unknown as ErrorBody;
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.data)[0]).toMatch(/^delivery_items\.0\./);
    }
    for (const header of [
      { tax_amount: -1 },
      { tax_amount: 1.234 },
      { round_off: 0.001 },
      { round_off: -1e12 },
      { delivery_items: [] },
      { delivery_date: '2025-02-30' },
      { vendor: 'nope' },
    ]) {
      const res = await createDelivery(header);
      expect(res.status, JSON.stringify(header)).toBe(400);
    }
    const tooMany = await createDelivery({
      delivery_items: Array.from({ length: 501 }, () => ({
        item: cement,
        quantity: 1,
        unit_price: 1,
      })),
    });
    expect(tooMany.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("refuses another site's vendor or item with the field named, and writes nothing", async () => {
    const before = await counts();
    const vendor = await createDelivery({ vendor: otherVendor });
    expect(vendor.status).toBe(400);
    expect((vendor.body as unknown as ErrorBody).data.vendor?.code).toBe('invalid_reference');
    const item = await createDelivery({
      delivery_items: [
        { item: cement, quantity: 1, unit_price: 10 },
        { item: otherItem, quantity: 1, unit_price: 10 },
      ],
    });
    expect(item.status).toBe(400);
    expect(Object.keys((item.body as unknown as ErrorBody).data)).toEqual([
      'delivery_items.1.item',
    ]);
    expect(await counts()).toEqual(before);
  });

  it('keeps 500 lines in the order they were sent', async () => {
    const res = await createDelivery({
      delivery_items: Array.from({ length: 500 }, (_, i) => ({
        item: i % 2 ? steel : cement,
        quantity: i + 1,
        unit_price: 1,
      })),
    });
    expect(res.status).toBe(201);
    expect(res.body.delivery_items!.map((l) => l.quantity)).toEqual(
      Array.from({ length: 500 }, (_, i) => i + 1),
    );
    expect(res.body.items_total).toBe((500 * 501) / 2);
    await call(server.url, 'DELETE', url(`/deliveries/${res.body.id}`), { token: owner.token });
  });
});

describe('reading, scope and permissions', () => {
  it("answers 404 for another site's delivery or line, through this site's URL", async () => {
    const theirs = await call<Delivery>(server.url, 'POST', url('/deliveries', otherSiteId), {
      token: otherOwner.token,
      body: {
        vendor: otherVendor,
        delivery_date: '2025-01-01',
        delivery_items: [{ item: otherItem, quantity: 1, unit_price: 5 }],
      },
    });
    expect(theirs.status).toBe(201);
    const lineId = theirs.body.delivery_items![0]!.id;
    for (const [method, path] of [
      ['GET', `/deliveries/${theirs.body.id}`],
      ['PATCH', `/deliveries/${theirs.body.id}`],
      ['DELETE', `/deliveries/${theirs.body.id}`],
      ['GET', `/delivery_items/${lineId}`],
      ['PATCH', `/delivery_items/${lineId}`],
      ['DELETE', `/delivery_items/${lineId}`],
    ] as const) {
      const res = await call<ErrorBody>(server.url, method, url(path), {
        token: owner.token,
        ...(method === 'PATCH' ? { body: { notes: 'x' } } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    const still = await call<Delivery>(
      server.url,
      'GET',
      url(`/deliveries/${theirs.body.id}`, otherSiteId),
      { token: otherOwner.token },
    );
    expect(still.body.delivery_items).toHaveLength(1);
    expect(still.body.notes).toBeNull();
  });

  it('lets owners and supervisors create, accountants only read, and only owners delete', async () => {
    const denied = await createDelivery({}, accountant.token);
    expect(denied.status).toBe(403);
    expect((denied.body as unknown as ErrorBody).message).toBe(
      'Permission denied: Cannot create deliveries',
    );
    const bySupervisor = await createDelivery({}, supervisor.token);
    expect(bySupervisor.status).toBe(201);
    const edit = await call<Delivery>(
      server.url,
      'PATCH',
      url(`/deliveries/${bySupervisor.body.id}`),
      { token: supervisor.token, body: { notes: 'checked' } },
    );
    expect(edit.status).toBe(200);
    const del = await call<ErrorBody>(
      server.url,
      'DELETE',
      url(`/deliveries/${bySupervisor.body.id}`),
      { token: supervisor.token },
    );
    expect(del.status).toBe(403);
    expect(del.body.code).toBe('PERMISSION_DENIED');
    expect(del.body.message).toBe('Permission denied: Cannot delete deliveries');
    const lineDel = await call<ErrorBody>(
      server.url,
      'DELETE',
      url(`/delivery_items/${bySupervisor.body.delivery_items![0]!.id}`),
      { token: supervisor.token },
    );
    expect(lineDel.status).toBe(403);
    const read = await call<Page<Delivery>>(server.url, 'GET', url('/deliveries'), {
      token: accountant.token,
    });
    expect(read.status).toBe(200);
    const outsider = await call<ErrorBody>(server.url, 'GET', url('/deliveries'), {
      token: stranger.token,
    });
    expect(outsider.status).toBe(403);
    expect(outsider.body.code).toBe('ACCESS_DENIED');
    const anonymous = await call(server.url, 'GET', url('/deliveries'));
    expect(anonymous.status).toBe(401);
    const gone = await call(server.url, 'DELETE', url(`/deliveries/${bySupervisor.body.id}`), {
      token: owner.token,
    });
    expect(gone.status).toBe(204);
  });
});

describe('listing deliveries', () => {
  let listSite: string;
  let v1: string;
  let v2: string;
  let item: string;
  const made: Delivery[] = [];

  beforeAll(async () => {
    listSite = (await createSite(server.url, owner.token, { name: 'List site' })).id;
    v1 = await insertVendor(listSite, 'Alpha Builders');
    v2 = await insertVendor(listSite, 'Beta Supplies');
    item = await createItem(owner.token, listSite, 'Sand');
    const plan: [string, string, string][] = [
      ['2025-03-01', v1, 'CH-1 river sand'],
      ['2025-03-05', v2, 'CH-2'],
      ['2025-03-05', v1, 'CH-3'],
      ['2025-02-20', v2, 'CH-4 urgent'],
      ['2025-04-01', v1, 'CH-5'],
    ];
    for (const [date, vendor, reference] of plan) {
      const res = await call<Delivery>(server.url, 'POST', url('/deliveries', listSite), {
        token: owner.token,
        body: {
          vendor,
          delivery_date: date,
          delivery_reference: reference,
          delivery_items: [{ item, quantity: 2, unit_price: 100 }],
        },
      });
      expect(res.status).toBe(201);
      made.push(res.body);
    }
  });

  const list = (query: string) =>
    call<Page<Delivery>>(server.url, 'GET', url(`/deliveries${query}`, listSite), {
      token: owner.token,
    });

  it('sorts by delivery_date descending, then id descending, by default', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    const expected = [...made].sort(
      (a, b) =>
        b.delivery_date.localeCompare(a.delivery_date) || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0),
    );
    expect(res.body.items.map((d) => d.id)).toEqual(expected.map((d) => d.id));
    expect(res.body.totalItems).toBe(5);
    expect(res.body.items[0]!.delivery_items).toBeUndefined();
    const asc = await list('?sort=delivery_date');
    expect(asc.body.items[0]!.delivery_date).toBe('2025-02-20');
    const bad = await list('?sort=password');
    expect(bad.status).toBe(400);
  });

  it('filters by vendor, payment status, date range and search, and pages in SQL', async () => {
    const byVendor = await list(`?vendor=${v2}`);
    expect(byVendor.body.items.map((d) => d.delivery_reference).sort()).toEqual([
      'CH-2',
      'CH-4 urgent',
    ]);
    expect((await list('?payment_status=pending')).body.totalItems).toBe(5);
    expect((await list('?payment_status=paid')).body.totalItems).toBe(0);
    expect((await list('?payment_status=weird')).status).toBe(400);
    const range = await list('?from=2025-03-01&to=2025-03-05');
    expect(range.body.items.map((d) => d.delivery_reference).sort()).toEqual([
      'CH-1 river sand',
      'CH-2',
      'CH-3',
    ]);
    const search = await list('?q=URGENT');
    expect(search.body.items.map((d) => d.delivery_reference)).toEqual(['CH-4 urgent']);
    const page2 = await list('?perPage=2&page=2');
    expect(page2.body).toMatchObject({ page: 2, perPage: 2, totalItems: 5, totalPages: 3 });
    const all = await list('');
    expect(page2.body.items.map((d) => d.id)).toEqual(all.body.items.slice(2, 4).map((d) => d.id));
    const skip = await list('?skipTotal=1');
    expect(skip.body.totalItems).toBe(-1);
  });

  it('expands the vendor and the lines with their items on request', async () => {
    const res = await list('?expand=vendor,delivery_items.item');
    for (const d of res.body.items) {
      expect(d.expand?.vendor?.id).toBe(d.vendor);
      expect(d.expand?.vendor?.name).toMatch(/Alpha|Beta/);
      expect(d.delivery_items).toHaveLength(1);
      expect(d.delivery_items![0]!.expand?.item).toEqual({ id: item, name: 'Sand', unit: 'bag' });
    }
    const one = await call<Delivery>(
      server.url,
      'GET',
      url(`/deliveries/${made[0]!.id}?expand=vendor`, listSite),
      { token: owner.token },
    );
    expect(one.body.expand?.vendor?.name).toBe('Alpha Builders');
    const lines = await call<Page<Line>>(
      server.url,
      'GET',
      url(`/delivery_items?delivery=${made[0]!.id}&expand=item`, listSite),
      { token: owner.token },
    );
    expect(lines.body.items).toHaveLength(1);
    expect(lines.body.items[0]!.expand?.item?.name).toBe('Sand');
  });
});

describe('editing a delivery', () => {
  it('recomputes totals from tax and round-off, and refuses a total of zero', async () => {
    const d = (await createDelivery({ tax_amount: 10 })).body;
    expect(d.total_amount).toBe(4010);
    const res = await call<Delivery>(server.url, 'PATCH', url(`/deliveries/${d.id}`), {
      token: owner.token,
      body: { tax_amount: 72, round_off: -0.5, delivery_reference: 'CH-9', vendor: vendorB },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      items_total: 4000,
      tax_amount: 72,
      round_off: -0.5,
      total_amount: 4071.5,
      vendor: vendorB,
      delivery_reference: 'CH-9',
    });
    const zero = await call<ErrorBody>(server.url, 'PATCH', url(`/deliveries/${d.id}`), {
      token: owner.token,
      body: { tax_amount: 0, round_off: -4000 },
    });
    expect(zero.status).toBe(400);
    expect(zero.body.data.total_amount).toBeDefined();
    const foreign = await call<ErrorBody>(server.url, 'PATCH', url(`/deliveries/${d.id}`), {
      token: owner.token,
      body: { vendor: otherVendor },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.data.vendor).toBeDefined();
    const after = await call<Delivery>(server.url, 'GET', url(`/deliveries/${d.id}`), {
      token: owner.token,
    });
    expect(after.body.total_amount).toBe(4071.5);
    expect(after.body.vendor).toBe(vendorB);
  });

  it('keeps payment_status true to paid_amount and refuses a total below what is paid', async () => {
    const d = (await createDelivery({})).body; // 4000.00
    await payDelivery(d.id, vendorA, 300_000); // ₹3,000 paid
    const taxed = await call<Delivery>(server.url, 'PATCH', url(`/deliveries/${d.id}`), {
      token: owner.token,
      body: { tax_amount: 100 },
    });
    expect(taxed.body).toMatchObject({ total_amount: 4100, paid_amount: 3000 });
    expect(taxed.body.payment_status).toBe('partial');
    const lowered = await call<Delivery>(server.url, 'PATCH', url(`/deliveries/${d.id}`), {
      token: owner.token,
      body: { tax_amount: 0, round_off: -1000 },
    });
    expect(lowered.status).toBe(200);
    expect(lowered.body).toMatchObject({ total_amount: 3000, payment_status: 'paid' });
    const below = await call<ErrorBody>(server.url, 'PATCH', url(`/deliveries/${d.id}`), {
      token: owner.token,
      body: { round_off: -1000.01 },
    });
    expect(below.status).toBe(409);
    expect(below.body.code).toBe('TOTAL_BELOW_PAID');
    const vendorChange = await call<ErrorBody>(server.url, 'PATCH', url(`/deliveries/${d.id}`), {
      token: owner.token,
      body: { vendor: vendorB },
    });
    expect(vendorChange.status).toBe(409);
    expect(vendorChange.body.code).toBe('DELIVERY_HAS_PAYMENTS');
    const line = lowered.body.delivery_items![0]!;
    const lineDown = await call<ErrorBody>(server.url, 'PATCH', url(`/delivery_items/${line.id}`), {
      token: owner.token,
      body: { quantity: 9 },
    });
    expect(lineDown.status).toBe(409);
    expect(lineDown.body.code).toBe('TOTAL_BELOW_PAID');
    const lineUp = await call<Line>(server.url, 'PATCH', url(`/delivery_items/${line.id}`), {
      token: owner.token,
      body: { quantity: 12 },
    });
    expect(lineUp.status).toBe(200);
    const after = await call<Delivery>(server.url, 'GET', url(`/deliveries/${d.id}`), {
      token: owner.token,
    });
    expect(after.body).toMatchObject({ total_amount: 3800, payment_status: 'partial' });
  });
});

describe('delivery lines one by one', () => {
  it('recomputes the delivery on every add, change and delete', async () => {
    const d = (await createDelivery({ tax_amount: 18 })).body; // 4000 + 18
    const add = await call<Line>(server.url, 'POST', url('/delivery_items'), {
      token: supervisor.token,
      body: { delivery: d.id, item: steel, quantity: 2.5, unit_price: 385.5, notes: 'TMT' },
    });
    expect(add.status).toBe(201);
    expect(add.body).toMatchObject({ total_amount: 963.75, delivery: d.id, notes: 'TMT' });
    const get = async () =>
      (await call<Delivery>(server.url, 'GET', url(`/deliveries/${d.id}`), { token: owner.token }))
        .body;
    expect(await get()).toMatchObject({ items_total: 4963.75, total_amount: 4981.75 });
    expect((await get()).delivery_items!.map((l) => l.id).at(-1)).toBe(add.body.id);
    const change = await call<Line>(server.url, 'PATCH', url(`/delivery_items/${add.body.id}`), {
      token: owner.token,
      body: { quantity: 0.333, unit_price: 10.01, item: cement },
    });
    expect(change.status).toBe(200);
    expect(change.body).toMatchObject({ total_amount: 3.33, item: cement, quantity: 0.333 });
    expect(await get()).toMatchObject({ items_total: 4003.33, total_amount: 4021.33 });
    const del = await call(server.url, 'DELETE', url(`/delivery_items/${add.body.id}`), {
      token: owner.token,
    });
    expect(del.status).toBe(204);
    expect(await get()).toMatchObject({ items_total: 4000, total_amount: 4018 });
  });

  it('keeps the totals true when many lines are added at the same time', async () => {
    const d = (await createDelivery({})).body;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call<Line>(server.url, 'POST', url('/delivery_items'), {
          token: owner.token,
          body: { delivery: d.id, item: steel, quantity: 1, unit_price: i + 1 },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 201));
    const after = (
      await call<Delivery>(server.url, 'GET', url(`/deliveries/${d.id}`), { token: owner.token })
    ).body;
    expect(after.delivery_items).toHaveLength(21);
    expect(after.items_total).toBe(4000 + 210);
    expect(after.total_amount).toBe(4210);
  });

  it('refuses deleting the last line, bad values, and references to another site', async () => {
    const d = (await createDelivery({})).body;
    const only = d.delivery_items![0]!;
    const last = await call<ErrorBody>(server.url, 'DELETE', url(`/delivery_items/${only.id}`), {
      token: owner.token,
    });
    expect(last.status).toBe(400);
    expect(last.body.code).toBe('DELIVERY_NEEDS_ITEM');
    const before = await counts();
    const theirs = await call<Delivery>(server.url, 'POST', url('/deliveries', otherSiteId), {
      token: otherOwner.token,
      body: {
        vendor: otherVendor,
        delivery_date: '2025-01-01',
        delivery_items: [{ item: otherItem, quantity: 1, unit_price: 5 }],
      },
    });
    const foreignDelivery = await call<ErrorBody>(server.url, 'POST', url('/delivery_items'), {
      token: owner.token,
      body: { delivery: theirs.body.id, item: cement, quantity: 1, unit_price: 1 },
    });
    expect(foreignDelivery.status).toBe(400);
    expect(foreignDelivery.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(foreignDelivery.body.data)).toEqual(['delivery']);
    const foreignItem = await call<ErrorBody>(server.url, 'POST', url('/delivery_items'), {
      token: owner.token,
      body: { delivery: d.id, item: otherItem, quantity: 1, unit_price: 1 },
    });
    expect(foreignItem.status).toBe(400);
    expect(Object.keys(foreignItem.body.data)).toEqual(['item']);
    const foreignPatch = await call<ErrorBody>(
      server.url,
      'PATCH',
      url(`/delivery_items/${only.id}`),
      { token: owner.token, body: { item: otherItem } },
    );
    expect(foreignPatch.status).toBe(400);
    for (const body of [
      { quantity: 0 },
      { unit_price: 0 },
      { unit_price: 1.001 },
      { quantity: 0.0001 },
    ]) {
      const res = await call(server.url, 'PATCH', url(`/delivery_items/${only.id}`), {
        token: owner.token,
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await counts()).lines).toBe(before.lines + 1); // only the other site's new line
    const theirLines = await call<Page<Line>>(
      server.url,
      'GET',
      url(`/delivery_items?delivery=${theirs.body.id}`),
      { token: owner.token },
    );
    expect(theirLines.body.items).toEqual([]);
  });
});

describe('deleting a delivery', () => {
  async function insertReturnLine(lineId: string, vendor: string): Promise<void> {
    await insertReturn(server, siteId, {
      vendor,
      date: '2025-01-15',
      status: 'approved',
      lines: [{ deliveryItem: lineId, quantityMilli: 1000, ratePaise: 100 }],
    });
  }

  it('removes the lines and the delivery together', async () => {
    const d = (
      await createDelivery({
        delivery_items: [
          { item: cement, quantity: 1, unit_price: 1 },
          { item: steel, quantity: 1, unit_price: 1 },
        ],
      })
    ).body;
    const res = await call(server.url, 'DELETE', url(`/deliveries/${d.id}`), {
      token: owner.token,
    });
    expect(res.status).toBe(204);
    const lines = await db()
      .selectFrom('delivery_items')
      .select('id')
      .where('delivery', '=', d.id)
      .execute();
    expect(lines).toEqual([]);
    expect(
      (await call(server.url, 'GET', url(`/deliveries/${d.id}`), { token: owner.token })).status,
    ).toBe(404);
  });

  it('refuses while payments or returns refer to it', async () => {
    const paid = (await createDelivery({})).body;
    await payDelivery(paid.id, vendorA, 1000);
    const res = await call<ErrorBody>(server.url, 'DELETE', url(`/deliveries/${paid.id}`), {
      token: owner.token,
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('DELIVERY_HAS_PAYMENTS');
    const returned = (
      await createDelivery({
        delivery_items: [
          { item: cement, quantity: 1, unit_price: 1 },
          { item: steel, quantity: 1, unit_price: 1 },
        ],
      })
    ).body;
    const line = returned.delivery_items![1]!;
    await insertReturnLine(line.id, vendorA);
    const del = await call<ErrorBody>(server.url, 'DELETE', url(`/deliveries/${returned.id}`), {
      token: owner.token,
    });
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('DELIVERY_HAS_PAYMENTS');
    const lineDel = await call<ErrorBody>(server.url, 'DELETE', url(`/delivery_items/${line.id}`), {
      token: owner.token,
    });
    expect(lineDel.status).toBe(409);
    expect(lineDel.body.code).toBe('RECORD_IN_USE');
    const kept = await call<Delivery>(server.url, 'GET', url(`/deliveries/${returned.id}`), {
      token: owner.token,
    });
    expect(kept.body.delivery_items).toHaveLength(2);
  });

  it('maps a failure of either step to its code and leaves everything in place', async () => {
    const pg = server.ctx.db.dialect === 'postgres';
    const d = (
      await createDelivery({
        delivery_items: [
          { item: cement, quantity: 1, unit_price: 1, notes: 'boom-lines' },
          { item: steel, quantity: 1, unit_price: 1 },
        ],
      })
    ).body;
    // A trigger makes the database refuse, as a real failure would.
    if (pg) {
      await sql`create function sl_test_refuse() returns trigger language plpgsql as $$
        begin raise exception 'refused by test'; end $$`.execute(db());
      await sql`create trigger sl_test_lines before delete on delivery_items for each row
        when (old.notes = 'boom-lines') execute function sl_test_refuse()`.execute(db());
    } else {
      await sql`create trigger sl_test_lines before delete on delivery_items
        when old.notes = 'boom-lines' begin select raise(abort, 'refused by test'); end`.execute(
        db(),
      );
    }
    const lines = await call<ErrorBody>(server.url, 'DELETE', url(`/deliveries/${d.id}`), {
      token: owner.token,
    });
    expect(lines.status).toBe(500);
    expect(lines.body.code).toBe('DELIVERY_ITEMS_DELETE_FAILED');
    await sql`drop trigger sl_test_lines${sql.raw(pg ? ' on delivery_items' : '')}`.execute(db());
    const kept = await call<Delivery>(server.url, 'GET', url(`/deliveries/${d.id}`), {
      token: owner.token,
    });
    expect(kept.body.delivery_items).toHaveLength(2);

    if (pg) {
      await sql`create trigger sl_test_delivery before delete on deliveries for each row
        when (old.id = ${sql.lit(d.id)}) execute function sl_test_refuse()`.execute(db());
    } else {
      await sql`create trigger sl_test_delivery before delete on deliveries
        when old.id = ${sql.lit(d.id)} begin select raise(abort, 'refused by test'); end`.execute(
        db(),
      );
    }
    const delivery = await call<ErrorBody>(server.url, 'DELETE', url(`/deliveries/${d.id}`), {
      token: owner.token,
    });
    expect(delivery.status).toBe(500);
    expect(delivery.body.code).toBe('DELIVERY_DELETE_FAILED');
    await sql`drop trigger sl_test_delivery${sql.raw(pg ? ' on deliveries' : '')}`.execute(db());
    const still = await call<Delivery>(server.url, 'GET', url(`/deliveries/${d.id}`), {
      token: owner.token,
    });
    expect(still.body.delivery_items).toHaveLength(2); // the lines' delete was rolled back too
  });
});

describe('a site with 100 000 deliveries', () => {
  let bigSite: string;
  let bigVendor: string;

  beforeAll(async () => {
    bigSite = (await createSite(server.url, owner.token, { name: 'Big site' })).id;
    bigVendor = await insertVendor(bigSite, 'Bulk Vendor');
    const otherVendorId = await insertVendor(bigSite, 'Rare Vendor');
    // Generated in SQL: 100 000 rows over ~5 years, every 100th from the rare vendor.
    const target = { siteId: bigSite, vendor: bigVendor, item: await fixtureItem(server, bigSite) };
    await insertManyDeliveries(
      server,
      target,
      100_000,
      { delivery: 'b', line: 'c' },
      { from: '2020-01-01', days: 1800, every: { n: 100, vendor: otherVendorId } },
    );
  }, 120_000);

  it('pages, filters and expands quickly', async () => {
    const timed = async (query: string) => {
      const started = performance.now();
      const res = await call<Page<Delivery>>(
        server.url,
        'GET',
        url(`/deliveries${query}`, bigSite),
        { token: owner.token },
      );
      expect(res.status).toBe(200);
      return { res, ms: performance.now() - started };
    };
    const first = await timed('?expand=vendor');
    expect(first.res.body.totalItems).toBe(100_000);
    expect(first.res.body.items[0]!.delivery_date).toBe('2024-12-04');
    expect(first.res.body.items[0]!.expand?.vendor?.name).toMatch(/Vendor/);
    const deep = await timed('?page=2000&perPage=50');
    expect(deep.res.body.items).toHaveLength(50);
    const rare = await timed(`?vendor=${bigVendor}&from=2024-01-01&to=2024-01-31&perPage=100`);
    expect(rare.res.body.items.every((d) => d.delivery_date.startsWith('2024-01'))).toBe(true);
    for (const { ms } of [first, deep, rare]) expect(ms).toBeLessThan(1500);
  });
});
