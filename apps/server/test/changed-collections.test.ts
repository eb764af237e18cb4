/**
 * The server says what a write changed (issue 41, docs/API.md "Issue 41: what a write changed"):
 * each successful write answers with `X-Changed-Collections`, the collections its committed
 * transaction changed, and its live event carries the same list as `changed`. A refused write
 * names nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { openEventStream, type OpenStream } from './helpers/event-stream.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let siteId: string;
let vendor: string;
let cement: string;
const streams: OpenStream[] = [];

const url = (p: string) => `/api/sites/${siteId}${p}`;
const req = <T>(method: string, p: string, body?: unknown) =>
  call<T>(server.url, method, url(p), { token: owner.token, body });

async function ok<T>(method: string, p: string, body?: unknown): Promise<T> {
  const res = await req<T>(method, p, body);
  expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** The answer's X-Changed-Collections as a list (null when absent). */
function changedOf(headers: Headers): string[] | null {
  const value = headers.get('x-changed-collections');
  if (value === null) return null;
  return value === '' ? [] : value.split(',');
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  vendor = (await ok<{ id: string }>('POST', '/vendors', { name: 'Shree Cement Traders' })).id;
  cement = (await ok<{ id: string }>('POST', '/items', { name: 'Cement OPC 53', unit: 'bag' })).id;
});
afterAll(async () => {
  for (const s of streams) s.close();
  await server?.close();
});

describe('X-Changed-Collections', () => {
  it('a delivery against an issued PO with an advance names deliveries, purchase orders, payments and stock', async () => {
    const events = await openEventStream(`${server.url}${url('/events')}`, owner.token);
    streams.push(events);
    await events.waitFor((e) => e.event === 'ready');
    const account = (
      await ok<{ id: string }>('POST', '/accounts', {
        name: 'Site bank',
        type: 'bank',
        opening_balance: 500000,
      })
    ).id;
    const draft = await ok<{ id: string }>('POST', '/purchase_orders', {
      vendor,
      lines: [{ item: cement, quantity: 50, unit_price: 400 }],
    });
    const po = await ok<{ id: string; lines: { id: string }[] }>(
      'POST',
      `/purchase_orders/${draft.id}/issue`,
    );
    const payment = await ok<{ id: string }>('POST', '/payments', {
      vendor,
      account,
      amount: 5000,
      payment_date: '2026-11-10',
    });
    const advance = await req('POST', `/purchase_orders/${po.id}/advances`, {
      payment: payment.id,
    });
    expect(advance.status).toBe(201);
    expect(changedOf(advance.headers)).toEqual(
      expect.arrayContaining(['purchase_orders', 'payments']),
    );

    const delivery = await req<{ id: string }>('POST', '/deliveries', {
      vendor,
      delivery_date: '2026-11-20',
      delivery_items: [
        { item: cement, quantity: 10, unit_price: 400, purchase_order_line: po.lines[0]!.id },
      ],
    });
    expect(delivery.status).toBe(201);
    const changed = changedOf(delivery.headers);
    expect(changed).toEqual(
      expect.arrayContaining([
        'deliveries',
        'delivery_items',
        'purchase_orders',
        'payments',
        'stock_movements',
        'items',
      ]),
    );
    // Bookkeeping is not a collection.
    expect(changed).not.toContain('audit_log');
    expect(changed).not.toContain('idempotency_keys');
    const event = await events.waitFor(
      (e) => e.event === 'record' && e.data.id === delivery.body.id,
    );
    expect(event.data).toMatchObject({ collection: 'deliveries', action: 'create', changed });
  });

  it('a vendor rename names vendors only', async () => {
    const res = await req('PATCH', `/vendors/${vendor}`, { name: 'Shree Cement & Co' });
    expect(res.status).toBe(200);
    expect(changedOf(res.headers)).toEqual(['vendors']);
  });

  it('a refused write names nothing', async () => {
    const bad = await req('POST', '/deliveries', {
      vendor,
      delivery_date: '2026-11-20',
      delivery_items: [{ item: cement, quantity: -1, unit_price: 400 }],
    });
    expect(bad.status).toBe(400);
    expect(changedOf(bad.headers) ?? []).toEqual([]);
    const missing = await req('PATCH', '/vendors/nope', { name: 'Nobody' });
    expect(missing.status).toBe(404);
    expect(changedOf(missing.headers) ?? []).toEqual([]);
  });

  it('a batch of delivery line changes names what its transaction changed', async () => {
    const delivery = await ok<{ id: string }>('POST', '/deliveries', {
      vendor,
      delivery_date: '2026-11-21',
      delivery_items: [{ item: cement, quantity: 1, unit_price: 400 }],
    });
    const batch = await call(server.url, 'POST', '/api/batch', {
      token: owner.token,
      body: {
        requests: [
          {
            method: 'POST',
            url: url('/delivery_items'),
            body: { delivery: delivery.id, item: cement, quantity: 2, unit_price: 400 },
          },
        ],
      },
    });
    expect(batch.status).toBe(200);
    expect(changedOf(batch.headers)).toEqual(
      expect.arrayContaining(['deliveries', 'delivery_items', 'items', 'stock_movements']),
    );
  });

  it('a read names nothing', async () => {
    const res = await req('GET', '/vendors');
    expect(res.status).toBe(200);
    expect(changedOf(res.headers)).toBeNull();
  });
});
