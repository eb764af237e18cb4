/**
 * Issue 37 item 6, stock part, over HTTP on SQLite and PostgreSQL: with `allow_negative_stock`
 * false no change may take an item's running balance below zero on any day from its date on —
 * deleting or lowering a delivery (directly and in a batch), moving it later, a vendor return,
 * deleting a count, backdated consumption and counts; a supervisor's material request for an item
 * with no known price waits for the owner; a day's counts of an item are judged together against
 * the count threshold. Each refusal writes nothing; the integrity check runs on close.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let siteId: string;
let vendor: string;

interface ErrorBody {
  code: string;
  message: string;
  data: Record<string, unknown>;
}
interface Adjustment {
  id: string;
  status: string;
  difference: number;
  value: number;
}

const req = <T>(method: string, p: string, body?: unknown, token = owner.token, lang?: string) =>
  call<T>(server.url, method, `/api/sites/${siteId}${p}`, {
    token,
    body,
    ...(lang ? { lang } : {}),
  });

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

async function onHand(item: string, date?: string): Promise<number> {
  const report = await ok<{ items: { item: string; on_hand: number }[] }>(
    'GET',
    `/stock${date ? `?date=${date}` : ''}`,
  );
  return report.items.find((r) => r.item === item)?.on_hand ?? 0;
}

/** Every movement of an item as (date, kind, quantity), to show a refusal changed nothing. */
async function movementsOf(item: string) {
  const rows = await server.ctx.db.kysely
    .selectFrom('stock_movements')
    .select(['movement_date', 'kind', sql<number>`quantity`.as('q')])
    .where('item', '=', item)
    .orderBy('movement_date')
    .orderBy('kind')
    .orderBy('id')
    .execute();
  return rows.map((r) => [r.movement_date, r.kind, Number(r.q)]);
}

let itemCount = 0;
async function newItem(): Promise<string> {
  itemCount += 1;
  return (await ok<{ id: string }>('POST', '/items', { name: `Item ${itemCount}`, unit: 'bag' }))
    .id;
}

async function deliver(item: string, quantity: number, date: string, unitPrice = 100) {
  const delivery = await ok<{ id: string }>('POST', '/deliveries', {
    vendor,
    delivery_date: date,
    delivery_items: [{ item, quantity, unit_price: unitPrice }],
  });
  const line = await server.ctx.db.kysely
    .selectFrom('delivery_items')
    .select('id')
    .where('delivery', '=', delivery.id)
    .executeTakeFirstOrThrow();
  return { id: delivery.id, line: line.id };
}

const consume = (item: string, quantity: number, date: string) =>
  ok<{ id: string }>('POST', '/stock_consumptions', {
    item,
    quantity,
    consumption_date: date,
  });

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  supervisor = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token, { name: 'Hardening stock' })).id;
  await addMember(server, siteId, supervisor.user.id, 'supervisor');
  vendor = (await ok<{ id: string }>('POST', '/vendors', { name: 'Shree Traders' })).id;
});
afterAll(async () => {
  await server?.close();
});

