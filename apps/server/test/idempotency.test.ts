import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeOldIdempotencyKeys } from '../src/platform/idempotency.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let siteId: string;
let vendor: string;
let item: string;
let account: string;

const url = (path: string) => `/api/sites/${siteId}${path}`;
const key = () => `k-${Math.random().toString(36).slice(2)}-${Date.now()}`;

function createDelivery(idempotencyKey: string | null, reference: string, body = {}) {
  return call<{ id: string }>(server.url, 'POST', url('/deliveries'), {
    token: owner.token,
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
    body: {
      vendor,
      delivery_date: '2026-11-20',
      delivery_reference: reference,
      delivery_items: [{ item, quantity: 2, unit_price: 150 }],
      ...body,
    },
  });
}

async function countDeliveries(reference: string) {
  const rows = await server.ctx.db.kysely
    .selectFrom('deliveries')
    .select('id')
    .where('site_id', '=', siteId)
    .where('delivery_reference', '=', reference)
    .execute();
  return rows.length;
}

beforeAll(async () => {
  // Free: also shows that a repeat takes no second slot of the monthly limit.
  server = await startServer({ DEFAULT_PLAN: 'Free' });
  owner = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  const post = async (path: string, body: unknown) => {
    const res = await call<{ id: string }>(server.url, 'POST', url(path), {
      token: owner.token,
      body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  };
  vendor = await post('/vendors', { name: 'Shree Traders' });
  item = await post('/items', { name: 'Cement', unit: 'bag' });
  account = await post('/accounts', { name: 'Cash', type: 'cash', opening_balance: 10000 });
});
afterAll(async () => {
  await server?.close();
});

describe('Idempotency-Key on creates', () => {
  it('a repeated create answers with the first record and saves nothing twice', async () => {
    const k = key();
    const first = await createDelivery(k, 'CH-IDEM-1');
    expect(first.status).toBe(201);
    const again = await createDelivery(k, 'CH-IDEM-1');
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await countDeliveries('CH-IDEM-1')).toBe(1);
    const usage = await call<{ usage: { deliveries_count: number } }>(
      server.url,
      'GET',
      url('/subscription'),
      { token: owner.token },
    );
    expect(usage.body.usage.deliveries_count).toBe(1);
  });

  it('concurrent repeats make one record', async () => {
    const k = key();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => createDelivery(k, 'CH-IDEM-2')),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await countDeliveries('CH-IDEM-2')).toBe(1);
  });

  it('a refused create does not use up its key; other keys make other records', async () => {
    const k = key();
    const bad = await createDelivery(k, 'CH-IDEM-3', { vendor: 'nosuchvendor123' });
    expect(bad.status).toBe(400);
    const good = await createDelivery(k, 'CH-IDEM-3');
    expect(good.status).toBe(201);
    expect(await countDeliveries('CH-IDEM-3')).toBe(1);
  });

  it('covers payments and service bookings too, and checks the key', async () => {
    const k = key();
    const pay = () =>
      call<{ id: string }>(server.url, 'POST', url('/payments'), {
        token: owner.token,
        headers: { 'idempotency-key': k },
        body: { vendor, account, amount: 100, payment_date: '2026-11-20' },
      });
    const a = await pay();
    const b = await pay();
    expect(a.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    const payments = await server.ctx.db.kysely
      .selectFrom('payments')
      .select('id')
      .where('site_id', '=', siteId)
      .execute();
    expect(payments).toHaveLength(1);

    // The same key for another kind of record is a client bug: refused.
    const service = await call<{ id: string }>(server.url, 'POST', url('/services'), {
      token: owner.token,
      body: { name: 'JCB', category: 'equipment', unit: 'day', standard_rate: 1000 },
    });
    const booking = await call(server.url, 'POST', url('/service_bookings'), {
      token: owner.token,
      headers: { 'idempotency-key': k },
      body: {
        service: service.body.id,
        vendor,
        start_date: '2026-11-21',
        duration: 1,
        unit_rate: 500,
      },
    });
    expect(booking.status).toBe(400);

    const malformed = await createDelivery('short', 'CH-IDEM-4');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await countDeliveries('CH-IDEM-4')).toBe(0);
  });

  it('keeps keys 30 days, then the clean-up removes them', async () => {
    const k = key();
    expect((await createDelivery(k, 'CH-IDEM-5')).status).toBe(201);
    const in29Days = new Date(Date.now() + 29 * 86_400_000);
    expect(await purgeOldIdempotencyKeys(server.ctx.db.kysely, in29Days)).toBe(0);
    const in31Days = new Date(Date.now() + 31 * 86_400_000);
    expect(await purgeOldIdempotencyKeys(server.ctx.db.kysely, in31Days)).toBeGreaterThan(0);
    const left = await server.ctx.db.kysely.selectFrom('idempotency_keys').select('id').execute();
    expect(left).toHaveLength(0);
  });
});
