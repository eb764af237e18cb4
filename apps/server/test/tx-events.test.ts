/**
 * Issue 41 (writes set off events inside their transaction), over HTTP on SQLite and PostgreSQL:
 * every delivery write path — POST /deliveries, the delivery_items routes, POST /api/batch —
 * publishes the same event and so gets the same PO receipts, advance payments and stock
 * movements; a subscriber's refusal (a PO receipt over the ordered quantity, stock going
 * negative after the receipts already settled) rolls the whole write back.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIntegrity, formatViolations } from '../src/integrity/check.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let siteId: string;
let vendor: string;
let account: string;

interface ErrorBody {
  code: string;
  message: string;
  data: Record<string, unknown>;
}
interface PurchaseOrder {
  id: string;
  status: string;
  lines: { id: string; received_quantity: number }[];
}
interface Delivery {
  id: string;
  total_amount: number;
  paid_amount: number;
  payment_status: string;
  delivery_items: { id: string }[];
}

const url = (p: string) => `/api/sites/${siteId}${p}`;
const req = <T>(method: string, p: string, body?: unknown) =>
  call<T>(server.url, method, url(p), { token: owner.token, body });

async function ok<T>(method: string, p: string, body?: unknown): Promise<T> {
  const res = await req<T>(method, p, body);
  expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

const batch = (requests: { method: string; url: string; body?: unknown }[]) =>
  call<{ responses: { status: number }[] } & ErrorBody>(server.url, 'POST', '/api/batch', {
    token: owner.token,
    body: { requests },
  });

let itemCount = 0;
async function newItem(): Promise<string> {
  itemCount += 1;
  return (
    await ok<{ id: string }>('POST', '/items', { name: `Event item ${itemCount}`, unit: 'bag' })
  ).id;
}

async function issuedOrder(item: string, quantity: number): Promise<PurchaseOrder> {
  const draft = await ok<PurchaseOrder>('POST', '/purchase_orders', {
    vendor,
    lines: [{ item, quantity, unit_price: 100 }],
  });
  return ok<PurchaseOrder>('POST', `/purchase_orders/${draft.id}/issue`);
}

async function advance(po: string, amount: number, payment_date = '2026-11-10'): Promise<string> {
  const payment = (
    await ok<{ id: string }>('POST', '/payments', {
      vendor,
      account,
      amount,
      payment_date,
    })
  ).id;
  await ok('POST', `/purchase_orders/${po}/advances`, { payment });
  return payment;
}

/** Every row the effects of a delivery write touch, to show a refusal changed nothing. */
async function books() {
  const db = server.ctx.db.kysely;
  const count = async (table: 'deliveries' | 'delivery_items' | 'payment_allocations') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .where('site_id', '=', siteId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const movements = await db
    .selectFrom('stock_movements')
    .select(['item', 'kind', 'movement_date', sql<number>`quantity`.as('q')])
    .where('site_id', '=', siteId)
    .orderBy('id')
    .execute();
  const lines = await db
    .selectFrom('purchase_order_lines')
    .select(['id', sql<number>`received_quantity`.as('r')])
    .where('site_id', '=', siteId)
    .orderBy('id')
    .execute();
  const orders = await db
    .selectFrom('purchase_orders')
    .select(['id', 'status'])
    .where('site_id', '=', siteId)
    .orderBy('id')
    .execute();
  const payments = await db
    .selectFrom('payments')
    .select(['id', 'allocation_state'])
    .where('site_id', '=', siteId)
    .orderBy('id')
    .execute();
  return {
    deliveries: await count('deliveries'),
    lines: await count('delivery_items'),
    allocations: await count('payment_allocations'),
    movements: movements.map((m) => [m.item, m.kind, m.movement_date, Number(m.q)]),
    received: lines.map((l) => [l.id, Number(l.r)]),
    orders,
    payments,
  };
}

async function booksAreTrue(when: string): Promise<void> {
  const found = await checkIntegrity(server.ctx.db.kysely);
  expect(found, `${when}:\n${formatViolations(found)}`).toEqual([]);
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Unlimited' });
  owner = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token, { name: 'Events site' })).id;
  vendor = (await ok<{ id: string }>('POST', '/vendors', { name: 'Event Cement Traders' })).id;
  account = (
    await ok<{ id: string }>('POST', '/accounts', {
      name: 'Event bank',
      type: 'bank',
      opening_balance: 10_000_000,
    })
  ).id;
});
afterAll(async () => {
  await server?.close();
});

