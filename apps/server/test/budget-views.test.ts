/**
 * Who sees what of a budget (issue 45), the forecast at completion, revision authors, and the
 * owner's overview across sites, over HTTP on a real server and database. A supervisor sees the
 * lines' names (to book against) and, when the owner allows, their quantities — never money.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkIntegrity, formatViolations } from '../src/integrity/check.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let supervisor: Registered;
let accountant: Registered;
let siteId: string;
let cement: string;
let vendor: string;

interface Line {
  id: string;
  view: string;
  name: string;
  amount: number | null;
  unit_rate: number | null;
  committed: number | null;
  actual: number | null;
  remaining: number | null;
  forecast: number | null;
  quantity: number | null;
  notes: string | null;
  quantity_view: Record<string, number | boolean | null> | null;
  revisions: { changed_by: string | null; changed_by_name: string | null; reason: string }[];
}
interface Overview {
  items: {
    site: string;
    site_name: string;
    lines: number;
    needs_look: number;
    budget: number;
    committed: number;
    actual: number;
    remaining: number;
    forecast: number;
    variance: number;
  }[];
  totals: Omit<Overview['items'][number], 'site' | 'site_name'>;
}

async function as<T>(who: Registered, method: string, path: string, body?: unknown) {
  return call<T>(server.url, method, path, { token: who.token, body });
}
async function ok<T>(who: Registered, method: string, path: string, body?: unknown): Promise<T> {
  const res = await as<T>(who, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}
const site = (p: string, id = siteId) => `/api/sites/${id}${p}`;

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
});

beforeEach(async () => {
  owner = await registerUser(server.url);
  supervisor = await registerUser(server.url);
  accountant = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  await addMember(server, siteId, supervisor.user.id, 'supervisor');
  await addMember(server, siteId, accountant.user.id, 'accountant');
  cement = (
    await ok<{ id: string }>(owner, 'POST', site('/items'), { name: 'Cement', unit: 'bag' })
  ).id;
  vendor = (await ok<{ id: string }>(owner, 'POST', site('/vendors'), { name: 'Balaji Traders' }))
    .id;
});

afterAll(async () => {
  const violations = await checkIntegrity(server.ctx.db.kysely);
  expect(violations, formatViolations(violations)).toEqual([]);
  await server.close();
});

/** The worked example's cement: 2,000 bags at 475, 30 % done; 1,600 ordered, 1,440 received, 680 used. */
async function cementLine(): Promise<string> {
  const line = await ok<Line>(owner, 'POST', site('/budget_lines'), {
    head: 'material',
    name: 'Cement',
    item: cement,
    quantity: 2000,
    unit_rate: 475,
    percent_complete: 30,
    notes: 'Rate from the March quotation',
  });
  const po = await ok<{ id: string; lines: { id: string }[] }>(
    owner,
    'POST',
    site('/purchase_orders'),
    { vendor, lines: [{ item: cement, quantity: 1600, unit_price: 475, gst_rate: null }] },
  );
  const issued = await ok<{ lines: { id: string }[] }>(
    owner,
    'POST',
    site(`/purchase_orders/${po.id}/issue`),
  );
  await ok(owner, 'POST', site('/deliveries'), {
    vendor,
    delivery_date: '2026-11-20',
    delivery_items: [
      {
        item: cement,
        quantity: 1440,
        unit_price: 475,
        purchase_order_line: issued.lines[0]!.id,
      },
    ],
  });
  await ok(owner, 'POST', site('/stock_consumptions'), {
    item: cement,
    quantity: 680,
    consumption_date: '2026-11-22',
    used_for: 'Slab',
  });
  return line.id;
}

