/**
 * Work orders beyond the worked example (issue 43) over HTTP on a real server and database:
 * retention released before its due date is refused (409 RETENTION_NOT_DUE, nothing written)
 * unless an owner releases it early against a bank guarantee, which the audit trail records; the
 * trail of an order's issue, variation and cancel, of an RA bill's create / edit / delete and of
 * a TDS challan; and the subcontract integrity checks catching rows corrupted behind the API.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkIntegrity, formatViolations, type Violation } from '../src/integrity/check.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { RCC_ORDER, subcontractSetup } from './helpers/subcontract-kit.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let siteId: string;
let contractor: string;
let account: string;

interface WorkOrder {
  id: string;
  number: string | null;
  status: string;
  retention_held: number;
  retention_released: number;
  retention_due_date: string | null;
  lines: { id: string; quantity: number; billed_quantity: number }[];
}
interface RaBill {
  id: string;
  number: string;
  kind: string;
  net_payable: number;
  tds_base: number;
  tds_amount: number;
  advance_recovery: number;
}
interface ErrorBody {
  code: string;
  data: Record<string, unknown>;
}
interface AuditEntry {
  entity: string;
  record_id: string;
  action: string;
  user: string | null;
  changes: Record<string, { old: unknown; new: unknown }>;
}

const url = (p: string) => `/api/sites/${siteId}${p}`;

async function ok<T>(method: string, p: string, body?: unknown, token = owner.token): Promise<T> {
  const res = await call<T>(server.url, method, url(p), { token, body });
  expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** The trail of one record, oldest first. */
async function trail(entity: string, id: string): Promise<AuditEntry[]> {
  const page = await ok<{ items: AuditEntry[] }>('GET', `/audit/${entity}/${id}`);
  return [...page.items].reverse();
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
});

beforeEach(async () => {
  owner = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  ({ contractor, account } = await subcontractSetup(ok));
});

afterAll(async () => {
  const violations = await checkIntegrity(server.ctx.db.kysely);
  expect(violations, formatViolations(violations)).toEqual([]);
  await server.close();
});

/** API.md's order: ₹10,00,000 of RCC work, 5 % retention, ₹1,00,000 advance at 10 %, 18 % GST. */
async function issuedOrder(extra: Record<string, unknown> = {}): Promise<WorkOrder> {
  const draft = await ok<WorkOrder>('POST', '/work_orders', {
    vendor: contractor,
    ...RCC_ORDER,
    ...extra,
  });
  return ok<WorkOrder>('POST', `/work_orders/${draft.id}/issue`);
}

/** An order billed in full by one final bill dated 2026-09-30, retention due 30 days later. */
async function completedOrder(): Promise<{ order: WorkOrder; bill: RaBill }> {
  const order = await issuedOrder({ advance_amount: 0, retention_due_days: 30 });
  const [shuttering, concrete] = order.lines;
  const bill = await ok<RaBill>('POST', '/ra_bills', {
    work_order: order.id,
    bill_date: '2026-09-30',
    final: true,
    lines: [
      { work_order_line: shuttering!.id, cumulative_quantity: 2000 },
      { work_order_line: concrete!.id, cumulative_quantity: 40 },
    ],
  });
  const after = await ok<WorkOrder>('GET', `/work_orders/${order.id}`);
  expect(after).toMatchObject({
    status: 'completed',
    retention_held: 50_000,
    retention_due_date: '2026-10-30',
  });
  return { order: after, bill };
}