type Path = 'create' | 'delivery_items' | 'batch';
const PATHS: Path[] = ['create', 'delivery_items', 'batch'];

/**
 * One delivery of a sand line (₹100, no PO) and 8 bags of cement against an issued PO of 10, whose
 * order has ₹500 and ₹2,000 set aside, recorded through `path`; answers what it set off.
 */
async function receiveThrough(path: Path) {
  const sand = await newItem();
  const cement = await newItem();
  const po = await issuedOrder(cement, 10);
  const older = await advance(po.id, 500);
  const newer = await advance(po.id, 2000, '2026-11-12');
  const sandLine = { item: sand, quantity: 1, unit_price: 100 };
  const poLine = {
    item: cement,
    quantity: 8,
    unit_price: 100,
    purchase_order_line: po.lines[0]!.id,
  };
  const header = { vendor, delivery_date: '2026-11-20' };
  let id: string;
  if (path === 'create') {
    id = (
      await ok<Delivery>('POST', '/deliveries', { ...header, delivery_items: [sandLine, poLine] })
    ).id;
  } else {
    id = (await ok<Delivery>('POST', '/deliveries', { ...header, delivery_items: [sandLine] })).id;
    if (path === 'delivery_items') {
      await ok('POST', '/delivery_items', { delivery: id, ...poLine });
    } else {
      const res = await batch([
        { method: 'POST', url: url('/delivery_items'), body: { delivery: id, ...poLine } },
      ]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  }
  const delivery = await ok<Delivery>('GET', `/deliveries/${id}`);
  const order = await ok<PurchaseOrder>('GET', `/purchase_orders/${po.id}`);
  const allocated = async (payment: string) => {
    const read = await ok<{ allocated_amount: number; allocation_state: string }>(
      'GET',
      `/payments/${payment}`,
    );
    return { allocated: read.allocated_amount, state: read.allocation_state };
  };
  const movements = await server.ctx.db.kysely
    .selectFrom('stock_movements')
    .select(['item', sql<number>`quantity`.as('q'), sql<number>`value`.as('v')])
    .where('source_id', '=', id)
    .orderBy('item')
    .execute();
  const items = new Map([
    [sand, 'sand'],
    [cement, 'cement'],
  ]);
  return {
    delivery: {
      total: delivery.total_amount,
      paid: delivery.paid_amount,
      status: delivery.payment_status,
    },
    order: { status: order.status, received: order.lines[0]!.received_quantity },
    older: await allocated(older),
    newer: await allocated(newer),
    stock: movements
      .map((m) => [items.get(m.item), Number(m.q), Number(m.v)])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  };
}

describe('every delivery write path sets off the same effects', () => {
  it('a PO line received through POST /deliveries, /delivery_items or a batch: same receipts, advances and stock', async () => {
    const effects = [];
    for (const path of PATHS) effects.push(await receiveThrough(path));
    // ₹900 owed: ₹500 from the older payment, ₹400 from the newer; 8 of 10 bags received.
    expect(effects[0]).toEqual({
      delivery: { total: 900, paid: 900, status: 'paid' },
      order: { status: 'partially_received', received: 8 },
      older: { allocated: 500, state: 'fully_allocated' },
      newer: { allocated: 400, state: 'partially_allocated' },
      stock: [
        ['cement', 8000, 80000],
        ['sand', 1000, 10000],
      ],
    });
    expect(effects[1], 'POST /delivery_items').toEqual(effects[0]);
    expect(effects[2], 'POST /api/batch').toEqual(effects[0]);
    await booksAreTrue('after the three paths');
  });
});

describe("a subscriber's refusal rolls the whole write back", () => {
  it('over-receipt refused by the PO receipts subscriber: nothing of the delivery stays, on every path', async () => {
    const cement = await newItem();
    const po = await issuedOrder(cement, 10);
    await advance(po.id, 5000);
    const existing = await ok<Delivery>('POST', '/deliveries', {
      vendor,
      delivery_date: '2026-11-20',
      delivery_items: [{ item: cement, quantity: 1, unit_price: 100 }],
    });
    const over = {
      item: cement,
      quantity: 11,
      unit_price: 100,
      purchase_order_line: po.lines[0]!.id,
    };
    const fine = {
      item: cement,
      quantity: 2,
      unit_price: 100,
      purchase_order_line: po.lines[0]!.id,
    };
    const before = await books();

    const created = await req<ErrorBody>('POST', '/deliveries', {
      vendor,
      delivery_date: '2026-11-20',
      delivery_items: [{ item: cement, quantity: 3, unit_price: 100 }, over],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(400);
    expect(created.body.code).toBe('PO_QUANTITY_EXCEEDED');
    expect(await books()).toEqual(before);

    const added = await req<ErrorBody>('POST', '/delivery_items', {
      delivery: existing.id,
      ...over,
    });
    expect(added.status).toBe(400);
    expect(added.body.code).toBe('PO_QUANTITY_EXCEEDED');
    expect(await books()).toEqual(before);

    // A first step that alone would be received and paid, then one over the order: both go.
    const batched = await batch([
      { method: 'POST', url: url('/delivery_items'), body: { delivery: existing.id, ...fine } },
      { method: 'POST', url: url('/delivery_items'), body: { delivery: existing.id, ...over } },
    ]);
    expect(batched.status).toBe(400);
    expect(batched.body.code).toBe('BATCH_FAILED');
    expect(batched.body.data).toMatchObject({
      index: 1,
      error: { code: 'PO_QUANTITY_EXCEEDED' },
    });
    expect(await books()).toEqual(before);
    await booksAreTrue('after the refusals');
  });

  it('stock refusing after the receipts settled takes the receipts back too', async () => {
    await ok('PATCH', '', { allow_negative_stock: false });
    const cement = await newItem();
    const po = await issuedOrder(cement, 10);
    const delivery = await ok<Delivery>('POST', '/deliveries', {
      vendor,
      delivery_date: '2026-10-01',
      delivery_items: [
        { item: cement, quantity: 10, unit_price: 100, purchase_order_line: po.lines[0]!.id },
      ],
    });
    expect((await ok<PurchaseOrder>('GET', `/purchase_orders/${po.id}`)).status).toBe('received');
    await ok('POST', '/stock_consumptions', {
      item: cement,
      quantity: 6,
      consumption_date: '2026-10-02',
    });
    const before = await books();
    const line = delivery.delivery_items[0]!.id;
    // Lowering the received line re-opens the order (rank 100), then stock refuses (rank 400).
    const single = await req<ErrorBody>('PATCH', `/delivery_items/${line}`, { quantity: 4 });
    expect(single.status, JSON.stringify(single.body)).toBe(409);
    expect(single.body.code).toBe('STOCK_WOULD_GO_NEGATIVE');
    expect(await books()).toEqual(before);
    const batched = await batch([
      { method: 'PATCH', url: url(`/delivery_items/${line}`), body: { notes: 'first' } },
      { method: 'PATCH', url: url(`/delivery_items/${line}`), body: { quantity: 4 } },
    ]);
    expect(batched.status).toBe(400);
    expect(batched.body.data).toMatchObject({
      index: 1,
      error: { code: 'STOCK_WOULD_GO_NEGATIVE' },
    });
    expect(await books()).toEqual(before);
    const removed = await req<ErrorBody>('DELETE', `/deliveries/${delivery.id}`);
    expect(removed.status).toBe(409);
    expect(await books()).toEqual(before);
    expect((await ok<PurchaseOrder>('GET', `/purchase_orders/${po.id}`)).status).toBe('received');
    await booksAreTrue('after the stock refusals');
  });
});
