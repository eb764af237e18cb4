import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_RESOURCES, type PlanResource, type SubscriptionState } from '@siteledger/domain';
import { newId } from '../src/db/ids.js';
import {
  call,
  createSite,
  registerUser,
  type ApiResponse,
  type Registered,
} from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;

/** Free's caps (spec part 9 and README "Plans"). */
const FREE: Record<PlanResource, number> = {
  items: 1,
  vendors: 1,
  deliveries: 5,
  service_bookings: 5,
  payments: 5,
  accounts: 1,
  vendor_returns: 2,
  services: 1,
  material_requests: 5,
  purchase_orders: 5,
  work_orders: 2,
  ra_bills: 5,
  workers: 10,
};

interface Site {
  id: string;
  owner: Registered;
  url(path: string): string;
  post(path: string, body: unknown, token?: string): Promise<ApiResponse<{ id: string }>>;
  state(): Promise<SubscriptionState>;
}

async function newSite(): Promise<Site> {
  const owner = await registerUser(server.url);
  const { id } = await createSite(server.url, owner.token);
  const url = (path: string) => `/api/sites/${id}${path}`;
  return {
    id,
    owner,
    url,
    post: (path, body, token = owner.token) =>
      call<{ id: string }>(server.url, 'POST', url(path), { token, body }),
    async state() {
      const res = await call<SubscriptionState>(server.url, 'GET', url('/subscription'), {
        token: owner.token,
      });
      expect(res.status).toBe(200);
      return res.body;
    },
  };
}

/** Creates one record of each resource through the API; the ones others need are made once. */
function creator(site: Site) {
  const made: Partial<Record<'vendor' | 'item' | 'service' | 'account', string>> = {};
  // The first work order made, issued once for its RA bills; each bill measures one unit more.
  const order: { id?: string; line?: string; issued?: boolean; measured: number } = { measured: 0 };
  const lines: string[] = [];
  const need = async (kind: 'vendor' | 'item' | 'service' | 'account') => {
    if (!made[kind]) {
      const res = await create[`${kind}s` as PlanResource]();
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    return made[kind]!;
  };
  const tag = () => newId().slice(0, 6);
  // The first vendor, item, service and account made are the ones later records use.
  const keep =
    (
      kind: 'vendor' | 'item' | 'service' | 'account',
      make: () => Promise<ApiResponse<{ id: string }>>,
    ) =>
    async () => {
      const res = await make();
      if (res.status === 201) made[kind] ??= res.body.id;
      return res;
    };
  const create: Record<PlanResource, () => Promise<ApiResponse<{ id: string }>>> = {
    vendors: keep('vendor', () => site.post('/vendors', { name: `Vendor ${tag()}` })),
    items: keep('item', () => site.post('/items', { name: `Cement ${tag()}`, unit: 'bag' })),
    services: keep('service', () =>
      site.post('/services', {
        name: `JCB ${tag()}`,
        category: 'equipment',
        unit: 'day',
        standard_rate: 1000,
      }),
    ),
    accounts: keep('account', () =>
      site.post('/accounts', { name: `Bank ${tag()}`, type: 'bank', opening_balance: 100000 }),
    ),
    async deliveries() {
      const res = await site.post('/deliveries', {
        vendor: await need('vendor'),
        delivery_date: '2026-11-02',
        delivery_items: [{ item: await need('item'), quantity: 10, unit_price: 100 }],
      });
      const body = res.body as unknown as { delivery_items?: { id: string }[] };
      if (res.status === 201 && body.delivery_items?.[0]) lines.push(body.delivery_items[0].id);
      return res;
    },
    async service_bookings() {
      return site.post('/service_bookings', {
        service: await need('service'),
        vendor: await need('vendor'),
        start_date: '2026-11-03',
        duration: 1,
        unit_rate: 500,
      });
    },
    async payments() {
      return site.post('/payments', {
        vendor: await need('vendor'),
        account: await need('account'),
        amount: 10,
        payment_date: '2026-11-04',
      });
    },
    async vendor_returns() {
      const line = lines[0];
      if (!line) throw new Error('make a delivery first');
      return site.post('/vendor_returns', {
        vendor: await need('vendor'),
        return_date: '2026-11-05',
        reason: 'damaged',
        items: [
          { delivery_item: line, quantity_returned: 1, return_rate: 100, condition: 'damaged' },
        ],
      });
    },
    async material_requests() {
      return site.post('/material_requests', {
        items: [{ item: await need('item'), quantity: 5 }],
      });
    },
    async purchase_orders() {
      return site.post('/purchase_orders', {
        vendor: await need('vendor'),
        lines: [{ item: await need('item'), quantity: 5, unit_price: 100 }],
      });
    },
    async work_orders() {
      const res = await site.post('/work_orders', {
        vendor: await need('vendor'),
        title: `Plaster ${tag()}`,
        lines: [{ description: 'Internal plaster', unit: 'sqm', quantity: 100, rate: 120 }],
      });
      const body = res.body as unknown as { lines?: { id: string }[] };
      if (res.status === 201 && !order.id) {
        order.id = res.body.id;
        order.line = body.lines?.[0]?.id;
      }
      return res;
    },
    async ra_bills() {
      if (!order.id) throw new Error('make a work order first');
      if (!order.issued) {
        const issued = await site.post(`/work_orders/${order.id}/issue`, {});
        expect(issued.status, JSON.stringify(issued.body)).toBe(200);
        order.issued = true;
      }
      const res = await site.post('/ra_bills', {
        work_order: order.id,
        bill_date: '2026-11-06',
        lines: [{ work_order_line: order.line, cumulative_quantity: order.measured + 1 }],
      });
      if (res.status === 201) order.measured += 1;
      return res;
    },
    workers: () =>
      site.post('/workers', { name: `Worker ${tag()}`, trade: 'Mason', daily_wage: 850 }),
  };
  return { create, made };
}

/** Order in which caps are filled: what a resource needs is made before it. */
const ORDER: PlanResource[] = [
  'vendors',
  'items',
  'services',
  'accounts',
  'deliveries',
  'service_bookings',
  'payments',
  'vendor_returns',
  'material_requests',
  'purchase_orders',
  'work_orders',
  'ra_bills',
  'workers',
];

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Free' });
});
afterAll(async () => {
  await server?.close();
});

