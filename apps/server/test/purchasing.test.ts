/**
 * Material requests and purchase orders (issue 24, API.md "Material requests and purchase
 * orders") over HTTP on a real server and database: each transition and refusal, PO numbering per
 * financial year that never reuses a number, deliveries received against PO lines with the
 * over-receipt tolerance, two deliveries racing for the last open quantity, rate variances, the
 * PDF, and the integrity check staying clean.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { financialYear } from '@siteledger/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIntegrity, formatViolations } from '../src/integrity/check.js';
import { businessToday } from '../src/platform/business-time.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let accountant: Registered;
let siteId: string;
let vendor: string;
let otherVendor: string;
let cement: string;
let steel: string;

interface RequestLine {
  id: string;
  item: string;
  quantity: number;
  ordered_quantity: number;
}
interface MaterialRequest {
  id: string;
  status: string;
  estimated_amount: number;
  decided_by: string | null;
  decision_notes: string | null;
  requested_by: string;
  items: RequestLine[];
}
interface OrderLine {
  id: string;
  item: string;
  quantity: number;
  unit_price: number;
  total_amount: number;
  received_quantity: number;
  pending_quantity: number;
  material_request_item: string | null;
}
interface PurchaseOrder {
  id: string;
  number: string | null;
  status: string;
  items_total: number;
  tax_amount: number;
  total_amount: number;
  lines: OrderLine[];
}
interface ErrorBody {
  code: string;
  message: string;
  data: Record<string, unknown>;
}

const url = (p: string) => `/api/sites/${siteId}${p}`;
const req = <T>(method: string, p: string, body?: unknown, token = owner.token) =>
  call<T>(server.url, method, url(p), { token, body });

async function ok<T>(method: string, p: string, body?: unknown, token = owner.token): Promise<T> {
  const res = await req<T>(method, p, body, token);
  expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

async function refused(
  status: number,
  code: string,
  method: string,
  p: string,
  body?: unknown,
  token = owner.token,
): Promise<ErrorBody> {
  const res = await req<ErrorBody>(method, p, body, token);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.code).toBe(code);
  return res.body;
}

async function count(table: 'deliveries' | 'delivery_items' | 'purchase_orders'): Promise<number> {
  const row = await server.ctx.db.kysely
    .selectFrom(table)
    .select(sql<number>`count(*)`.as('n'))
    .where('site_id', '=', siteId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const fy = () => financialYear(businessToday('Asia/Kolkata'));

function delivery(lines: { item: string; quantity: number; unit_price: number; po?: string }[]) {
  return {
    vendor,
    delivery_date: '2026-11-20',
    delivery_items: lines.map((l) => ({
      item: l.item,
      quantity: l.quantity,
      unit_price: l.unit_price,
      ...(l.po ? { purchase_order_line: l.po } : {}),
    })),
  };
}

/** An issued PO of `vendor` for `quantity` of cement at ₹400. */
async function issuedOrder(quantity: number): Promise<PurchaseOrder> {
  const draft = await ok<PurchaseOrder>('POST', '/purchase_orders', {
    vendor,
    lines: [{ item: cement, quantity, unit_price: 400 }],
  });
  return ok<PurchaseOrder>('POST', `/purchase_orders/${draft.id}/issue`);
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  supervisor = await registerUser(server.url);
  accountant = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  await addMember(server, siteId, supervisor.user.id, 'supervisor');
  await addMember(server, siteId, accountant.user.id, 'accountant');
  vendor = (await ok<{ id: string }>('POST', '/vendors', { name: 'Shree Cement Traders' })).id;
  otherVendor = (await ok<{ id: string }>('POST', '/vendors', { name: 'Steel Mart' })).id;
  cement = (await ok<{ id: string }>('POST', '/items', { name: 'Cement OPC 53', unit: 'bag' })).id;
  steel = (await ok<{ id: string }>('POST', '/items', { name: 'TMT 12mm', unit: 'kg' })).id;
  // A past delivery gives cement an average price of ₹400 a bag (the request's estimate).
  await ok('POST', '/deliveries', delivery([{ item: cement, quantity: 10, unit_price: 400 }]));
});
afterAll(async () => {
  await server?.close();
});