describe('allow_negative_stock false holds on every day from a change on', () => {
  it('deleting a delivery whose goods were used is refused and changes nothing', async () => {
    const item = await newItem();
    const delivery = await deliver(item, 10, '2026-10-01');
    await consume(item, 6, '2026-10-02');
    const before = await movementsOf(item);
    const body = await refused(
      409,
      'STOCK_WOULD_GO_NEGATIVE',
      'DELETE',
      `/deliveries/${delivery.id}`,
    );
    expect(body.data).toMatchObject({ item, date: '2026-10-02', short: 6 });
    expect(await movementsOf(item)).toEqual(before);
    expect(await onHand(item)).toBe(4);
    // In Hindi too.
    const hi = await req<ErrorBody>(
      'DELETE',
      `/deliveries/${delivery.id}`,
      undefined,
      owner.token,
      'hi',
    );
    expect(hi.status).toBe(409);
    expect(hi.body.message).toMatch(/शून्य से नीचे/);
  });

  it('lowering a delivery line below what was used is refused, directly and in a batch', async () => {
    const item = await newItem();
    const delivery = await deliver(item, 10, '2026-10-01');
    await consume(item, 6, '2026-10-03');
    const before = await movementsOf(item);
    await refused(409, 'STOCK_WOULD_GO_NEGATIVE', 'PATCH', `/delivery_items/${delivery.line}`, {
      quantity: 5,
    });
    const batch = await call<ErrorBody>(server.url, 'POST', '/api/batch', {
      token: owner.token,
      body: {
        requests: [
          {
            method: 'PATCH',
            url: `/api/sites/${siteId}/delivery_items/${delivery.line}`,
            body: { quantity: 4 },
          },
        ],
      },
    });
    expect(batch.status).toBe(400);
    expect(JSON.stringify(batch.body.data)).toContain('STOCK_WOULD_GO_NEGATIVE');
    expect(await movementsOf(item)).toEqual(before);
    // Down to exactly what was used is fine.
    await ok('PATCH', `/delivery_items/${delivery.line}`, { quantity: 6 });
    expect(await onHand(item)).toBe(0);
  });

  it('moving a delivery after the day its goods were used is refused', async () => {
    const item = await newItem();
    const delivery = await deliver(item, 10, '2026-10-01');
    await consume(item, 3, '2026-10-05');
    await refused(409, 'STOCK_WOULD_GO_NEGATIVE', 'PATCH', `/deliveries/${delivery.id}`, {
      delivery_date: '2026-10-06',
    });
    expect(await onHand(item, '2026-10-05')).toBe(7);
    await ok('PATCH', `/deliveries/${delivery.id}`, { delivery_date: '2026-10-04' });
  });

  it('a vendor return of goods already used is refused', async () => {
    const item = await newItem();
    const delivery = await deliver(item, 10, '2026-10-01');
    await consume(item, 8, '2026-10-02');
    const before = await movementsOf(item);
    const returns = await server.ctx.db.kysely
      .selectFrom('vendor_returns')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const body = {
      vendor,
      return_date: '2026-10-03',
      reason: 'damaged',
      items: [
        {
          delivery_item: delivery.line,
          quantity_returned: 5,
          return_rate: 100,
          condition: 'damaged',
        },
      ],
    };
    await refused(409, 'STOCK_WOULD_GO_NEGATIVE', 'POST', '/vendor_returns', body);
    expect(await movementsOf(item)).toEqual(before);
    const after = await server.ctx.db.kysely
      .selectFrom('vendor_returns')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(returns.n));
    // What is still on hand may go back.
    await ok('POST', '/vendor_returns', {
      ...body,
      items: [{ ...body.items[0], quantity_returned: 2 }],
    });
    expect(await onHand(item)).toBe(0);
  });

  it('deleting a count that found more, after the extra was used, is refused', async () => {
    const item = await newItem();
    await deliver(item, 10, '2026-10-01');
    const count = await ok<Adjustment>('POST', '/stock_adjustments', {
      item,
      counted_quantity: 15,
      adjustment_date: '2026-10-02',
      reason: 'Found a pallet',
    });
    expect(count.difference).toBe(5);
    await consume(item, 12, '2026-10-03');
    await refused(409, 'STOCK_WOULD_GO_NEGATIVE', 'DELETE', `/stock_adjustments/${count.id}`);
    expect(await onHand(item)).toBe(3);
  });

  it('a backdated consumption is judged on every later day, not only today', async () => {
    const item = await newItem();
    await deliver(item, 10, '2026-10-10');
    await consume(item, 10, '2026-10-12');
    await deliver(item, 10, '2026-10-15');
    expect(await onHand(item)).toBe(10);
    const before = await movementsOf(item);
    // On the 11th there are 10, but taking 5 then leaves −5 on the 12th.
    const body = await refused(400, 'INSUFFICIENT_STOCK', 'POST', '/stock_consumptions', {
      item,
      quantity: 5,
      consumption_date: '2026-10-11',
    });
    expect(body.data).toMatchObject({ available: 0, requested: 5, date: '2026-10-11' });
    expect(body.message).toBe(
      'Only 0 can be taken out on 2026-10-11 without a later day going below zero: 5 cannot be taken out',
    );
    expect(await movementsOf(item)).toEqual(before);
    // Moving an existing consumption back is judged the same way.
    const later = await consume(item, 5, '2026-10-16');
    await refused(400, 'INSUFFICIENT_STOCK', 'PATCH', `/stock_consumptions/${later.id}`, {
      consumption_date: '2026-10-11',
    });
    expect(await onHand(item)).toBe(5);
  });

  it('a backdated count is judged on every later day, not only today', async () => {
    const item = await newItem();
    await deliver(item, 10, '2026-10-10');
    await consume(item, 10, '2026-10-12');
    await deliver(item, 10, '2026-10-15');
    const before = await movementsOf(item);
    // Counted 0 on the 11th (−10 against today's 10): the 12th would be −10.
    await refused(409, 'STOCK_WOULD_GO_NEGATIVE', 'POST', '/stock_counts', {
      count_date: '2026-10-11',
      reason: 'Recount',
      lines: [{ item, counted_quantity: 0 }],
    });
    expect(await movementsOf(item)).toEqual(before);
    // The same count today is fine.
    await ok('POST', '/stock_counts', {
      count_date: '2026-10-16',
      reason: 'Recount',
      lines: [{ item, counted_quantity: 0 }],
    });
    expect(await onHand(item)).toBe(0);
  });

  it('a delivery deleted while its goods are consumed: one of the two wins, never both', async () => {
    for (let run = 0; run < 10; run += 1) {
      const item = await newItem();
      const delivery = await deliver(item, 10, '2026-10-01');
      const [removed, used] = await Promise.all([
        req('DELETE', `/deliveries/${delivery.id}`),
        req('POST', '/stock_consumptions', {
          item,
          quantity: 6,
          consumption_date: '2026-10-02',
        }),
      ]);
      const statuses = [removed.status, used.status].sort((a, b) => a - b);
      expect(
        [
          [201, 409],
          [204, 400],
        ],
        JSON.stringify([removed.body, used.body]),
      ).toContainEqual(statuses);
      expect(await onHand(item)).toBe(removed.status === 204 ? 0 : 4);
    }
  });

  it('with negative stock allowed the same changes go through', async () => {
    const item = await newItem();
    const delivery = await deliver(item, 10, '2026-10-01');
    await consume(item, 6, '2026-10-02');
    await ok('PATCH', '', { allow_negative_stock: true });
    try {
      await ok('DELETE', `/deliveries/${delivery.id}`);
      expect(await onHand(item)).toBe(-6);
    } finally {
      await ok('PATCH', '', { allow_negative_stock: false });
    }
  });
});

