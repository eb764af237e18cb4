/**
 * Site budgets (issue 45, API.md "Budgets") over HTTP on a real server and database: the cement
 * line of the worked example (budget 9,50,000; committed 76,000; actual 6,84,000; remaining
 * 1,90,000; consumption 113.3 % of what 30 % of the work should use, flagged), the figures after
 * a delivery, a return, a consumption and a PO cancel, a PO past the budget warned, blocked and
 * overridden, revisions kept, and the integrity check clean.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkIntegrity, formatViolations } from '../src/integrity/check.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let siteId: string;
let vendor: string;
let cement: string;

interface Line {
  id: string;
  amount: number;
  original_amount: number;
  committed: number;
  actual: number;
  remaining: number;
  quantity_view: {
    budget: number;
    ordered: number;
    received: number;
    consumed: number;
    consumption_variance: number | null;
    consumption_percent: number | null;
    flag: boolean;
  } | null;
  revisions: { old_amount: number; new_amount: number; reason: string | null }[];
}
interface Report {
  lines: { id: string; budget: number; committed: number; actual: number; remaining: number }[];
  totals: { budget: number; committed: number; actual: number; remaining: number };
}
interface Order {
  id: string;
  status: string;
  lines: { id: string }[];
  budget_warnings?: {
    budget_line: string;
    budget: number;
    committed: number;
    actual: number;
    this_order: number;
  }[];
}
interface ErrorBody {
  code: string;
  data: Record<string, unknown>;
}

const url = (p: string) => `/api/sites/${siteId}${p}`;

async function ok<T>(method: string, p: string, body?: unknown): Promise<T> {
  const res = await call<T>(server.url, method, url(p), { token: owner.token, body });
  expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
});

beforeEach(async () => {
  owner = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  vendor = (await ok<{ id: string }>('POST', '/vendors', { name: 'Balaji Cement Traders' })).id;
  cement = (await ok<{ id: string }>('POST', '/items', { name: 'Cement OPC 53', unit: 'bag' })).id;
});

afterAll(async () => {
  const violations = await checkIntegrity(server.ctx.db.kysely);
  expect(violations, formatViolations(violations)).toEqual([]);
  await server.close();
});

async function order(quantity: number, issueBody?: unknown) {
  const draft = await ok<Order>('POST', '/purchase_orders', {
    vendor,
    lines: [{ item: cement, quantity, unit_price: 475, gst_rate: null }],
  });
  const issued = await call<Order & ErrorBody>(
    server.url,
    'POST',
    url(`/purchase_orders/${draft.id}/issue`),
    { token: owner.token, body: issueBody },
  );
  return { draft, issued };
}

describe('the cement line of API.md', () => {
  it('comes to committed 76,000, actual 6,84,000, remaining 1,90,000 and 113.3 % flagged', async () => {
    const line = await ok<Line>('POST', '/budget_lines', {
      head: 'material',
      name: 'Cement',
      item: cement,
      quantity: 2000,
      unit_rate: 475,
      percent_complete: 30,
    });
    expect(line).toMatchObject({ amount: 950_000, committed: 0, actual: 0, remaining: 950_000 });

    const { issued } = await order(1600);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body.budget_warnings).toBeUndefined();
    expect((await ok<Line>('GET', `/budget_lines/${line.id}`)).committed).toBe(760_000);

    await ok('POST', '/deliveries', {
      vendor,
      delivery_date: '2026-11-20',
      delivery_items: [
        {
          item: cement,
          quantity: 1440,
          unit_price: 475,
          purchase_order_line: issued.body.lines[0]!.id,
        },
      ],
    });
    await ok('POST', '/stock_consumptions', {
      item: cement,
      quantity: 680,
      consumption_date: '2026-11-22',
      used_for: 'Slab',
    });
    const after = await ok<Line>('GET', `/budget_lines/${line.id}`);
    expect(after).toMatchObject({ committed: 76_000, actual: 684_000, remaining: 190_000 });
    expect(after.quantity_view).toMatchObject({
      budget: 2000,
      ordered: 1600,
      received: 1440,
      consumed: 680,
      consumption_variance: 80,
      consumption_percent: 113.3,
      flag: true,
    });
    const report = await ok<Report>('GET', '/reports/budget');
    expect(report.totals).toEqual({
      budget: 950_000,
      committed: 76_000,
      actual: 684_000,
      remaining: 190_000,
    });

    const csv = await call<string>(server.url, 'GET', url('/reports/budget?format=csv'), {
      token: owner.token,
    });
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toMatch(/material,Cement,950000\.00,76000\.00,684000\.00,190000\.00/);

    // A PO past the budget: warned (the default), blocked, overridden by the owner.
    const warned = await order(500);
    expect(warned.issued.status).toBe(200);
    expect(warned.issued.body.budget_warnings).toEqual([
      {
        budget_line: line.id,
        budget: 950_000,
        committed: 76_000,
        actual: 684_000,
        this_order: 237_500,
      },
    ]);
    await ok('POST', `/purchase_orders/${warned.draft.id}/cancel`);
    expect((await ok<Line>('GET', `/budget_lines/${line.id}`)).committed).toBe(76_000);
    await ok('PATCH', '', { budget_control: 'block' });
    const blocked = await order(500);
    expect(blocked.issued.status).toBe(409);
    expect(blocked.issued.body.code).toBe('OVER_BUDGET');
    expect((await ok<Order>('GET', `/purchase_orders/${blocked.draft.id}`)).status).toBe('draft');
    expect((await ok<Line>('GET', `/budget_lines/${line.id}`)).committed).toBe(76_000);
    const overridden = await call<Order>(
      server.url,
      'POST',
      url(`/purchase_orders/${blocked.draft.id}/issue`),
      { token: owner.token, body: { override_budget: true } },
    );
    expect(overridden.status).toBe(200);
    expect(overridden.body.budget_warnings).toHaveLength(1);
    expect((await ok<Line>('GET', `/budget_lines/${line.id}`)).committed).toBe(313_500);
  });
});

describe('budget figures', () => {
  it('follow a delivery, a return and a revision', async () => {
    const line = await ok<Line>('POST', '/budget_lines', {
      head: 'material',
      name: 'Cement',
      item: cement,
      quantity: 1000,
      unit_rate: 400,
      percent_complete: 50,
    });
    const delivery = await ok<{ id: string }>('POST', '/deliveries', {
      vendor,
      delivery_date: '2026-11-20',
      delivery_items: [{ item: cement, quantity: 100, unit_price: 400 }],
    });
    expect((await ok<Line>('GET', `/budget_lines/${line.id}`)).actual).toBe(40_000);
    const lines = await ok<{ items: { id: string }[] }>(
      'GET',
      `/delivery_items?delivery=${delivery.id}`,
    );
    const ret = await ok<{ id: string }>('POST', '/vendor_returns', {
      vendor,
      return_date: '2026-11-21',
      reason: 'damaged',
      items: [
        {
          delivery_item: lines.items[0]!.id,
          quantity_returned: 10,
          return_rate: 400,
          condition: 'damaged',
        },
      ],
    });
    // A return needing no approval counts at once.
    expect((await ok<{ status: string }>('GET', `/vendor_returns/${ret.id}`)).status).toBe(
      'approved',
    );
    const returned = await ok<Line>('GET', `/budget_lines/${line.id}`);
    expect(returned).toMatchObject({ actual: 36_000 });
    expect(returned.quantity_view).toMatchObject({ received: 90 });
    // A revision keeps the original and why it moved.
    const revised = await ok<Line>('PATCH', `/budget_lines/${line.id}`, {
      quantity: 1200,
      reason: 'Second basement added',
    });
    expect(revised).toMatchObject({ amount: 480_000, original_amount: 400_000 });
    expect(revised.revisions).toMatchObject([
      { old_amount: 400_000, new_amount: 480_000, reason: 'Second basement added' },
    ]);
  });

  it('refuse a line another site owns and a budget without amount or rate', async () => {
    const res = await call<ErrorBody>(server.url, 'POST', url('/budget_lines'), {
      token: owner.token,
      body: { head: 'material', name: 'No money' },
    });
    expect(res.status).toBe(400);
    const other = await registerUser(server.url);
    const otherSite = (await createSite(server.url, other.token)).id;
    const theirs = await call<{ id: string }>(
      server.url,
      'POST',
      `/api/sites/${otherSite}/budget_lines`,
      { token: other.token, body: { head: 'labour', name: 'Wages', amount: 1000 } },
    );
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    const draft = await call<ErrorBody>(server.url, 'POST', url('/purchase_orders'), {
      token: owner.token,
      body: {
        vendor,
        lines: [{ item: cement, quantity: 1, unit_price: 10, budget_line: theirs.body.id }],
      },
    });
    expect(draft.status).toBe(400);
    expect(Object.keys(draft.body.data)).toEqual(['lines.0.budget_line']);
  });
});
