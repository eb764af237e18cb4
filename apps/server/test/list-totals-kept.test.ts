import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { insertDelivery, insertVendor } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';
import { deleteReach, readDeleteReach } from '../src/db/delete-reach.js';

/**
 * Issue 42: a kept list total survives writes that cannot change it (platform/list-totals.ts).
 * To see whether a total was kept or recounted, a delivery is written straight into the
 * database, behind the server's back: a kept total does not show it, a recount does. Every
 * total that a write can change must be recounted after it; the unfiltered deliveries total must
 * be kept across a payment.
 */
interface Page {
  totalItems: number;
  items: { id: string }[];
}

async function siteKit(server: TestServer, owner: Registered) {
  const site = (await createSite(server.url, owner.token, { name: 'Kept totals' })).id;
  const base = `/api/sites/${site}`;
  const total = async (path: string, on = server) => {
    const res = await call<Page>(on.url, 'GET', `${base}${path}`, { token: owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.totalItems;
  };
  const send = async <T>(method: string, path: string, body?: unknown, on = server) => {
    const res = await call<T>(on.url, method, `${base}${path}`, { token: owner.token, body });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    return res.body;
  };
  const vendor = (await send<{ id: string }>('POST', '/vendors', { name: 'Sharma' })).id;
  const item = (await send<{ id: string }>('POST', '/items', { name: 'Sand', unit: 'cft' })).id;
  const account = (
    await send<{ id: string }>('POST', '/accounts', {
      name: 'HDFC',
      type: 'bank',
      opening_balance: 100_000,
    })
  ).id;
  const deliver = async (on = server) =>
    (
      await send<{ id: string }>(
        'POST',
        '/deliveries',
        {
          vendor,
          delivery_date: '2026-02-01',
          delivery_items: [{ item, quantity: 2, unit_price: 100 }],
        },
        on,
      )
    ).id;
  const pay = async (delivery: string, on = server) =>
    (
      await send<{ id: string }>(
        'POST',
        '/payments',
        {
          vendor,
          account,
          amount: 200,
          payment_date: '2026-03-10',
          delivery_allocations: [{ delivery, amount: 200 }],
        },
        on,
      )
    ).id;
  /** A pending delivery of the vendor's, written behind every server's back. */
  const hidden = () =>
    insertDelivery(server, site, { date: '2026-01-05', vendor, itemsTotalPaise: 100 });
  return { site, total, send, deliver, pay, hidden, vendor };
}

describe('kept list totals survive writes that cannot change them', () => {
  let server: TestServer;
  let owner: Registered;
  beforeAll(async () => {
    server = await startServer({ DEFAULT_PLAN: 'Basic' });
    owner = await registerUser(server.url);
  });
  afterAll(async () => server?.close());

  it('keep the deliveries total across a payment, and recount what a payment can change', async () => {
    const { total, send, deliver, pay, hidden, vendor } = await siteKit(server, owner);
    const d1 = await deliver();
    const d2 = await deliver();
    expect(await total('/deliveries')).toBe(2);
    expect(await total(`/deliveries?vendor=${vendor}`)).toBe(2);
    expect(await total('/deliveries?payment_status=pending')).toBe(2);
    expect(await total('/deliveries?payment_status=paid')).toBe(0);
    expect(await total('/payments')).toBe(0);
    expect(await total(`/payment_allocations?delivery=${d1}`)).toBe(0);

    await hidden();
    expect(await total('/deliveries')).toBe(2); // kept: the hidden delivery does not show

    const payment = await pay(d1);
    // A payment adds no delivery and removes none: the unfiltered total is kept...
    expect(await total('/deliveries')).toBe(2);
    // ...while what it does change is recounted (and shows the hidden, pending delivery too).
    expect(await total('/deliveries?payment_status=paid')).toBe(1);
    expect(await total('/deliveries?payment_status=pending')).toBe(2);
    expect(await total('/payments')).toBe(1);
    expect(await total(`/payment_allocations?delivery=${d1}`)).toBe(1);

    // A create recounts: the hidden delivery shows with the new one.
    await deliver();
    expect(await total('/deliveries')).toBe(4);
    expect(await total(`/deliveries?vendor=${vendor}`)).toBe(4);

    // Taking the payment off its delivery, then deleting it, puts the delivery back among the
    // pending ones.
    await send('PATCH', `/payments/${payment}`, { delivery_allocations: [] });
    expect(await total(`/payment_allocations?delivery=${d1}`)).toBe(0);
    expect(await total('/deliveries?payment_status=paid')).toBe(0);
    await send('DELETE', `/payments/${payment}`);
    expect(await total('/payments')).toBe(0);
    expect(await total(`/payment_allocations?delivery=${d1}`)).toBe(0);
    expect(await total('/deliveries?payment_status=paid')).toBe(0);
    expect(await total('/deliveries?payment_status=pending')).toBe(4);

    // An update that moves a delivery out of a filter's set recounts that filter only.
    const other = (await send<{ id: string }>('POST', '/vendors', { name: 'Verma' })).id;
    expect(await total(`/deliveries?vendor=${other}`)).toBe(0);
    await hidden();
    await send('PATCH', `/deliveries/${d2}`, { vendor: other });
    expect(await total(`/deliveries?vendor=${other}`)).toBe(1);
    expect(await total(`/deliveries?vendor=${vendor}`)).toBe(4); // 5 written, 1 moved away

    // A delete recounts, and so do the totals of the tables its foreign keys reach (lines).
    const lines = await total('/delivery_items');
    await send('DELETE', `/deliveries/${d2}`);
    expect(await total('/deliveries')).toBe(4);
    expect(await total(`/deliveries?vendor=${other}`)).toBe(0);
    expect(await total('/delivery_items')).toBe(lines - 1);
  });

  it('recount an update only where it can change what is counted', async () => {
    const { site, total, send, vendor } = await siteKit(server, owner);
    expect(await total('/vendors')).toBe(1);
    expect(await total('/vendors?q=mixer')).toBe(0);
    await insertVendor(server, site, 'Hidden'); // behind the server's back
    // The contact person is searched by `q`: that total is recounted, the unfiltered one kept.
    await send('PATCH', `/vendors/${vendor}`, { contact_person: 'Mixer Raj' });
    expect(await total('/vendors?q=mixer')).toBe(1);
    expect(await total('/vendors')).toBe(1);
    await send('POST', '/vendors', { name: 'Gupta' });
    expect(await total('/vendors')).toBe(3);
  });
});

describe('the tables a delete reaches', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ DEFAULT_PLAN: 'Basic' });
  });
  afterAll(async () => server?.close());

  it('are read from the database: a delivery reaches its lines, a payment its allocations', async () => {
    const reach = await readDeleteReach(server.ctx.db);
    expect(reach.get('deliveries')).toContain('delivery_items');
    expect(reach.get('payments')).toContain('payment_allocations');
    expect(reach.get('payment_allocations') ?? []).toEqual([]);
    const cycle = deleteReach([
      { child: 'b', parent: 'a' },
      { child: 'c', parent: 'b' },
      { child: 'a', parent: 'c' },
    ]);
    expect([...(cycle.get('a') ?? [])].sort()).toEqual(['b', 'c']);
  });
});