describe('approvals that could be dodged', () => {
  it("a supervisor's request for an item never delivered waits for the owner", async () => {
    await ok('PATCH', '', { approval_threshold: 5000 });
    try {
      const unpriced = await newItem();
      const request = await ok<{ status: string; estimated_amount: number }>(
        'POST',
        '/material_requests',
        { items: [{ item: unpriced, quantity: 100000 }], submit: true },
        supervisor.token,
      );
      expect(request).toMatchObject({ status: 'submitted', estimated_amount: 0 });
      // A priced item below the amount still needs nobody.
      const priced = await newItem();
      await deliver(priced, 10, '2026-10-01', 100);
      const small = await ok<{ status: string }>(
        'POST',
        '/material_requests',
        { items: [{ item: priced, quantity: 10 }], submit: true },
        supervisor.token,
      );
      expect(small.status).toBe('approved');
      // One unpriced line makes the whole request wait.
      const mixed = await ok<{ status: string }>(
        'POST',
        '/material_requests',
        {
          items: [
            { item: priced, quantity: 1 },
            { item: unpriced, quantity: 1 },
          ],
          submit: true,
        },
        supervisor.token,
      );
      expect(mixed.status).toBe('submitted');
    } finally {
      await ok('PATCH', '', { approval_threshold: null });
    }
  });

  it("a day's counts of an item are judged together against the threshold", async () => {
    const item = await newItem();
    // 10 bags at ₹50.
    await deliver(item, 10, '2026-10-01', 50);
    await ok('PATCH', '', { stock_count_threshold: 100 });
    try {
      const count = (counted: number, date = '2026-10-20') =>
        ok<{ adjustments: Adjustment[] }>(
          'POST',
          '/stock_counts',
          { count_date: date, reason: 'Recount', lines: [{ item, counted_quantity: counted }] },
          supervisor.token,
        ).then((r) => r.adjustments[0]!);
      // −₹50, then −₹50 more (the day at −₹100, not above): both applied.
      expect(await count(9)).toMatchObject({ status: 'applied', value: -50 });
      expect(await count(8)).toMatchObject({ status: 'applied', value: -50 });
      // A third −₹50 takes the day to −₹150: it waits, and moves nothing.
      expect(await count(7)).toMatchObject({ status: 'pending', value: -50 });
      expect(await onHand(item)).toBe(8);
      // Another day is judged on its own.
      expect(await count(7, '2026-10-21')).toMatchObject({ status: 'applied', value: -50 });
    } finally {
      await ok('PATCH', '', { stock_count_threshold: null });
    }
  });
});