describe('material requests', () => {
  let request: MaterialRequest;

  it('a supervisor raises one: a draft with its lines and an estimate', async () => {
    request = await ok<MaterialRequest>(
      'POST',
      '/material_requests',
      {
        items: [
          { item: cement, quantity: 100, notes: 'for the 3rd floor slab' },
          { item: steel, quantity: 500 },
        ],
        needed_by: '2026-12-01',
        notes: 'Slab casting',
      },
      supervisor.token,
    );
    expect(request.status).toBe('draft');
    expect(request.requested_by).toBe(supervisor.user.id);
    expect(request.items.map((l) => [l.item, l.quantity, l.ordered_quantity])).toEqual([
      [cement, 100, 0],
      [steel, 500, 0],
    ]);
    // 100 bags × ₹400 average; steel was never delivered, so it adds nothing.
    expect(request.estimated_amount).toBe(40000);
  });

  it('cannot be approved before it is submitted, nor by a supervisor, nor by itself', async () => {
    const early = await refused(
      409,
      'INVALID_STATUS',
      'POST',
      `/material_requests/${request.id}/approve`,
    );
    expect(early.data.status).toBe('draft');
    const submitted = await ok<MaterialRequest>(
      'POST',
      `/material_requests/${request.id}/submit`,
      undefined,
      supervisor.token,
    );
    expect(submitted.status).toBe('submitted');
    const own = await refused(
      403,
      'PERMISSION_DENIED',
      'POST',
      `/material_requests/${request.id}/approve`,
      {},
      supervisor.token,
    );
    expect(own.message).toBe('Permission denied: Only owners can approve material requests');
    await refused(
      403,
      'PERMISSION_DENIED',
      'POST',
      '/material_requests',
      { items: [{ item: cement, quantity: 1 }] },
      accountant.token,
    );
    await refused(
      409,
      'INVALID_STATUS',
      'POST',
      `/material_requests/${request.id}/submit`,
      undefined,
      supervisor.token,
    );
    expect((await ok<MaterialRequest>('GET', `/material_requests/${request.id}`)).status).toBe(
      'submitted',
    );
  });

  it('a rejection needs a reason; the owner approves with a note', async () => {
    const other = await ok<MaterialRequest>(
      'POST',
      '/material_requests',
      { items: [{ item: steel, quantity: 10 }], submit: true },
      supervisor.token,
    );
    expect(other.status).toBe('submitted');
    await refused(400, 'VALIDATION_FAILED', 'POST', `/material_requests/${other.id}/reject`, {
      notes: ' ',
    });
    const rejected = await ok<MaterialRequest>('POST', `/material_requests/${other.id}/reject`, {
      notes: 'Steel is still in stock',
    });
    expect(rejected).toMatchObject({
      status: 'rejected',
      decision_notes: 'Steel is still in stock',
    });
    await refused(409, 'INVALID_STATUS', 'POST', `/material_requests/${other.id}/reject`, {
      notes: 'again',
    });

    const approved = await ok<MaterialRequest>('POST', `/material_requests/${request.id}/approve`, {
      notes: 'Go ahead',
    });
    expect(approved).toMatchObject({
      status: 'approved',
      decided_by: owner.user.id,
      decision_notes: 'Go ahead',
    });
    // Lines change only while the requester holds it.
    await refused(
      409,
      'INVALID_STATUS',
      'PATCH',
      `/material_requests/${request.id}`,
      { notes: 'x' },
      supervisor.token,
    );
  });

  it('below the site’s approval amount a supervisor’s request needs no approval', async () => {
    await refused(
      403,
      'PERMISSION_DENIED',
      'PATCH',
      '',
      { approval_threshold: 5000 },
      supervisor.token,
    );
    const site = await call<{ approval_threshold: number }>(
      server.url,
      'PATCH',
      `/api/sites/${siteId}`,
      {
        token: owner.token,
        body: { approval_threshold: 5000 },
      },
    );
    expect(site.body.approval_threshold).toBe(5000);
    const small = await ok<MaterialRequest>(
      'POST',
      '/material_requests',
      { items: [{ item: cement, quantity: 10 }], submit: true },
      supervisor.token,
    );
    expect(small).toMatchObject({ status: 'approved', decided_by: null, estimated_amount: 4000 });
    const large = await ok<MaterialRequest>(
      'POST',
      '/material_requests',
      { items: [{ item: cement, quantity: 20 }], submit: true },
      supervisor.token,
    );
    expect(large.status).toBe('submitted');
    await call(server.url, 'PATCH', `/api/sites/${siteId}`, {
      token: owner.token,
      body: { approval_threshold: null },
    });
  });

  it('purchase orders cover its lines: ordered once every line is covered, open again on cancel', async () => {
    const [cementLine, steelLine] = request.items;
    const first = await ok<PurchaseOrder>(
      'POST',
      '/purchase_orders',
      {
        vendor,
        material_request: request.id,
        lines: [
          { item: cement, quantity: 100, unit_price: 395, material_request_item: cementLine!.id },
        ],
      },
      supervisor.token,
    );
    expect(first).toMatchObject({ status: 'draft', number: null, total_amount: 39500 });
    let read = await ok<MaterialRequest>('GET', `/material_requests/${request.id}`);
    expect(read.status).toBe('approved');
    expect(read.items.map((l) => l.ordered_quantity)).toEqual([100, 0]);

    await refused(400, 'VALIDATION_FAILED', 'POST', '/purchase_orders', {
      vendor: otherVendor,
      material_request: request.id,
      lines: [{ item: cement, quantity: 1, unit_price: 60, material_request_item: steelLine!.id }],
    });
    const second = await ok<PurchaseOrder>('POST', '/purchase_orders', {
      vendor: otherVendor,
      material_request: request.id,
      lines: [
        { item: steel, quantity: 500, unit_price: 62.5, material_request_item: steelLine!.id },
      ],
    });
    read = await ok<MaterialRequest>('GET', `/material_requests/${request.id}`);
    expect(read.status).toBe('ordered');

    await ok('POST', `/purchase_orders/${second.id}/cancel`);
    read = await ok<MaterialRequest>('GET', `/material_requests/${request.id}`);
    expect(read.status).toBe('approved');
    expect(read.items.map((l) => l.ordered_quantity)).toEqual([100, 0]);
    // A rejected or draft request cannot be ordered against.
    const draft = await ok<MaterialRequest>('POST', '/material_requests', {
      items: [{ item: cement, quantity: 1 }],
    });
    await refused(409, 'INVALID_STATUS', 'POST', '/purchase_orders', {
      vendor,
      material_request: draft.id,
      lines: [{ item: cement, quantity: 1, unit_price: 400 }],
    });
  });
});