describe('retention released before the defect-liability period ends', () => {
  it('is refused with RETENTION_NOT_DUE and the due date, nothing written', async () => {
    const { order } = await completedOrder();
    const before = await ok<{ items: RaBill[] }>('GET', `/ra_bills?work_order=${order.id}`);
    for (const body of [
      { release_date: '2026-10-29' },
      { release_date: '2026-10-01', amount: 10_000 },
      { release_date: '2026-10-29', early: false },
    ]) {
      const res = await call<ErrorBody>(
        server.url,
        'POST',
        url(`/work_orders/${order.id}/release_retention`),
        { token: owner.token, body },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.code).toBe('RETENTION_NOT_DUE');
      expect(res.body.data).toEqual({ retention_due_date: '2026-10-30' });
    }
    const after = await ok<{ items: RaBill[] }>('GET', `/ra_bills?work_order=${order.id}`);
    expect(after.items.map((b) => b.id)).toEqual(before.items.map((b) => b.id));
    const wo = await ok<WorkOrder>('GET', `/work_orders/${order.id}`);
    expect(wo).toMatchObject({ retention_held: 50_000, retention_released: 0 });
    // The trail holds the final bill only: no release was recorded.
    const audit = await ok<{ items: { record_id: string }[] }>('GET', '/audit?entity=ra_bills');
    expect(audit.items.map((e) => e.record_id)).toEqual([before.items[0]!.id]);
  });

  it('the message is the catalogue’s, in Hindi too', async () => {
    const { order } = await completedOrder();
    const res = await call<{ code: string; message: string }>(
      server.url,
      'POST',
      url(`/work_orders/${order.id}/release_retention`),
      { token: owner.token, body: { release_date: '2026-10-20' }, lang: 'hi' },
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('2026-10-30');
    expect(res.body.message).toMatch(/[\u0900-\u097F]/);
  });

  it('on the due date itself the release is allowed', async () => {
    const { order } = await completedOrder();
    const release = await ok<RaBill>('POST', `/work_orders/${order.id}/release_retention`, {
      release_date: '2026-10-30',
    });
    expect(release).toMatchObject({ kind: 'retention_release', net_payable: 50_000 });
    const entries = await trail('ra_bills', release.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.action).toBe('create');
    expect(entries[0]!.changes).not.toHaveProperty('early_release');
  });

  it('an owner releases early against a bank guarantee: written, and the trail says so', async () => {
    const { order } = await completedOrder();
    // Only owners release retention at all (early or not).
    const accountant = await registerUser(server.url);
    await addMember(server, siteId, accountant.user.id, 'accountant');
    const denied = await call<ErrorBody>(
      server.url,
      'POST',
      url(`/work_orders/${order.id}/release_retention`),
      { token: accountant.token, body: { release_date: '2026-10-15', early: true } },
    );
    expect(denied.status).toBe(403);
    const release = await ok<RaBill>('POST', `/work_orders/${order.id}/release_retention`, {
      release_date: '2026-10-15',
      amount: 20_000,
      early: true,
    });
    expect(release).toMatchObject({
      kind: 'retention_release',
      net_payable: 20_000,
      tds_amount: 0,
    });
    const wo = await ok<WorkOrder>('GET', `/work_orders/${order.id}`);
    expect(wo).toMatchObject({ retention_held: 30_000, retention_released: 20_000 });
    const entries = await trail('ra_bills', release.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'create', user: owner.user.id });
    expect(entries[0]!.changes.early_release).toEqual({
      old: null,
      new: { retention_due_date: '2026-10-30' },
    });
    expect(entries[0]!.changes.net_payable).toEqual({ old: null, new: 20_000 });
    expect(entries[0]!.changes.kind).toEqual({ old: null, new: 'retention_release' });
    // `early` on or after the due date is simply a release: nothing early to record.
    const rest = await ok<RaBill>('POST', `/work_orders/${order.id}/release_retention`, {
      release_date: '2026-10-31',
      early: true,
    });
    expect(rest.net_payable).toBe(30_000);
    expect((await trail('ra_bills', rest.id))[0]!.changes).not.toHaveProperty('early_release');
  });

  it('an order not completed is still refused as INVALID_STATUS, early or not', async () => {
    const order = await issuedOrder({ advance_amount: 0 });
    const res = await call<ErrorBody>(
      server.url,
      'POST',
      url(`/work_orders/${order.id}/release_retention`),
      { token: owner.token, body: { release_date: '2026-10-20', early: true } },
    );
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INVALID_STATUS');
  });
});