describe('with SITE_READ_CACHE=off', () => {
  let server: TestServer;
  let owner: Registered;
  beforeAll(async () => {
    server = await startServer({ DEFAULT_PLAN: 'Basic', SITE_READ_CACHE: 'off' });
    owner = await registerUser(server.url);
  });
  afterAll(async () => server?.close());

  it('every total is counted on every read', async () => {
    const { total, deliver, pay, hidden } = await siteKit(server, owner);
    const d1 = await deliver();
    expect(await total('/deliveries')).toBe(1);
    await hidden();
    expect(await total('/deliveries')).toBe(2);
    await pay(d1);
    await hidden();
    expect(await total('/deliveries')).toBe(3);
    expect(await total('/deliveries?payment_status=paid')).toBe(1);
  });
});

const pg = Boolean(process.env.DATABASE_URL);

describe.skipIf(!pg)('over two instances of one PostgreSQL', () => {
  let first: TestServer;
  let second: TestServer;
  let owner: Registered;
  beforeAll(async () => {
    first = await startServer({ DEFAULT_PLAN: 'Basic' });
    second = await startServer({
      DEFAULT_PLAN: 'Basic',
      DATABASE_URL: first.ctx.config.databaseUrl!,
    });
    owner = await registerUser(first.url);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  /** `read` again until it gives `want` (a change reaches the other instance as a NOTIFY). */
  const until = async (read: () => Promise<number>, want: number) => {
    const deadline = Date.now() + 5000;
    let got = await read();
    while (got !== want && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      got = await read();
    }
    return got;
  };

  it('a total kept by one instance follows writes made through the other', async () => {
    const { total, deliver, pay, hidden } = await siteKit(first, owner);
    const d1 = await deliver(first);
    expect(await total('/deliveries', second)).toBe(1);
    expect(await total('/deliveries?payment_status=paid', second)).toBe(0);
    await hidden();
    await pay(d1, first);
    // The status-filtered total is recounted on the second instance once it hears the payment...
    expect(await until(() => total('/deliveries?payment_status=paid', second), 1)).toBe(1);
    // ...and by then the unfiltered total it keeps has survived it.
    expect(await total('/deliveries', second)).toBe(1);
    await deliver(first);
    expect(await until(() => total('/deliveries', second), 3)).toBe(3);
  });
});