describe('what each role sees of a budget line', () => {
  it('gives a supervisor names only, then quantities once the owner allows; never money', async () => {
    const id = await cementLine();

    const full = await ok<Line>(accountant, 'GET', site(`/budget_lines/${id}`));
    expect(full).toMatchObject({ view: 'full', amount: 950_000, committed: 76_000 });

    const names = await ok<{ items: Line[] }>(supervisor, 'GET', site('/budget_lines'));
    expect(names.items).toHaveLength(1);
    expect(names.items[0]).toMatchObject({
      view: 'names',
      name: 'Cement',
      amount: null,
      unit_rate: null,
      committed: null,
      actual: null,
      remaining: null,
      forecast: null,
      quantity: null,
      quantity_view: null,
      notes: null,
      revisions: [],
    });
    const report = await as<{ code: string }>(supervisor, 'GET', site('/reports/budget'));
    expect(report.status).toBe(403);
    expect(report.body.code).toBe('PERMISSION_DENIED');
    expect((await as(accountant, 'GET', site('/reports/budget'))).status).toBe(200);

    // Only the owner decides.
    const refused = await as<{ code: string }>(supervisor, 'PATCH', `/api/sites/${siteId}`, {
      supervisor_budget_view: 'quantities',
    });
    expect(refused.status).toBe(403);
    const changed = await ok<{ supervisor_budget_view: string }>(
      owner,
      'PATCH',
      `/api/sites/${siteId}`,
      { supervisor_budget_view: 'quantities' },
    );
    expect(changed.supervisor_budget_view).toBe('quantities');

    const quantities = await ok<Line>(supervisor, 'GET', site(`/budget_lines/${id}`));
    expect(quantities).toMatchObject({
      view: 'quantities',
      quantity: 2000,
      amount: null,
      unit_rate: null,
      committed: null,
      actual: null,
      forecast: null,
    });
    // 2,000 budgeted, 1,600 ordered (1,440 of it received): 400 bags left to order.
    expect(quantities.quantity_view).toMatchObject({
      budget: 2000,
      ordered: 1600,
      received: 1440,
      consumed: 680,
      on_order: 160,
      remaining: 400,
      consumption_percent: 113.3,
      flag: true,
    });
    // The money report stays closed to a supervisor whatever the quantities setting.
    expect((await as(supervisor, 'GET', site('/reports/budget'))).status).toBe(403);
  });
});

describe('forecast at completion', () => {
  it('projects a material line by its consumption and a labour line by its spend', async () => {
    const id = await cementLine();
    // 680 bags used for 30 % of the work → 2,266.667 bags in all; 1,600 are ordered, so 666.667
    // more at the budget's 475: 7,60,000 spent or ordered + 3,16,666.83 = 10,76,666.83.
    const line = await ok<Line>(owner, 'GET', site(`/budget_lines/${id}`));
    expect(line.forecast).toBe(1_076_666.83);

    const labour = await ok<Line>(owner, 'POST', site('/budget_lines'), {
      head: 'labour',
      name: 'Masons',
      amount: 200_000,
      percent_complete: 40,
    });
    // Nothing spent yet: the budget is the forecast.
    expect(labour.forecast).toBe(200_000);
    // 90,000 of masonry booked for 40 % of the work → 2,25,000 at completion.
    const masons = await ok<{ id: string }>(owner, 'POST', site('/services'), {
      name: 'Masonry',
      category: 'labor',
      unit: 'day',
      standard_rate: 900,
    });
    await ok(owner, 'POST', site('/service_bookings'), {
      service: masons.id,
      vendor,
      start_date: '2026-11-02',
      duration: 100,
      unit_rate: 900,
      gst_rate: null,
      tds_section: null,
      budget_line: labour.id,
    });
    expect((await ok<Line>(owner, 'GET', site(`/budget_lines/${labour.id}`))).forecast).toBe(
      225_000,
    );
    const noProgress = await ok<Line>(owner, 'POST', site('/budget_lines'), {
      head: 'overhead',
      name: 'Site office',
      amount: 50_000,
    });
    expect(noProgress.forecast).toBe(50_000);
  });
});

