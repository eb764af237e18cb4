/**
 * Site stock (issue 25, API.md "Site stock") over HTTP on a real server and database: on hand and
 * the moving average after deliveries (one with GST carried as cost), a return, consumption, a
 * transfer with a shortfall and a count, against figures computed by hand; the refusals
 * (INSUFFICIENT_STOCK, a transfer to a site the caller cannot write to, an accountant); two
 * consumptions racing for the last units; a count waiting for the owner; the reports; and the
 * integrity check staying clean.
 */
import { gstinCheckChar } from '@siteledger/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIntegrity, formatViolations } from '../src/integrity/check.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let accountant: Registered;
let stranger: Registered;
let siteA: string;
let siteB: string;
let strangerSite: string;
let readOnlySite: string;
let vendor: string;
let cement: string;
let sand: string;

interface ErrorBody {
  code: string;
  message: string;
  data: Record<string, unknown>;
}
interface StockRow {
  item: string;
  name: string;
  on_hand: number;
  average_cost: number;
  value: number;
  low: boolean;
}
interface StockReport {
  items: StockRow[];
  total_value: number;
  low_count: number;
}
interface Transfer {
  id: string;
  status: string;
  direction: string;
  total_value: number;
  lines: {
    id: string;
    item: string;
    quantity: number;
    value: number;
    received_quantity: number | null;
    received_item: string | null;
    shortfall_quantity: number | null;
  }[];
}
interface Adjustment {
  id: string;
  status: string;
  previous_quantity: number;
  difference: number;
  value: number;
}

const req = <T>(
  method: string,
  site: string,
  p: string,
  body?: unknown,
  token = owner.token,
  headers?: Record<string, string>,
) =>
  call<T>(server.url, method, `/api/sites/${site}${p}`, {
    token,
    body,
    ...(headers ? { headers } : {}),
  });

async function ok<T>(
  method: string,
  p: string,
  body?: unknown,
  token = owner.token,
  site = siteA,
): Promise<T> {
  const res = await req<T>(method, site, p, body, token);
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
  site = siteA,
): Promise<ErrorBody> {
  const res = await req<ErrorBody>(method, site, p, body, token);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.code).toBe(code);
  return res.body;
}

async function stockOf(item: string, site = siteA, query = ''): Promise<StockRow | undefined> {
  const report = await ok<StockReport>('GET', `/stock${query}`, undefined, owner.token, site);
  return report.items.find((r) => r.item === item);
}

async function rowCount(table: 'stock_movements' | 'stock_transfers' | 'stock_consumptions') {
  const row = await server.ctx.db.kysely
    .selectFrom(table)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  supervisor = await registerUser(server.url);
  accountant = await registerUser(server.url);
  stranger = await registerUser(server.url);
  siteA = (
    await createSite(server.url, owner.token, { name: 'Green Park Tower', state_code: '27' })
  ).id;
  siteB = (await createSite(server.url, owner.token, { name: 'Lake View Villas' })).id;
  strangerSite = (await createSite(server.url, stranger.token)).id;
  readOnlySite = (await createSite(server.url, stranger.token)).id;
  await addMember(server, siteA, supervisor.user.id, 'supervisor');
  await addMember(server, siteA, accountant.user.id, 'accountant');
  await addMember(server, readOnlySite, owner.user.id, 'accountant');
  // A regular GST-registered vendor in Maharashtra (27), so its bills may charge GST.
  const body = '27AABCL5678M1Z';
  vendor = (
    await ok<{ id: string }>('POST', '/vendors', {
      name: 'Shree Cement Traders',
      gstin: body + gstinCheckChar(body),
    })
  ).id;
  cement = (await ok<{ id: string }>('POST', '/items', { name: 'Cement OPC 53', unit: 'bag' })).id;
  sand = (await ok<{ id: string }>('POST', '/items', { name: 'River sand', unit: 'cft' })).id;
});
afterAll(async () => {
  await server?.close();
});