describe('the audit trail of work orders, RA bills and challans', () => {
  it('records issue, variation, cancel, a bill made, edited and deleted, and a challan', async () => {
    const order = await issuedOrder({ advance_amount: 0 });
    const [shuttering] = order.lines;
    await ok('POST', `/work_orders/${order.id}/variations`, {
      work_order_line: shuttering!.id,
      quantity: 2500,
      reason: 'Extra podium slab',
    });
    const orderTrail = await trail('work_orders', order.id);
    expect(orderTrail.map((e) => e.action)).toEqual(['create', 'update', 'update']);
    const [, issued, varied] = orderTrail;
    expect(issued!.changes.status).toEqual({ old: 'draft', new: 'issued' });
    expect(issued!.changes.number).toEqual({ old: null, new: order.number });
    expect(varied!.changes.total_amount).toEqual({ old: 10_00_000, new: 11_50_000 });
    expect(varied!.changes).toHaveProperty('variations');
    expect(JSON.stringify(varied!.changes.variations!.new)).toContain('Extra podium slab');

    const bill = await ok<RaBill>('POST', '/ra_bills', {
      work_order: order.id,
      bill_date: '2026-07-01',
      lines: [{ work_order_line: shuttering!.id, cumulative_quantity: 500 }],
    });
    await ok('PATCH', `/ra_bills/${bill.id}`, {
      lines: [{ work_order_line: shuttering!.id, cumulative_quantity: 600 }],
    });
    await ok('DELETE', `/ra_bills/${bill.id}`);
    const billTrail = await trail('ra_bills', bill.id);
    expect(billTrail.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(billTrail[0]!.changes.gross_amount).toEqual({ old: null, new: 1_50_000 });
    expect(billTrail[1]!.changes.gross_amount).toEqual({ old: 1_50_000, new: 1_80_000 });
    expect(billTrail[2]!.changes.gross_amount).toEqual({ old: 1_80_000, new: null });

    // Nothing is billed now: the order may be cancelled.
    await ok('POST', `/work_orders/${order.id}/cancel`);
    const cancelled = (await trail('work_orders', order.id)).at(-1)!;
    expect(cancelled.action).toBe('update');
    expect(cancelled.changes.status).toEqual({ old: 'issued', new: 'cancelled' });

    const challan = await ok<{ id: string }>('POST', '/tds_challans', {
      section: '194C',
      month: '2026-06',
      bsr_code: '0510308',
      challan_serial: '00042',
      deposit_date: '2026-07-06',
      amount: 800,
      account,
    });
    const challanTrail = await trail('tds_challans', challan.id);
    expect(challanTrail.map((e) => e.action)).toEqual(['create']);
    expect(challanTrail[0]!.changes).toMatchObject({
      section: { old: null, new: '194C' },
      month: { old: null, new: '2026-06' },
      amount: { old: null, new: 800 },
    });
  });
});

describe('the subcontract integrity checks catch rows corrupted behind the API', () => {
  const mine = (found: Violation[], check: string, id: string) =>
    found.filter((v) => v.check === check && v.id === id);

  /** Runs the checks with `corrupt` applied, then `restore`s and sees the row clean again. */
  async function caught(
    check: string,
    id: string,
    corrupt: () => Promise<unknown>,
    restore: () => Promise<unknown>,
  ): Promise<Violation[]> {
    await corrupt();
    let found: Violation[];
    try {
      found = mine(await checkIntegrity(server.ctx.db.kysely), check, id);
    } finally {
      await restore();
    }
    expect(found, `${check} on ${id}`).not.toEqual([]);
    const after = (await checkIntegrity(server.ctx.db.kysely)).filter((v) => v.id === id);
    expect(after, formatViolations(after)).toEqual([]);
    return found;
  }

  it('the waterfall, TDS = rate × base, billed ≤ ordered, released ≤ held, recovered ≤ advanced', async () => {
    const db = server.ctx.db.kysely;
    const order = await issuedOrder({ retention_due_days: 30 });
    const [shuttering, concrete] = order.lines;
    await ok('POST', '/payments', {
      vendor: contractor,
      account,
      amount: 1_00_000,
      payment_date: '2026-05-05',
      work_order: order.id,
    });
    const ra1 = await ok<RaBill>('POST', '/ra_bills', {
      work_order: order.id,
      bill_date: '2026-06-30',
      lines: [
        { work_order_line: shuttering!.id, cumulative_quantity: 1000 },
        { work_order_line: concrete!.id, cumulative_quantity: 10 },
      ],
    });
    expect(ra1).toMatchObject({ net_payable: 4_04_800, tds_amount: 7200, tds_base: 3_60_000 });
    const bill = () => db.selectFrom('ra_bills').selectAll().where('id', '=', ra1.id);
    const stored = await bill().executeTakeFirstOrThrow();

    // net ≠ gross + GST − retention − recovery − TDS.
    const waterfall = await caught(
      'RA bill waterfall',
      ra1.id,
      () =>
        db
          .updateTable('ra_bills')
          .set({ net_payable: stored.net_payable + 100 })
          .where('id', '=', ra1.id)
          .execute(),
      () =>
        db
          .updateTable('ra_bills')
          .set({ net_payable: stored.net_payable })
          .where('id', '=', ra1.id)
          .execute(),
    );
    expect(waterfall[0]).toMatchObject({ table: 'ra_bills' });
    expect(waterfall.map((v) => v.detail).join(' ')).toContain('net 404801');

    // TDS that is not the rate of the base (the base moved, the TDS did not).
    const tds = await caught(
      'TDS amount',
      ra1.id,
      () =>
        db
          .updateTable('ra_bills')
          .set({ tds_base: stored.tds_base + 10_000 * 100 })
          .where('id', '=', ra1.id)
          .execute(),
      () =>
        db
          .updateTable('ra_bills')
          .set({ tds_base: stored.tds_base })
          .where('id', '=', ra1.id)
          .execute(),
    );
    expect(tds[0]).toMatchObject({ table: 'ra_bills' });

    // A line billed past what was ordered.
    const line = await db
      .selectFrom('work_order_lines')
      .select(['quantity', 'billed_quantity'])
      .where('id', '=', concrete!.id)
      .executeTakeFirstOrThrow();
    const over = await caught(
      'WO line',
      concrete!.id,
      () =>
        db
          .updateTable('work_order_lines')
          .set({ billed_quantity: line.quantity + 1000 })
          .where('id', '=', concrete!.id)
          .execute(),
      () =>
        db
          .updateTable('work_order_lines')
          .set({ billed_quantity: line.billed_quantity })
          .where('id', '=', concrete!.id)
          .execute(),
    );
    expect(over.map((v) => v.detail)).toContain('billed more than ordered');

    // More recovered than the advance paid (the waterfall kept whole: only the recovery is wrong).
    const recovered = await caught(
      'WO advance',
      order.id,
      () =>
        db
          .updateTable('ra_bills')
          .set({
            advance_recovery: 1_00_000 * 100 + 1,
            net_payable: stored.net_payable - (1_00_000 * 100 + 1 - stored.advance_recovery),
          })
          .where('id', '=', ra1.id)
          .execute(),
      () =>
        db
          .updateTable('ra_bills')
          .set({ advance_recovery: stored.advance_recovery, net_payable: stored.net_payable })
          .where('id', '=', ra1.id)
          .execute(),
    );
    expect(recovered[0]).toMatchObject({
      table: 'work_orders',
      detail: 'recovered more than the advance paid',
    });

    // A release above what is held: the order completed, part released, the release inflated.
    const final = await ok<RaBill>('POST', '/ra_bills', {
      work_order: order.id,
      bill_date: '2026-09-30',
      final: true,
      lines: [
        { work_order_line: shuttering!.id, cumulative_quantity: 2000 },
        { work_order_line: concrete!.id, cumulative_quantity: 40 },
      ],
    });
    expect(final.advance_recovery).toBe(60_000);
    const release = await ok<RaBill>('POST', `/work_orders/${order.id}/release_retention`, {
      release_date: '2026-10-31',
      amount: 10_000,
    });
    const released = await caught(
      'WO retention',
      order.id,
      () =>
        db
          .updateTable('ra_bills')
          .set({ net_payable: 50_000 * 100 + 1 })
          .where('id', '=', release.id)
          .execute(),
      () =>
        db
          .updateTable('ra_bills')
          .set({ net_payable: 10_000 * 100 })
          .where('id', '=', release.id)
          .execute(),
    );
    expect(released[0]).toMatchObject({ table: 'work_orders', detail: 'released more than held' });

    // A credit's TDS (a delivery's) off its rate × base is caught as well.
    const item = (await ok<{ id: string }>('POST', '/items', { name: 'Binding wire', unit: 'kg' }))
      .id;
    const delivery = await ok<{ id: string; tds_amount: number }>('POST', '/deliveries', {
      vendor: contractor,
      delivery_date: '2026-10-05',
      delivery_items: [{ item, quantity: 1, unit_price: 40_000, gst_rate: null }],
    });
    expect(delivery.tds_amount).toBeGreaterThan(0);
    const kept = await db
      .selectFrom('deliveries')
      .select(['tds_amount', 'tds_base'])
      .where('id', '=', delivery.id)
      .executeTakeFirstOrThrow();
    await caught(
      'TDS amount',
      delivery.id,
      () =>
        db
          .updateTable('deliveries')
          .set({ tds_base: sql<number>`tds_base * 2` })
          .where('id', '=', delivery.id)
          .execute(),
      () =>
        db
          .updateTable('deliveries')
          .set({ tds_base: kept.tds_base })
          .where('id', '=', delivery.id)
          .execute(),
    );
  });
});