describe('revisions', () => {
  it('name who changed the budget', async () => {
    const line = await ok<Line>(owner, 'POST', site('/budget_lines'), {
      head: 'equipment',
      name: 'Mixer hire',
      amount: 30_000,
    });
    const revised = await ok<Line>(owner, 'PATCH', site(`/budget_lines/${line.id}`), {
      amount: 36_000,
      reason: 'Two more months',
    });
    expect(revised.revisions).toEqual([
      expect.objectContaining({
        changed_by: owner.user.id,
        changed_by_name: owner.user.name,
        reason: 'Two more months',
      }),
    ]);
  });
});

describe('the overview across sites', () => {
  it('gives every site the caller owns one row, and totals; not sites they only work on', async () => {
    await cementLine();
    const second = (await createSite(server.url, owner.token, { name: 'Green Park' })).id;
    await ok(owner, 'POST', site('/budget_lines', second), {
      head: 'labour',
      name: 'Wages',
      amount: 1_25_000.5,
    });
    // A site where the owner is only a supervisor is not his to overview.
    const stranger = await registerUser(server.url);
    const theirs = (await createSite(server.url, stranger.token)).id;
    await addMember(server, theirs, owner.user.id, 'supervisor');
    await call(server.url, 'POST', site('/budget_lines', theirs), {
      token: stranger.token,
      body: { head: 'other', name: 'Theirs', amount: 99 },
    });

    const overview = await ok<Overview>(owner, 'GET', '/api/reports/budget_overview');
    expect(overview.items.map((i) => i.site).sort()).toEqual([siteId, second].sort());
    const first = overview.items.find((i) => i.site === siteId)!;
    expect(first).toMatchObject({
      lines: 1,
      needs_look: 1,
      budget: 950_000,
      committed: 76_000,
      actual: 684_000,
      remaining: 190_000,
      forecast: 1_076_666.83,
      variance: -126_666.83,
    });
    const other = overview.items.find((i) => i.site === second)!;
    expect(other).toMatchObject({ lines: 1, needs_look: 0, budget: 125_000.5, variance: 0 });
    expect(overview.totals).toEqual({
      lines: 2,
      needs_look: 1,
      budget: 1_075_000.5,
      committed: 76_000,
      actual: 684_000,
      remaining: 315_000.5,
      forecast: 1_201_667.33,
      variance: -126_666.83,
    });

    // A supervisor who owns nothing sees an empty overview.
    expect((await ok<Overview>(supervisor, 'GET', '/api/reports/budget_overview')).items).toEqual(
      [],
    );
  });
});

describe('a delivery edited or deleted', () => {
  it('moves the budget lines of the items it had and has, and only those', async () => {
    const sand = (
      await ok<{ id: string }>(owner, 'POST', site('/items'), { name: 'Sand', unit: 'cft' })
    ).id;
    const make = (name: string, item: string) =>
      ok<Line>(owner, 'POST', site('/budget_lines'), {
        head: 'material',
        name,
        item,
        quantity: 1000,
        unit_rate: 100,
      });
    const cementLine = await make('Cement', cement);
    const sandLine = await make('Sand', sand);
    const delivery = await ok<{ id: string; delivery_items: { id: string }[] }>(
      owner,
      'POST',
      site('/deliveries'),
      {
        vendor,
        delivery_date: '2026-11-20',
        delivery_items: [{ item: cement, quantity: 10, unit_price: 400 }],
      },
    );
    const actual = async (id: string) =>
      (await ok<Line>(owner, 'GET', site(`/budget_lines/${id}`))).actual;
    expect(await actual(cementLine.id)).toBe(4000);

    // The line was sand, not cement: cement gives it back, sand takes it.
    const lineId = delivery.delivery_items[0]!.id;
    await ok(owner, 'PATCH', site(`/delivery_items/${lineId}`), { item: sand });
    expect(await actual(cementLine.id)).toBe(0);
    expect(await actual(sandLine.id)).toBe(4000);

    await ok(owner, 'DELETE', site(`/deliveries/${delivery.id}`));
    expect(await actual(sandLine.id)).toBe(0);
    expect(await actual(cementLine.id)).toBe(0);
  });
});