describe('on hand and the moving average, by hand', () => {
  let firstLine: string;
  let transfer: Transfer;

  it('deliveries come in at their taxable value, plus GST where the site carries it as cost', async () => {
    const first = await ok<{ id: string }>('POST', '/deliveries', {
      vendor,
      delivery_date: '2026-11-01',
      delivery_items: [{ item: cement, quantity: 100, unit_price: 400 }],
    });
    const line = await server.ctx.db.kysely
      .selectFrom('delivery_items')
      .select('id')
      .where('delivery', '=', first.id)
      .executeTakeFirstOrThrow();
    firstLine = line.id;
    // 50 bags at ₹400 with 18 % GST: ₹20,000 + ₹3,600 carried as cost (input_tax_mode "cost").
    await ok('POST', '/deliveries', {
      vendor,
      delivery_date: '2026-11-02',
      delivery_items: [{ item: cement, quantity: 50, unit_price: 400, gst_rate: 18 }],
    });
    // 150 bags worth ₹63,600: ₹424 a bag.
    expect(await stockOf(cement)).toMatchObject({ on_hand: 150, average_cost: 424, value: 63600 });
  });

  it('a return goes out at the average, leaving it unchanged', async () => {
    await ok('POST', '/vendor_returns', {
      vendor,
      return_date: '2026-11-03',
      reason: 'damaged',
      items: [
        { delivery_item: firstLine, quantity_returned: 10, return_rate: 400, condition: 'damaged' },
      ],
    });
    // 140 bags, ₹63,600 − 10 × ₹424 = ₹59,360.
    expect(await stockOf(cement)).toMatchObject({ on_hand: 140, average_cost: 424, value: 59360 });
  });

  it('a supervisor records consumption; the item reads the same on hand', async () => {
    const used = await ok<{ value: number; used_for: string }>(
      'POST',
      '/stock_consumptions',
      { item: cement, quantity: 30, consumption_date: '2026-11-04', used_for: ' Slab ' },
      supervisor.token,
    );
    expect(used).toMatchObject({ value: 12720, used_for: 'Slab' });
    expect(await stockOf(cement)).toMatchObject({ on_hand: 110, value: 46640 });
    const item = await ok<{ current_stock: number; stock_quantity: number }>(
      'GET',
      `/items/${cement}`,
    );
    expect(item).toMatchObject({ current_stock: 110, stock_quantity: 110 });
  });

  it('a transfer leaves at the sending average; the receiver confirms less; the shortfall enters neither', async () => {
    transfer = await ok<Transfer>('POST', '/stock_transfers', {
      to_site: siteB,
      transfer_date: '2026-11-05',
      notes: 'For the villa slab',
      lines: [{ item: cement, quantity: 20 }],
    });
    expect(transfer).toMatchObject({ status: 'sent', direction: 'out', total_value: 8480 });
    expect(transfer.lines[0]).toMatchObject({ quantity: 20, value: 8480, received_quantity: null });
    expect(await stockOf(cement)).toMatchObject({ on_hand: 90, value: 38160 });
    // Listed on both sites; seen from B it comes in.
    const onB = await ok<{ items: Transfer[] }>(
      'GET',
      '/stock_transfers',
      undefined,
      owner.token,
      siteB,
    );
    expect(onB.items.map((t) => [t.id, t.direction])).toEqual([[transfer.id, 'in']]);
    // Only the receiving site confirms, once.
    await refused(400, 'VALIDATION_FAILED', 'POST', `/stock_transfers/${transfer.id}/receive`, {
      lines: [],
    });
    const received = await ok<Transfer>(
      'POST',
      `/stock_transfers/${transfer.id}/receive`,
      {
        received_date: '2026-11-06',
        lines: [{ id: transfer.lines[0]!.id, received_quantity: 18 }],
      },
      owner.token,
      siteB,
    );
    expect(received.status).toBe('received');
    expect(received.lines[0]).toMatchObject({ received_quantity: 18, shortfall_quantity: 2 });
    await refused(
      409,
      'INVALID_STATUS',
      'POST',
      `/stock_transfers/${transfer.id}/receive`,
      { lines: [] },
      owner.token,
      siteB,
    );
    // B had no cement: it got one of the same name and unit, 18 bags at A's ₹424.
    const bItems = await ok<{ items: { id: string; name: string; unit: string }[] }>(
      'GET',
      '/items',
      undefined,
      owner.token,
      siteB,
    );
    expect(bItems.items.map((i) => [i.name, i.unit])).toEqual([['Cement OPC 53', 'bag']]);
    expect(received.lines[0]!.received_item).toBe(bItems.items[0]!.id);
    expect(await stockOf(bItems.items[0]!.id, siteB)).toMatchObject({
      on_hand: 18,
      average_cost: 424,
      value: 7632,
    });
    // A's stock did not come back for the 2 bags lost on the way.
    expect(await stockOf(cement)).toMatchObject({ on_hand: 90 });
  });

  it('a count sets on hand to what was counted; the difference is valued at the average', async () => {
    const counted = await ok<Adjustment>('POST', '/stock_adjustments', {
      item: cement,
      counted_quantity: 85,
      adjustment_date: '2026-11-07',
      reason: 'Month-end count',
    });
    expect(counted).toMatchObject({
      status: 'applied',
      previous_quantity: 90,
      difference: -5,
      value: -2120,
    });
    // 85 bags, ₹36,040, still ₹424.
    expect(await stockOf(cement)).toMatchObject({ on_hand: 85, average_cost: 424, value: 36040 });
  });

  it('stock on a date and the period statement agree with the ledger', async () => {
    expect(await stockOf(cement, siteA, '?date=2026-11-04')).toMatchObject({
      on_hand: 110,
      value: 46640,
    });
    const statement = await ok<{
      items: Record<string, unknown>[];
      totals: Record<string, number>;
    }>('GET', '/stock/statement?from=2026-11-03&to=2026-11-30');
    expect(statement.items.find((r) => r.item === cement)).toEqual({
      item: cement,
      name: 'Cement OPC 53',
      unit: 'bag',
      opening_quantity: 150,
      opening_value: 63600,
      in_quantity: 0,
      in_value: 0,
      // Return 10 + consumption 30 + transfer 20 + count 5.
      out_quantity: 65,
      out_value: 27560,
      closing_quantity: 85,
      closing_value: 36040,
    });
    const byWork = await ok<{ rows: Record<string, unknown>[] }>(
      'GET',
      '/stock/consumption?group=work',
    );
    expect(byWork.rows).toEqual([
      {
        used_for: 'Slab',
        item: cement,
        name: 'Cement OPC 53',
        unit: 'bag',
        quantity: 30,
        value: 12720,
        entries: 1,
      },
    ]);
    // The same figures as files.
    const csv = await req<string>('GET', siteA, '/stock?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.body).toContain('Cement OPC 53');
    expect(csv.body).toContain('36040.00');
    for (const [path, type] of [
      ['/stock/statement?from=2026-11-03&to=2026-11-30&format=pdf', 'application/pdf'],
      ['/stock/consumption?format=xlsx', 'spreadsheetml'],
    ] as const) {
      const file = await req('GET', siteA, path);
      expect(file.status, path).toBe(200);
      expect(file.headers.get('content-type')).toContain(type);
    }
    const movements = await ok<{ items: { kind: string; quantity: number }[] }>(
      'GET',
      `/stock_movements?item=${cement}&sort=movement_date`,
    );
    expect(movements.items.map((m) => [m.kind, m.quantity])).toEqual([
      ['delivery', 100],
      ['delivery', 50],
      ['return', -10],
      ['consumption', -30],
      ['transfer_out', -20],
      ['adjustment', -5],
    ]);
  });
});

describe('refusals', () => {
  it('more than on hand is INSUFFICIENT_STOCK and writes nothing, unless the owner allows negative stock', async () => {
    const before = await rowCount('stock_consumptions');
    const body = await refused(
      400,
      'INSUFFICIENT_STOCK',
      'POST',
      '/stock_consumptions',
      { item: cement, quantity: 86, consumption_date: '2026-11-08' },
      supervisor.token,
    );
    expect(body.data).toMatchObject({ available: 85, requested: 86 });
    expect(body.message).toBe('Only 85 in stock: 86 cannot be taken out');
    expect(await rowCount('stock_consumptions')).toBe(before);
    // Only the owner decides that stock may go below zero.
    await refused(
      403,
      'PERMISSION_DENIED',
      'PATCH',
      '',
      { allow_negative_stock: true },
      supervisor.token,
    );
    await ok('PATCH', '', { allow_negative_stock: true });
    const below = await ok<{ id: string }>('POST', '/stock_consumptions', {
      item: cement,
      quantity: 86,
      consumption_date: '2026-11-08',
    });
    expect(await stockOf(cement)).toMatchObject({ on_hand: -1, value: 0 });
    await ok('DELETE', `/stock_consumptions/${below.id}`);
    await ok('PATCH', '', { allow_negative_stock: false });
    expect(await stockOf(cement)).toMatchObject({ on_hand: 85, value: 36040 });
  });

  it('a transfer to a site the caller cannot write to is 403 and writes nothing', async () => {
    const before = [await rowCount('stock_transfers'), await rowCount('stock_movements')];
    const lines = [{ item: cement, quantity: 1 }];
    // Not a member; only an accountant there; a supervisor of A who is not on B.
    await refused(403, 'ACCESS_DENIED', 'POST', '/stock_transfers', {
      to_site: strangerSite,
      transfer_date: '2026-11-08',
      lines,
    });
    await refused(403, 'PERMISSION_DENIED', 'POST', '/stock_transfers', {
      to_site: readOnlySite,
      transfer_date: '2026-11-08',
      lines,
    });
    await refused(
      403,
      'ACCESS_DENIED',
      'POST',
      '/stock_transfers',
      { to_site: siteB, transfer_date: '2026-11-08', lines },
      supervisor.token,
    );
    expect([await rowCount('stock_transfers'), await rowCount('stock_movements')]).toEqual(before);
    expect(await stockOf(cement)).toMatchObject({ on_hand: 85 });
  });

  it('an accountant reads stock and records nothing', async () => {
    expect((await req('GET', siteA, '/stock', undefined, accountant.token)).status).toBe(200);
    await refused(
      403,
      'PERMISSION_DENIED',
      'POST',
      '/stock_consumptions',
      { item: cement, quantity: 1, consumption_date: '2026-11-08' },
      accountant.token,
    );
    await refused(
      403,
      'PERMISSION_DENIED',
      'POST',
      '/stock_counts',
      { count_date: '2026-11-08', reason: 'Count', lines: [{ item: cement, counted_quantity: 1 }] },
      accountant.token,
    );
  });
});

describe('concurrency and counts', () => {
  it('two consumptions racing for the last units: exactly one wins', async () => {
    await ok('POST', '/deliveries', {
      vendor,
      delivery_date: '2026-11-08',
      delivery_items: [{ item: sand, quantity: 10, unit_price: 50 }],
    });
    const race = await Promise.all(
      [supervisor.token, owner.token, supervisor.token].map((token) =>
        req<ErrorBody>(
          'POST',
          siteA,
          '/stock_consumptions',
          { item: sand, quantity: 6, consumption_date: '2026-11-08' },
          token,
        ),
      ),
    );
    expect(race.map((r) => r.status).sort()).toEqual([201, 400, 400]);
    expect(race.filter((r) => r.status === 400).map((r) => r.body.code)).toEqual([
      'INSUFFICIENT_STOCK',
      'INSUFFICIENT_STOCK',
    ]);
    expect(await stockOf(sand)).toMatchObject({ on_hand: 4, value: 200 });
  });

  it('a phone sending its queued consumption twice records it once', async () => {
    const headers = { 'idempotency-key': 'stock-consumption-key-0001' };
    const body = { item: sand, quantity: 1, consumption_date: '2026-11-09', used_for: 'Plaster' };
    const first = await req<{ id: string }>(
      'POST',
      siteA,
      '/stock_consumptions',
      body,
      supervisor.token,
      headers,
    );
    const again = await req<{ id: string }>(
      'POST',
      siteA,
      '/stock_consumptions',
      body,
      supervisor.token,
      headers,
    );
    expect(first.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await stockOf(sand)).toMatchObject({ on_hand: 3 });
  });

  it("a supervisor's count worth more than the threshold waits for the owner", async () => {
    await ok('PATCH', '', { stock_count_threshold: 100 });
    const count = await ok<{ adjustments: Adjustment[] }>(
      'POST',
      '/stock_counts',
      {
        count_date: '2026-11-10',
        reason: 'Weekly count',
        lines: [
          // 3 → 0 sand: ₹150, above ₹100, waits. 85 → 84 cement: ₹424, waits too.
          { item: sand, counted_quantity: 0 },
          { item: cement, counted_quantity: 85 },
        ],
      },
      supervisor.token,
    );
    const [first, second] = count.adjustments;
    const bySand = [first, second].find((a) => a!.difference === -3)!;
    expect(bySand).toMatchObject({ status: 'pending', value: -150 });
    // Cement matched its count: nothing to approve.
    expect([first, second].find((a) => a!.difference === 0)).toMatchObject({ status: 'applied' });
    expect(await stockOf(sand)).toMatchObject({ on_hand: 3 });
    await refused(
      403,
      'PERMISSION_DENIED',
      'POST',
      `/stock_adjustments/${bySand.id}/approve`,
      {},
      supervisor.token,
    );
    const approved = await ok<Adjustment>('POST', `/stock_adjustments/${bySand.id}/approve`, {});
    expect(approved).toMatchObject({ status: 'applied', difference: -3 });
    expect(await stockOf(sand)).toMatchObject({ on_hand: 0, value: 0 });
    await refused(409, 'INVALID_STATUS', 'POST', `/stock_adjustments/${bySand.id}/approve`, {});
  });

  it('low stock: below the item minimum, listed first', async () => {
    await ok('PATCH', `/items/${sand}`, { min_stock_level: 5 });
    const report = await ok<StockReport>('GET', '/stock?low=1');
    expect(report.items.map((r) => [r.item, r.low])).toEqual([[sand, true]]);
    expect(report.low_count).toBe(1);
  });

  it('the audit trail has the records and the books stay whole', async () => {
    const trail = await ok<{ items: { entity: string; action: string }[] }>(
      'GET',
      '/audit?entity=stock_transfers',
    );
    expect(trail.items.map((e) => e.action).sort()).toEqual(['create', 'update']);
    const violations = await checkIntegrity(server.ctx.db.kysely);
    expect(violations, formatViolations(violations)).toEqual([]);
  });

  it('the integrity check finds a movement that no longer matches its record', async () => {
    const db = server.ctx.db.kysely;
    const movement = await db
      .selectFrom('stock_movements')
      .select(['id', 'quantity'])
      .where('kind', '=', 'consumption')
      .where('site_id', '=', siteA)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('stock_movements')
      .set({ quantity: Number(movement.quantity) - 1000 })
      .where('id', '=', movement.id)
      .execute();
    const found = (await checkIntegrity(db)).map((v) => v.check);
    expect(found).toEqual(expect.arrayContaining(['stock ledger', 'stock on hand']));
    await db
      .updateTable('stock_movements')
      .set({ quantity: Number(movement.quantity) })
      .where('id', '=', movement.id)
      .execute();
    expect(await checkIntegrity(db)).toEqual([]);
  });
});