describe('Free plan limits', () => {
  it('each resource is refused at exactly its cap, with resource, limit and count', async () => {
    expect([...ORDER].sort()).toEqual([...PLAN_RESOURCES].sort());
    const site = await newSite();
    const { create, made } = creator(site);
    for (const resource of ORDER) {
      // Records made as prerequisites already took their slots.
      const prerequisite = {
        vendors: 'vendor',
        items: 'item',
        services: 'service',
        accounts: 'account',
      } as const;
      const kind = prerequisite[resource as keyof typeof prerequisite] as
        (typeof prerequisite)[keyof typeof prerequisite] | undefined;
      const taken = kind && made[kind] ? 1 : 0;
      for (let i = taken; i < FREE[resource]; i += 1) {
        const res = await create[resource]();
        expect(res.status, `${resource} #${i + 1}: ${JSON.stringify(res.body)}`).toBe(201);
      }
      const refused = await create[resource]();
      expect(refused.status, resource).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'LIMIT_EXCEEDED',
        message: 'Limit exceeded',
        data: { resource, limit: FREE[resource], count: FREE[resource] },
      });
    }
    const state = await site.state();
    expect(state.subscription?.plan.name).toBe('Free');
    expect(state.active).toBe(true);
    expect(state.read_only).toBe(true);
    expect([...state.limits_reached].sort()).toEqual([...PLAN_RESOURCES].sort());
    for (const resource of PLAN_RESOURCES) {
      expect(state.usage[`${resource}_count`], resource).toBe(FREE[resource]);
      expect(state.limits[resource]).toBe(FREE[resource]);
    }
    // Nothing was written by the refused creates.
    const vendors = await call<{ totalItems: number }>(server.url, 'GET', site.url('/vendors'), {
      token: site.owner.token,
    });
    expect(vendors.body.totalItems).toBe(1);
    const deliveries = await call<{ totalItems: number }>(
      server.url,
      'GET',
      site.url('/deliveries'),
      { token: site.owner.token },
    );
    expect(deliveries.body.totalItems).toBe(5);
  });

  it('a limit blocks only its own resource; read_only follows the spec rule', async () => {
    const site = await newSite();
    const { create } = creator(site);
    let state = await site.state();
    expect(state).toMatchObject({ read_only: false, limits_reached: [], features_disabled: [] });
    expect((await create.vendors()).status).toBe(201);
    state = await site.state();
    expect(state).toMatchObject({ active: true, read_only: true, limits_reached: ['vendors'] });
    expect((await create.vendors()).status).toBe(403);
    // Everything else still works.
    expect((await create.items()).status).toBe(201);
    expect((await create.deliveries()).status).toBe(201);
    const vendorId = (
      await call<{ items: { id: string }[] }>(server.url, 'GET', site.url('/vendors'), {
        token: site.owner.token,
      })
    ).body.items[0]!.id;
    const edit = await call(server.url, 'PATCH', site.url(`/vendors/${vendorId}`), {
      token: site.owner.token,
      body: { phone: '9876543210' },
    });
    expect(edit.status).toBe(200);
  });

  it('deleting a record of this month gives its slot back', async () => {
    const site = await newSite();
    const first = await site.post('/vendors', { name: 'Typo Traders' });
    expect(first.status).toBe(201);
    expect((await site.post('/vendors', { name: 'Second' })).status).toBe(403);
    const del = await call(server.url, 'DELETE', site.url(`/vendors/${first.body.id}`), {
      token: site.owner.token,
    });
    expect(del.status).toBe(204);
    expect((await site.state()).usage.vendors_count).toBe(0);
    expect((await site.post('/vendors', { name: 'Tulsi Traders' })).status).toBe(201);
    // A refused delete (unknown id) gives nothing back.
    const missing = await call(server.url, 'DELETE', site.url('/vendors/nosuchvendor123'), {
      token: site.owner.token,
    });
    expect(missing.status).toBe(404);
    expect((await site.state()).usage.vendors_count).toBe(1);
  });

  it('two creates racing for the last slot: exactly one succeeds', async () => {
    const site = await newSite();
    const { create } = creator(site);
    for (let i = 0; i < FREE.deliveries - 1; i += 1)
      expect((await create.deliveries()).status).toBe(201);
    const racers = await Promise.all(Array.from({ length: 8 }, () => create.deliveries()));
    const statuses = racers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(7);
    for (const r of racers.filter((x) => x.status === 403)) {
      expect(r.body).toMatchObject({
        code: 'LIMIT_EXCEEDED',
        data: { resource: 'deliveries', limit: 5 },
      });
    }
    const list = await call<{ totalItems: number }>(server.url, 'GET', site.url('/deliveries'), {
      token: site.owner.token,
    });
    expect(list.body.totalItems).toBe(FREE.deliveries);
    expect((await site.state()).usage.deliveries_count).toBe(FREE.deliveries);

    // The same from zero for a cap of one, with different people racing.
    const helper = await registerUser(server.url);
    await addMember(server, site.id, helper.user.id, 'supervisor');
    const vendorRacers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        site.post(
          '/items',
          { name: `Item ${i}`, unit: 'bag' },
          i % 2 ? helper.token : site.owner.token,
        ),
      ),
    );
    // One item exists already (made for the deliveries), so every racer is refused.
    expect(vendorRacers.map((r) => r.status)).toEqual(Array(6).fill(403));
  });

  it('counts cap-one racers from zero: one wins', async () => {
    const site = await newSite();
    const racers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => site.post('/vendors', { name: `Racer ${i}` })),
    );
    expect(racers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(racers.filter((r) => r.status === 403)).toHaveLength(5);
    expect((await site.state()).usage.vendors_count).toBe(1);
  });
});

