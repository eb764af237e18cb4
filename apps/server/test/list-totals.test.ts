import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { startServer, type TestServer } from './helpers/test-server.js';

/**
 * List totals are kept per site until the site changes (platform/list.ts): every kind of write
 * through the API must show in the next page's `totalItems`, for each filter separately.
 */
let server: TestServer;
let me: Registered;

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  me = await registerUser(server.url);
});
afterAll(async () => server.close());

interface Page {
  totalItems: number;
  totalPages: number;
  items: { id: string }[];
}

describe('kept list totals', () => {
  it('follow every write to the site, per filter', async () => {
    const site = (await createSite(server.url, me.token, { name: 'Totals' })).id;
    const base = `/api/sites/${site}`;
    const list = async (path: string) => {
      const res = await call<Page>(server.url, 'GET', `${base}${path}`, { token: me.token });
      expect(res.status).toBe(200);
      return res.body;
    };
    const post = async <T>(path: string, body: unknown) => {
      const res = await call<T>(server.url, 'POST', `${base}${path}`, { token: me.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    const a = await post<{ id: string }>('/vendors', { name: 'Vendor A' });
    const b = await post<{ id: string }>('/vendors', { name: 'Vendor B' });
    const item = await post<{ id: string }>('/items', { name: 'Sand', unit: 'cft' });
    const deliver = (vendor: string, date: string) =>
      post<{ id: string }>('/deliveries', {
        vendor,
        delivery_date: date,
        delivery_items: [{ item: item.id, quantity: 2, unit_price: 100 }],
      });

    expect((await list('/deliveries')).totalItems).toBe(0);
    expect((await list('/deliveries')).totalItems).toBe(0); // the kept total
    const first = await deliver(a.id, '2026-01-10');
    expect((await list('/deliveries')).totalItems).toBe(1);
    await deliver(a.id, '2026-02-10');
    await deliver(b.id, '2026-02-11');
    const all = await list('/deliveries?perPage=2');
    expect(all).toMatchObject({ totalItems: 3, totalPages: 2 });
    expect(all.items).toHaveLength(2);
    expect((await list(`/deliveries?vendor=${a.id}`)).totalItems).toBe(2);
    expect((await list(`/deliveries?vendor=${b.id}`)).totalItems).toBe(1);
    expect((await list('/deliveries?from=2026-02-01&to=2026-02-28')).totalItems).toBe(2);

    // Moving a delivery to the other vendor changes both vendors' totals.
    const moved = await call(server.url, 'PATCH', `${base}/deliveries/${first.id}`, {
      token: me.token,
      body: { vendor: b.id },
    });
    expect(moved.status).toBe(200);
    expect((await list(`/deliveries?vendor=${a.id}`)).totalItems).toBe(1);
    expect((await list(`/deliveries?vendor=${b.id}`)).totalItems).toBe(2);

    const removed = await call(server.url, 'DELETE', `${base}/deliveries/${first.id}`, {
      token: me.token,
    });
    expect(removed.status).toBe(204);
    expect((await list('/deliveries')).totalItems).toBe(2);
    expect((await list(`/deliveries?vendor=${b.id}`)).totalItems).toBe(1);

    // Lines added through /api/batch (not a site route) count too.
    const second = (await list(`/deliveries?vendor=${b.id}`)).items[0]!.id;
    expect((await list(`/delivery_items?delivery=${second}`)).totalItems).toBe(1);
    const batch = await call(server.url, 'POST', '/api/batch', {
      token: me.token,
      body: {
        requests: [
          {
            method: 'POST',
            url: `${base}/delivery_items`,
            body: { delivery: second, item: item.id, quantity: 1, unit_price: 50 },
          },
        ],
      },
    });
    expect(batch.status).toBe(200);
    expect((await list(`/delivery_items?delivery=${second}`)).totalItems).toBe(2);

    // A refused write changes nothing, and the totals stay right after it.
    const refused = await call(server.url, 'POST', `${base}/deliveries`, {
      token: me.token,
      body: { vendor: a.id, delivery_date: '2026-03-01', delivery_items: [] },
    });
    expect(refused.status).toBe(400);
    expect((await list('/deliveries')).totalItems).toBe(2);

    // Another site's totals are its own.
    const other = (await createSite(server.url, me.token, { name: 'Other' })).id;
    const res = await call<Page>(server.url, 'GET', `/api/sites/${other}/deliveries`, {
      token: me.token,
    });
    expect(res.body.totalItems).toBe(0);
  });
});