describe('purchase orders', () => {
  it('only an owner issues; numbers run per financial year and are never reused', async () => {
    const a = await ok<PurchaseOrder>(
      'POST',
      '/purchase_orders',
      { vendor, lines: [{ item: cement, quantity: 5, unit_price: 400 }] },
      supervisor.token,
    );
    const denied = await refused(
      403,
      'PERMISSION_DENIED',
      'POST',
      `/purchase_orders/${a.id}/issue`,
      undefined,
      supervisor.token,
    );
    expect(denied.message).toBe('Permission denied: Only owners can issue purchase orders');
    const issued = await ok<PurchaseOrder>('POST', `/purchase_orders/${a.id}/issue`);
    const start = Number(issued.number!.slice(-4));
    expect(issued.number).toMatch(new RegExp(`^PO/${fy()}/\\d{4}$`));
    expect(issued.status).toBe('issued');
    await refused(409, 'INVALID_STATUS', 'POST', `/purchase_orders/${a.id}/issue`);
    await refused(409, 'INVALID_STATUS', 'DELETE', `/purchase_orders/${a.id}`);

    const b = await issuedOrder(5);
    expect(b.number).toBe(`PO/${fy()}/${String(start + 1).padStart(4, '0')}`);
    await ok('POST', `/purchase_orders/${b.id}/cancel`);
    const c = await issuedOrder(5);
    // b's number stays b's, cancelled or not.
    expect(c.number).toBe(`PO/${fy()}/${String(start + 2).padStart(4, '0')}`);
    expect((await ok<PurchaseOrder>('GET', `/purchase_orders/${b.id}`)).number).toBe(
      `PO/${fy()}/${String(start + 1).padStart(4, '0')}`,
    );
    // A draft goes without a trace of a number.
    const d = await ok<PurchaseOrder>('POST', '/purchase_orders', {
      vendor,
      lines: [{ item: cement, quantity: 1, unit_price: 400 }],
    });
    const res = await req('DELETE', `/purchase_orders/${d.id}`);
    expect(res.status).toBe(204);
  });

  it('lists by status (several at once) and vendor', async () => {
    const open = await ok<{ items: PurchaseOrder[] }>(
      'GET',
      '/purchase_orders?status=issued,partially_received',
    );
    expect(open.items.length).toBeGreaterThan(0);
    expect(open.items.every((o) => ['issued', 'partially_received'].includes(o.status))).toBe(true);
    await refused(400, 'VALIDATION_FAILED', 'GET', '/purchase_orders?status=lost');
    const theirs = await ok<{ items: PurchaseOrder[] }>(
      'GET',
      `/purchase_orders?vendor=${otherVendor}`,
    );
    expect(theirs.items.map((o) => o.status)).toEqual(['cancelled']);
  });
});