describe('Basic plan', () => {
  it('is unlimited for every resource', async () => {
    const site = await newSite();
    const basic = await server.ctx.db.kysely
      .selectFrom('subscription_plans')
      .select('id')
      .where('name', '=', 'Basic')
      .executeTakeFirstOrThrow();
    await server.ctx.db.kysely
      .updateTable('site_subscriptions')
      .set({ plan_id: basic.id })
      .where('site_id', '=', site.id)
      .execute();
    const { create } = creator(site);
    for (const resource of ORDER) {
      for (let i = 0; i < FREE[resource] + 2; i += 1) {
        const res = await create[resource]();
        expect(res.status, `${resource} #${i + 1}: ${JSON.stringify(res.body)}`).toBe(201);
      }
    }
    const state = await site.state();
    expect(state).toMatchObject({ read_only: false, limits_reached: [] });
    expect(state.limits.deliveries).toBe(-1);
    expect(state.usage.deliveries_count).toBe(FREE.deliveries + 2);
  });
});

describe('disabled features and inactive subscriptions', () => {
  it('a cap of 0 answers FEATURE_NOT_AVAILABLE', async () => {
    const site = await newSite();
    const now = new Date().toISOString();
    const planId = newId();
    await server.ctx.db.kysely
      .insertInto('subscription_plans')
      .values({
        id: planId,
        name: `No services ${planId}`,
        price: 0,
        yearly_price: 0,
        currency: 'INR',
        is_active: 0,
        is_default: 0,
        max_items: -1,
        max_vendors: -1,
        max_deliveries: -1,
        max_service_bookings: -1,
        max_payments: -1,
        max_accounts: -1,
        max_vendor_returns: -1,
        max_material_requests: -1,
        max_purchase_orders: -1,
        max_services: 0,
        max_sites: 1,
        created: now,
        updated: now,
      })
      .execute();
    await server.ctx.db.kysely
      .updateTable('site_subscriptions')
      .set({ plan_id: planId })
      .where('site_id', '=', site.id)
      .execute();
    const res = await creator(site).create.services();
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'FEATURE_NOT_AVAILABLE',
      message: 'Feature not available in this plan',
    });
    const hindi = await call(server.url, 'POST', site.url('/services'), {
      token: site.owner.token,
      lang: 'hi',
      body: { name: 'JCB', category: 'equipment', unit: 'day', standard_rate: 1000 },
    });
    expect(hindi.body).toMatchObject({ message: 'यह सुविधा इस योजना में उपलब्ध नहीं है' });
    const state = await site.state();
    expect(state).toMatchObject({
      features_disabled: ['services'],
      limits_reached: [],
      read_only: false,
    });
  });

  it('an inactive subscription makes every write 403 SUBSCRIPTION_INACTIVE; reads still work', async () => {
    const site = await newSite();
    const { create } = creator(site);
    expect((await create.deliveries()).status).toBe(201);
    const setSub = (changes: { status: string; current_period_end: string | null }) =>
      server.ctx.db.kysely
        .updateTable('site_subscriptions')
        .set(changes)
        .where('site_id', '=', site.id)
        .execute();
    const token = site.owner.token;
    const vendors = await call<{ items: { id: string }[] }>(
      server.url,
      'GET',
      site.url('/vendors'),
      {
        token,
      },
    );
    const vendorId = vendors.body.items[0]!.id;

    const writes = () =>
      Promise.all([
        site.post('/items', { name: 'Sand', unit: 'cft' }),
        call(server.url, 'PATCH', site.url(`/vendors/${vendorId}`), {
          token,
          body: { phone: '1' },
        }),
        call(server.url, 'DELETE', site.url(`/vendors/${vendorId}`), { token }),
        call(server.url, 'PATCH', `/api/sites/${site.id}`, { token, body: { name: 'Renamed' } }),
        call(server.url, 'POST', '/api/batch', {
          token,
          body: {
            requests: [
              {
                method: 'DELETE',
                url: `/api/sites/${site.id}/delivery_items/nosuchline1234`,
              },
            ],
          },
        }),
      ]);

    await setSub({ status: 'inactive', current_period_end: null });
    for (const res of await writes()) {
      const body = res.body as { code?: string; data?: { error?: { code?: string } } };
      expect(
        body.code === 'SUBSCRIPTION_INACTIVE' || body.data?.error?.code === 'SUBSCRIPTION_INACTIVE',
        JSON.stringify(body),
      ).toBe(true);
    }
    const read = await call(server.url, 'GET', site.url('/deliveries'), { token });
    expect(read.status).toBe(200);
    let state = await site.state();
    expect(state).toMatchObject({ active: false, read_only: true });
    expect(state.subscription?.status).toBe('inactive');

    // Cancelled but paid until next week: still usable.
    const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
    await setSub({ status: 'cancelled', current_period_end: nextWeek });
    expect(
      (await site.post('/accounts', { name: 'Cash', type: 'cash', opening_balance: 0 })).status,
    ).toBe(201);
    state = await site.state();
    expect(state).toMatchObject({ active: true });
    expect(state.subscription?.status).toBe('cancelled');

    // Its period over: expired, read-only.
    await setSub({
      status: 'cancelled',
      current_period_end: new Date(Date.now() - 1000).toISOString(),
    });
    const late = await site.post('/vendors', { name: 'Late' });
    expect(late.status).toBe(403);
    expect(late.body).toMatchObject({
      code: 'SUBSCRIPTION_INACTIVE',
      message: 'The subscription for this site is not active. The site is read-only.',
    });
    state = await site.state();
    expect(state.subscription?.status).toBe('expired');
    expect(state.active).toBe(false);

    // The owner can still remove a member and delete the site.
    const member = await registerUser(server.url);
    await addMember(server, site.id, member.user.id, 'supervisor');
    const removed = await call(
      server.url,
      'DELETE',
      `/api/sites/${site.id}/members/${member.user.id}`,
      {
        token,
      },
    );
    expect(removed.status).toBe(204);
  });

  it('a site without a subscription row gets the default plan on first use', async () => {
    const site = await newSite();
    await server.ctx.db.kysely
      .deleteFrom('site_subscriptions')
      .where('site_id', '=', site.id)
      .execute();
    expect((await site.post('/vendors', { name: 'One' })).status).toBe(201);
    const state = await site.state();
    expect(state.subscription).toMatchObject({
      status: 'active',
      auto_renew: false,
      plan: { name: 'Free' },
    });
    expect((await site.post('/vendors', { name: 'Two' })).status).toBe(403);
  });
});