describe("a line's own edits", () => {
  it('hand an item’s spend to the next line of that item when the first goes or changes item', async () => {
    await ok(owner, 'POST', site('/deliveries'), {
      vendor,
      delivery_date: '2026-11-20',
      delivery_items: [{ item: cement, quantity: 10, unit_price: 400 }],
    });
    const first = await ok<Line>(owner, 'POST', site('/budget_lines'), {
      head: 'material',
      name: 'Cement, tower',
      item: cement,
      amount: 10_000,
    });
    const second = await ok<Line>(owner, 'POST', site('/budget_lines'), {
      head: 'material',
      name: 'Cement, podium',
      item: cement,
      amount: 10_000,
    });
    const actual = async (id: string) =>
      (await ok<Line>(owner, 'GET', site(`/budget_lines/${id}`))).actual;
    expect(first.actual).toBe(4000);
    expect(second.actual).toBe(0);
    // The first line now budgets something else: the cement spend moves to the second.
    await ok(owner, 'PATCH', site(`/budget_lines/${first.id}`), { item: null });
    expect(await actual(first.id)).toBe(0);
    expect(await actual(second.id)).toBe(4000);
    await ok(owner, 'PATCH', site(`/budget_lines/${first.id}`), { item: cement });
    expect(await actual(first.id)).toBe(4000);
    expect(await actual(second.id)).toBe(0);
    await ok(owner, 'DELETE', site(`/budget_lines/${first.id}`));
    expect(await actual(second.id)).toBe(4000);
  });
});

describe('an order issued past its budget', () => {
  it('names in the audit trail who issued it over, when warned and when a block is overridden', async () => {
    const line = await ok<Line>(owner, 'POST', site('/budget_lines'), {
      head: 'material',
      name: 'Cement',
      item: cement,
      quantity: 100,
      unit_rate: 400,
    });
    const issue = async (body?: unknown) => {
      const po = await ok<{ id: string }>(owner, 'POST', site('/purchase_orders'), {
        vendor,
        lines: [
          { item: cement, quantity: 150, unit_price: 400, gst_rate: null, budget_line: line.id },
        ],
      });
      const res = await as<{ budget_warnings?: unknown[]; code?: string }>(
        owner,
        'POST',
        site(`/purchase_orders/${po.id}/issue`),
        body,
      );
      return { id: po.id, res };
    };
    const history = async (id: string) =>
      (
        await ok<{ items: { action: string; changes: Record<string, { new: unknown }> }[] }>(
          owner,
          'GET',
          site(`/audit/purchase_orders/${id}`),
        )
      ).items;

    const warned = await issue();
    expect(warned.res.status).toBe(200);
    expect(warned.res.body.budget_warnings).toHaveLength(1);
    const entries = await history(warned.id);
    expect(entries.some((e) => e.changes.over_budget_by?.new === owner.user.id)).toBe(true);

    await ok(owner, 'PATCH', `/api/sites/${siteId}`, { budget_control: 'block' });
    const blocked = await issue();
    expect(blocked.res.status, JSON.stringify(blocked.res.body)).toBe(409);
    expect(blocked.res.body.code).toBe('OVER_BUDGET');
    expect((await history(blocked.id)).some((e) => 'over_budget_by' in e.changes)).toBe(false);
    const overridden = await as(owner, 'POST', site(`/purchase_orders/${blocked.id}/issue`), {
      override_budget: true,
    });
    expect(overridden.status).toBe(200);
    expect(
      (await history(blocked.id)).some((e) => e.changes.over_budget_by?.new === owner.user.id),
    ).toBe(true);
  });
});