describe('deliveries against a purchase order', () => {
  it('refuses a draft PO, another vendor’s, and another item', async () => {
    const draft = await ok<PurchaseOrder>('POST', '/purchase_orders', {
      vendor,
      lines: [{ item: cement, quantity: 10, unit_price: 400 }],
    });
    const before = await count('delivery_items');
    await refused(
      400,
      'PO_NOT_ISSUED',
      'POST',
      '/deliveries',
      delivery([{ item: cement, quantity: 1, unit_price: 400, po: draft.lines[0]!.id }]),
    );
    const issued = await issuedOrder(10);
    const wrongVendor = await refused(400, 'VALIDATION_FAILED', 'POST', '/deliveries', {
      ...delivery([{ item: cement, quantity: 1, unit_price: 400, po: issued.lines[0]!.id }]),
      vendor: otherVendor,
    });
    expect(Object.keys(wrongVendor.data)).toEqual(['delivery_items.0.purchase_order_line']);
    await refused(
      400,
      'VALIDATION_FAILED',
      'POST',
      '/deliveries',
      delivery([{ item: steel, quantity: 1, unit_price: 400, po: issued.lines[0]!.id }]),
    );
    expect(await count('delivery_items')).toBe(before);
  });

  it('follows the PO: partly received with what is pending, over-receipt refused, then received', async () => {
    const po = await issuedOrder(100);
    const line = po.lines[0]!.id;
    await ok(
      'POST',
      '/deliveries',
      delivery([{ item: cement, quantity: 60, unit_price: 400, po: line }]),
    );
    let read = await ok<PurchaseOrder>('GET', `/purchase_orders/${po.id}`);
    expect(read.status).toBe('partially_received');
    expect(read.lines[0]).toMatchObject({ received_quantity: 60, pending_quantity: 40 });

    const before = { deliveries: await count('deliveries'), lines: await count('delivery_items') };
    const over = await refused(
      400,
      'PO_QUANTITY_EXCEEDED',
      'POST',
      '/deliveries',
      delivery([{ item: cement, quantity: 41, unit_price: 400, po: line }]),
    );
    expect(over.data).toMatchObject({ ordered: 100, received: 60, requested: 41 });
    expect({ deliveries: await count('deliveries'), lines: await count('delivery_items') }).toEqual(
      before,
    );

    // The owner allows 5 % more: 45 may come now (60 + 45 = 105).
    await refused(
      403,
      'PERMISSION_DENIED',
      'PATCH',
      '',
      { po_over_receipt_percent: 5 },
      supervisor.token,
    );
    await call(server.url, 'PATCH', `/api/sites/${siteId}`, {
      token: owner.token,
      body: { po_over_receipt_percent: 5 },
    });
    const extra = await ok<{ id: string; delivery_items: { id: string }[] }>(
      'POST',
      '/deliveries',
      delivery([{ item: cement, quantity: 45, unit_price: 400, po: line }]),
    );
    read = await ok<PurchaseOrder>('GET', `/purchase_orders/${po.id}`);
    expect(read.status).toBe('received');
    expect(read.lines[0]).toMatchObject({ received_quantity: 105, pending_quantity: 0 });
    await call(server.url, 'PATCH', `/api/sites/${siteId}`, {
      token: owner.token,
      body: { po_over_receipt_percent: 0 },
    });

    // A line edited down (single endpoint) and a delivery deleted move the PO back.
    await ok('PATCH', `/delivery_items/${extra.delivery_items[0]!.id}`, { quantity: 30 });
    read = await ok<PurchaseOrder>('GET', `/purchase_orders/${po.id}`);
    expect(read).toMatchObject({ status: 'partially_received' });
    expect(read.lines[0]!.received_quantity).toBe(90);
    const res = await req('DELETE', `/deliveries/${extra.id}`);
    expect(res.status).toBe(204);
    read = await ok<PurchaseOrder>('GET', `/purchase_orders/${po.id}`);
    expect(read.lines[0]).toMatchObject({ received_quantity: 60, pending_quantity: 40 });

    // A batch adding more than is open is refused as a whole, naming its step.
    const target = (
      await ok<{ items: { id: string }[] }>('GET', `/deliveries?vendor=${vendor}&perPage=1`)
    ).items[0]!.id;
    const batch = await call<ErrorBody>(server.url, 'POST', '/api/batch', {
      token: owner.token,
      body: {
        requests: [
          {
            method: 'POST',
            url: url('/delivery_items'),
            body: { delivery: target, item: cement, quantity: 1, unit_price: 400 },
          },
          {
            method: 'POST',
            url: url('/delivery_items'),
            body: {
              delivery: target,
              item: cement,
              quantity: 41,
              unit_price: 400,
              purchase_order_line: line,
            },
          },
        ],
      },
    });
    expect(batch.status).toBe(400);
    expect(batch.body.code).toBe('BATCH_FAILED');
    expect(batch.body.data).toMatchObject({ index: 1, error: { code: 'PO_QUANTITY_EXCEEDED' } });
  });

  it('an issued PO’s quantities never go below what was received; it is closed, not cancelled', async () => {
    const po = await issuedOrder(50);
    const line = po.lines[0]!;
    await ok(
      'POST',
      '/deliveries',
      delivery([{ item: cement, quantity: 20, unit_price: 400, po: line.id }]),
    );
    const below = await refused(
      409,
      'PO_QUANTITY_BELOW_RECEIVED',
      'PATCH',
      `/purchase_orders/${po.id}`,
      {
        lines: [{ id: line.id, item: cement, quantity: 19, unit_price: 400 }],
      },
    );
    expect(below.data).toMatchObject({ received: 20, requested: 19 });
    await refused(409, 'PO_QUANTITY_BELOW_RECEIVED', 'PATCH', `/purchase_orders/${po.id}`, {
      lines: [{ item: steel, quantity: 5, unit_price: 60 }],
    });
    // An issued order went to its vendor: another vendor is another order.
    await refused(409, 'INVALID_STATUS', 'PATCH', `/purchase_orders/${po.id}`, {
      vendor: otherVendor,
    });
    const cut = await ok<PurchaseOrder>('PATCH', `/purchase_orders/${po.id}`, {
      lines: [{ id: line.id, item: cement, quantity: 20, unit_price: 400 }],
      terms: '30 days credit',
    });
    expect(cut).toMatchObject({ status: 'received', total_amount: 8000 });
    const cancel = await refused(409, 'INVALID_STATUS', 'POST', `/purchase_orders/${po.id}/cancel`);
    expect(cancel.message).toContain('close it instead');
    const closed = await ok<PurchaseOrder>('POST', `/purchase_orders/${po.id}/close`);
    expect(closed.status).toBe('closed');
    await refused(
      400,
      'PO_NOT_ISSUED',
      'POST',
      '/deliveries',
      delivery([{ item: cement, quantity: 1, unit_price: 400, po: line.id }]),
    );
    await refused(409, 'INVALID_STATUS', 'PATCH', `/purchase_orders/${po.id}`, { notes: 'late' });
  });

  it('two deliveries racing for the last open quantity: exactly one wins', async () => {
    const po = await issuedOrder(10);
    const line = po.lines[0]!.id;
    await ok(
      'POST',
      '/deliveries',
      delivery([{ item: cement, quantity: 4, unit_price: 400, po: line }]),
    );
    const before = await count('deliveries');
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        req<ErrorBody>(
          'POST',
          '/deliveries',
          delivery([{ item: cement, quantity: 6, unit_price: 400, po: line }]),
        ),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses, JSON.stringify(results.map((r) => r.body))).toEqual([201, 400, 400]);
    expect(
      results.filter((r) => r.status === 400).every((r) => r.body.code === 'PO_QUANTITY_EXCEEDED'),
    ).toBe(true);
    expect(await count('deliveries')).toBe(before + 1);
    const read = await ok<PurchaseOrder>('GET', `/purchase_orders/${po.id}`);
    expect(read).toMatchObject({ status: 'received' });
    expect(read.lines[0]!.received_quantity).toBe(10);
  });

  it('a rate other than the PO’s is listed as a variance', async () => {
    const po = await issuedOrder(10);
    const received = await ok<{ id: string }>(
      'POST',
      '/deliveries',
      delivery([{ item: cement, quantity: 3, unit_price: 412.5, po: po.lines[0]!.id }]),
    );
    // The delivery's line shows what it was ordered at, when asked.
    const read = await ok<{ delivery_items: { expand?: Record<string, unknown> }[] }>(
      'GET',
      `/deliveries/${received.id}?expand=delivery_items.purchase_order_line`,
    );
    expect(read.delivery_items[0]!.expand?.purchase_order_line).toEqual({
      id: po.lines[0]!.id,
      purchase_order: po.id,
      purchase_order_number: po.number,
      quantity: 10,
      unit_price: 400,
      received_quantity: 3,
    });
    const list = await ok<{ items: Record<string, unknown>[] }>(
      'GET',
      `/rate_variances?purchase_order=${po.id}`,
    );
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      purchase_order_number: po.number,
      po_unit_price: 400,
      unit_price: 412.5,
      difference: 12.5,
      variance_amount: 37.5,
      quantity: 3,
    });
  });
});

