import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let siteId: string;
beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
});
afterAll(async () => {
  await server?.close();
});

const post = async <T>(path: string, body: unknown) => {
  const res = await call<T>(server.url, 'POST', `/api/sites/${siteId}${path}`, {
    token: owner.token,
    body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

describe('a delivery whose lines were returned', () => {
  it('keeps the returned line’s item and at least the returned quantity, and its vendor', async () => {
    const cement = await post<{ id: string }>('/items', { name: 'Cement', unit: 'bag' });
    const sand = await post<{ id: string }>('/items', { name: 'Sand', unit: 'brass' });
    const vendor = await post<{ id: string }>('/vendors', { name: 'Sharma Traders' });
    const other = await post<{ id: string }>('/vendors', { name: 'Gupta Traders' });
    const delivery = await post<{ id: string; delivery_items: { id: string }[] }>('/deliveries', {
      vendor: vendor.id,
      delivery_date: '2026-01-10',
      delivery_items: [{ item: cement.id, quantity: 10, unit_price: 400 }],
    });
    const line = delivery.delivery_items[0]!.id;
    await post('/vendor_returns', {
      vendor: vendor.id,
      return_date: '2026-01-12',
      reason: 'damaged',
      items: [
        { delivery_item: line, quantity_returned: 4, return_rate: 400, condition: 'damaged' },
      ],
    });
    const lineUrl = `/api/sites/${siteId}/delivery_items/${line}`;
    const below = await call<{ code: string; message: string }>(server.url, 'PATCH', lineUrl, {
      token: owner.token,
      body: { quantity: 3.5 },
    });
    expect(below.status).toBe(409);
    expect(below.body.message).toContain('4');
    const otherItem = await call(server.url, 'PATCH', lineUrl, {
      token: owner.token,
      body: { item: sand.id },
    });
    expect(otherItem.status).toBe(409);
    const equal = await call<{ quantity: number }>(server.url, 'PATCH', lineUrl, {
      token: owner.token,
      body: { quantity: 4 },
    });
    expect(equal.status).toBe(200);
    expect(equal.body.quantity).toBe(4);
    const vendorChange = await call<{ message: string }>(
      server.url,
      'PATCH',
      `/api/sites/${siteId}/deliveries/${delivery.id}`,
      {
        token: owner.token,
        body: { vendor: other.id },
      },
    );
    expect(vendorChange.status).toBe(409);
    expect(vendorChange.body.message).toMatch(/vendor/);
  });
});