describe('advances against a purchase order', () => {
  it('a payment set aside for the PO pays its deliveries as they arrive, oldest first', async () => {
    const account = (
      await ok<{ id: string }>('POST', '/accounts', {
        name: 'Site bank',
        type: 'bank',
        opening_balance: 500000,
      })
    ).id;
    const po = await issuedOrder(50); // ₹20,000
    const pay = async (amount: number, payment_date: string) =>
      (
        await ok<{ id: string }>('POST', '/payments', {
          vendor,
          account,
          amount,
          payment_date,
        })
      ).id;
    const first = await pay(5000, '2026-11-10');
    const second = await pay(8000, '2026-11-12');
    const elsewhere = await ok<{ id: string }>('POST', '/payments', {
      vendor: otherVendor,
      account,
      amount: 100,
      payment_date: '2026-11-12',
    });
    await refused(400, 'VALIDATION_FAILED', 'POST', `/purchase_orders/${po.id}/advances`, {
      payment: elsewhere.id,
    });
    await refused(
      403,
      'PERMISSION_DENIED',
      'POST',
      `/purchase_orders/${po.id}/advances`,
      { payment: first },
      accountant.token,
    );
    await ok('POST', `/purchase_orders/${po.id}/advances`, { payment: second }, supervisor.token);
    const list = await ok<{ items: { payment: string; unapplied: number }[] }>(
      'POST',
      `/purchase_orders/${po.id}/advances`,
      { payment: first },
    );
    expect(list.items.map((a) => [a.payment, a.unapplied])).toEqual([
      [first, 5000],
      [second, 8000],
    ]);
    const other = await issuedOrder(1);
    await refused(400, 'VALIDATION_FAILED', 'POST', `/purchase_orders/${other.id}/advances`, {
      payment: first,
    });
    expect(
      (await ok<PurchaseOrder & { advance_amount: number }>('GET', `/purchase_orders/${po.id}`))
        .advance_amount,
    ).toBe(13000);

    // 20 bags × ₹400 = ₹8,000: ₹5,000 from the older payment, ₹3,000 from the newer.
    const d1 = await ok<{ id: string; paid_amount: number; payment_status: string }>(
      'POST',
      '/deliveries',
      delivery([{ item: cement, quantity: 20, unit_price: 400, po: po.lines[0]!.id }]),
    );
    const read1 = await ok<{ paid_amount: number; payment_status: string }>(
      'GET',
      `/deliveries/${d1.id}`,
    );
    expect(read1).toMatchObject({ paid_amount: 8000, payment_status: 'paid' });
    const p1 = await ok<{ allocation_state: string; allocated_amount: number }>(
      'GET',
      `/payments/${first}`,
    );
    expect(p1).toMatchObject({ allocation_state: 'fully_allocated', allocated_amount: 5000 });
    // 30 more bags (₹12,000): the ₹5,000 left of the newer payment; ₹7,000 stays due.
    const d2 = await ok<{ id: string }>(
      'POST',
      '/deliveries',
      delivery([{ item: cement, quantity: 30, unit_price: 400, po: po.lines[0]!.id }]),
    );
    const read2 = await ok<{ paid_amount: number; payment_status: string }>(
      'GET',
      `/deliveries/${d2.id}`,
    );
    expect(read2).toMatchObject({ paid_amount: 5000, payment_status: 'partial' });
    const after = await ok<{ items: { unapplied: number }[] }>(
      'GET',
      `/purchase_orders/${po.id}/advances`,
    );
    expect(after.items.map((a) => a.unapplied)).toEqual([0, 0]);
    // A delivery without a PO is not paid from them.
    const plain = await ok<{ id: string }>(
      'POST',
      '/deliveries',
      delivery([{ item: cement, quantity: 1, unit_price: 400 }]),
    );
    expect((await ok<{ paid_amount: number }>('GET', `/deliveries/${plain.id}`)).paid_amount).toBe(
      0,
    );
    await refused(404, 'NOT_FOUND', 'DELETE', `/purchase_orders/${po.id}/advances/${elsewhere.id}`);
    const res = await req('DELETE', `/purchase_orders/${po.id}/advances/${first}`);
    expect(res.status).toBe(204);
  });
});

describe('the PO as a document and in the books', () => {
  it('prints as a PDF with its number, lines and amount in words', async () => {
    const po = await issuedOrder(123);
    const res = await fetch(`${server.url}${url(`/purchase_orders/${po.id}/pdf`)}`, {
      headers: { authorization: `Bearer ${supervisor.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pdf');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    if (spawnSync('pdftotext', ['-v']).status !== 0) return;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'po-'));
    const file = path.join(dir, 'po.pdf');
    fs.writeFileSync(file, bytes);
    const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).stdout;
    expect(text).toContain(po.number!);
    expect(text).toContain('Shree Cement Traders');
    expect(text).toContain('Cement OPC 53');
    // 123 × ₹400 = ₹49,200.
    expect(text.replace(/\s+/g, ' ')).toContain('Rupees Forty-Nine Thousand Two Hundred Only');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the trail and the integrity check clean', async () => {
    const trail = await server.ctx.db.kysely
      .selectFrom('audit_log')
      .select(['entity', 'action'])
      .where('site_id', '=', siteId)
      .where('entity', 'in', ['material_requests', 'purchase_orders'])
      .execute();
    expect(trail.some((e) => e.entity === 'material_requests' && e.action === 'update')).toBe(true);
    expect(trail.some((e) => e.entity === 'purchase_orders' && e.action === 'delete')).toBe(true);
    const found = await checkIntegrity(server.ctx.db.kysely);
    expect(found.length, formatViolations(found)).toBe(0);
  });
});
