import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PLAN_CAPS,
  PLAN_RESOURCES,
  type PlanCap,
  type Plan,
  type SiteAllowance,
  type SubscriptionState,
} from '@siteledger/domain';
import { openDatabase, type Db } from '../src/db/database.js';
import { newId, nowIso } from '../src/db/ids.js';
import { COLUMN_CAPS } from '../src/db/migrations/0025-plan-limit-rows.js';
import { migrationProvider } from '../src/db/migrations/index.js';
import { SEED_PLANS } from '../src/db/seed.js';
import type { Database } from '../src/db/schema.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { startServer, type TestServer } from './helpers/test-server.js';

/**
 * Issue 41 "Plan caps as rows": a plan's caps are `plan_limits` rows (cap null = unlimited) and a
 * site's usage is one `plan_usage` row per resource and month, both keyed by the domain's lists.
 */
let server: TestServer;
const k = () => server.ctx.db.kysely;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

async function planId(name: string): Promise<string> {
  const row = await k()
    .selectFrom('subscription_plans')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function setCap(plan: string, resource: PlanCap, cap: number | null): Promise<void> {
  await k()
    .updateTable('plan_limits')
    .set({ cap })
    .where('plan_id', '=', plan)
    .where('resource', '=', resource)
    .execute();
}

async function ownSite(owner?: Registered) {
  const who = owner ?? (await registerUser(server.url));
  const { id } = await createSite(server.url, who.token);
  const url = (p: string) => `/api/sites/${id}${p}`;
  return {
    id,
    owner: who,
    vendor: (name: string) =>
      call<{ id: string }>(server.url, 'POST', url('/vendors'), {
        token: who.token,
        body: { name },
      }),
    async state(): Promise<SubscriptionState> {
      const res = await call<SubscriptionState>(server.url, 'GET', url('/subscription'), {
        token: who.token,
      });
      expect(res.status).toBe(200);
      return res.body;
    },
  };
}

describe('the seed', () => {
  it('writes one plan_limits row per plan and cap of the domain list, null for unlimited', async () => {
    for (const plan of SEED_PLANS) {
      const rows = await k()
        .selectFrom('plan_limits')
        .select(['resource', 'cap'])
        .where('plan_id', '=', await planId(plan.name))
        .execute();
      expect(rows.map((r) => r.resource).sort(), plan.name).toEqual([...PLAN_CAPS].sort());
      for (const resource of PLAN_CAPS) {
        const cap = plan.caps[resource];
        expect(rows.find((r) => r.resource === resource)?.cap, `${plan.name} ${resource}`).toBe(
          cap < 0 ? null : cap,
        );
      }
    }
  });
});

describe('caps are read from the rows', () => {
  it('a changed plan_limits row is what the API enforces and reports', async () => {
    const site = await ownSite();
    const free = await planId('Free');
    // Free allows one vendor a month; its row now says three (the old column still says one).
    await setCap(free, 'vendors', 3);
    try {
      const made = [];
      for (let i = 0; i < 4; i++) made.push(await site.vendor(`Vendor ${i}`));
      expect(made.map((r) => r.status)).toEqual([201, 201, 201, 403]);
      expect(made[3]!.body).toMatchObject({
        code: 'LIMIT_EXCEEDED',
        data: { resource: 'vendors', limit: 3, count: 3 },
      });
      const state = await site.state();
      expect(state.limits.vendors).toBe(3);
      expect(state.subscription?.plan.features.max_vendors).toBe(3);
      expect(state.usage.vendors_count).toBe(3);
      expect(state.limits_reached).toContain('vendors');

      // Null: unlimited, answered as -1 as before.
      await setCap(free, 'vendors', null);
      expect((await site.vendor('Vendor 4')).status).toBe(201);
      const open = await site.state();
      expect(open.limits.vendors).toBe(-1);
      expect(open.subscription?.plan.features.max_vendors).toBe(-1);
      expect(open.limits_reached).not.toContain('vendors');

      // Zero: the feature is not in the plan.
      await setCap(free, 'vendors', 0);
      expect((await site.vendor('Vendor 5')).body).toMatchObject({
        code: 'FEATURE_NOT_AVAILABLE',
      });
      expect((await site.state()).features_disabled).toEqual(['vendors']);

      const plans = await call<{ items: Plan[] }>(server.url, 'GET', '/api/plans');
      expect(plans.body.items.find((p) => p.name === 'Free')?.features.max_vendors).toBe(0);
    } finally {
      await setCap(free, 'vendors', 1);
    }
  });

  it('the sites cap is a row too', async () => {
    const owner = await registerUser(server.url);
    const free = await planId('Free');
    const allowance = () =>
      call<SiteAllowance>(server.url, 'GET', '/api/me/site-allowance', { token: owner.token });
    expect((await allowance()).body).toEqual({ owned: 0, max_sites: 1, can_create: true });
    await setCap(free, 'sites', 2);
    try {
      await ownSite(owner);
      expect((await allowance()).body).toEqual({ owned: 1, max_sites: 2, can_create: true });
      await ownSite(owner);
      const third = await call(server.url, 'POST', '/api/sites', {
        token: owner.token,
        body: { name: 'Third', total_units: 1, total_planned_area: 1 },
      });
      expect(third.body).toMatchObject({ code: 'LIMIT_EXCEEDED', data: { limit: 2, count: 2 } });
    } finally {
      await setCap(free, 'sites', 1);
    }
  });

  it('a plan written the old way (max_* columns) gets its rows', async () => {
    const id = newId();
    const now = nowIso();
    // The columns a plan had before the rows (migration 0025 froze them; caps added since,
    // such as work orders, are rows only).
    const columns = Object.fromEntries(COLUMN_CAPS.map((r) => [`max_${r}`, -1]));
    await k()
      .insertInto('subscription_plans')
      .values({
        ...(columns as Record<`max_${PlanCap}`, number>),
        id,
        name: `Old way ${id}`,
        price: 0,
        yearly_price: 0,
        currency: 'INR',
        is_active: 0,
        is_default: 0,
        max_items: 7,
        max_services: 0,
        created: now,
        updated: now,
      })
      .execute();
    const caps = async () =>
      Object.fromEntries(
        (
          await k()
            .selectFrom('plan_limits')
            .select(['resource', 'cap'])
            .where('plan_id', '=', id)
            .execute()
        ).map((r) => [r.resource, r.cap]),
      );
    expect(await caps()).toMatchObject({ items: 7, services: 0, vendors: null, sites: null });
    // An edit of one column changes that row only.
    await setCap(id, 'vendors', 4);
    await k()
      .updateTable('subscription_plans')
      .set({ max_items: 9 })
      .where('id', '=', id)
      .execute();
    expect(await caps()).toMatchObject({ items: 9, services: 0, vendors: 4 });
  });
});

describe('usage is kept by resource', () => {
  it('one plan_usage row per counted resource and month; the API counts from them', async () => {
    const site = await ownSite();
    expect((await site.vendor('First')).status).toBe(201);
    const rows = await k()
      .selectFrom('plan_usage')
      .select(['resource', 'count', 'period_start', 'period_end'])
      .where('site_id', '=', site.id)
      .execute();
    expect(rows.map((r) => r.resource).sort()).toEqual([...PLAN_RESOURCES].sort());
    expect(rows.find((r) => r.resource === 'vendors')?.count).toBe(1);
    expect(rows.filter((r) => r.count !== 0)).toHaveLength(1);

    const state = await site.state();
    expect(state.usage.period_start).toBe(rows[0]!.period_start);
    expect(Object.keys(state.usage).sort()).toEqual(
      ['period_start', 'period_end', ...PLAN_RESOURCES.map((r) => `${r}_count`)].sort(),
    );
    expect(Object.keys(state.subscription!.plan.features).sort()).toEqual(
      PLAN_CAPS.map((r) => `max_${r}`).sort(),
    );

    // The count row is what the cap is checked against.
    await k()
      .updateTable('plan_usage')
      .set({ count: 0 })
      .where('site_id', '=', site.id)
      .where('resource', '=', 'vendors')
      .execute();
    expect((await site.vendor('Second')).status).toBe(201);
    expect((await site.state()).usage.vendors_count).toBe(1);
    // Put right what the test bent: two vendors exist this month.
    await k()
      .updateTable('plan_usage')
      .set({ count: 2 })
      .where('site_id', '=', site.id)
      .where('resource', '=', 'vendors')
      .execute();
  });
});

// Migration 0025 on a database that has plans and usage the old way.
interface Handle {
  db: Db;
  dispose(): Promise<void>;
}

async function openSqlite(): Promise<Handle> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-caps-'));
  const db = openDatabase({ databaseUrl: null, dataDir });
  return {
    db,
    async dispose() {
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function openPostgres(): Promise<Handle> {
  const name = `sl_caps_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  const db = openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  return {
    db,
    async dispose() {
      await db.close();
      for (let i = 0; i < 100; i++) {
        const { rows } = await admin.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    },
  };
}

const OLD_CAPS = [
  'items',
  'vendors',
  'deliveries',
  'service_bookings',
  'payments',
  'accounts',
  'vendor_returns',
  'services',
  'material_requests',
  'purchase_orders',
  'sites',
] as const;
const OLD_COUNTS = OLD_CAPS.filter((r) => r !== 'sites');

function migrationSuite(open: () => Promise<Handle>) {
  it('0025 copies every cap and count into rows, and down puts the columns back', async () => {
    const handle = await open();
    try {
      // Untyped: the tables as they were before 0025.
      const db = handle.db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const migrator = new Migrator({ db: handle.db.kysely, provider: migrationProvider });
      expect((await migrator.migrateTo('0024-gst-rates-rcm')).error).toBeUndefined();
      const now = nowIso();
      const planCols = Object.fromEntries(OLD_CAPS.map((r, i) => [`max_${r}`, i - 1]));
      await db
        .insertInto('subscription_plans')
        .values({ id: 'p1', name: 'Mixed', created: now, updated: now, ...planCols })
        .execute();
      await db
        .insertInto('users')
        .values({
          id: 'u1',
          email: 'u1@example.com',
          name: 'U',
          password_hash: 'x',
          created: now,
          updated: now,
        })
        .execute();
      await db
        .insertInto('sites')
        .values({
          id: 's1',
          name: 'Site',
          total_units: 1,
          total_planned_area: 1,
          admin_user: 'u1',
          created: now,
          updated: now,
        })
        .execute();
      const site = { id: 's1' };
      const counts = Object.fromEntries(OLD_COUNTS.map((r, i) => [`${r}_count`, i + 2]));
      await db
        .insertInto('subscription_usage')
        .values({
          id: 'use1',
          site_id: site.id,
          period_start: '2026-11-01T00:00:00.000Z',
          period_end: '2026-11-30T23:59:59.999Z',
          created: now,
          updated: now,
          ...counts,
        })
        .execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const typed = handle.db.kysely as Kysely<Database>;
      const caps = await typed
        .selectFrom('plan_limits')
        .select(['resource', 'cap'])
        .where('plan_id', '=', 'p1')
        .execute();
      expect(Object.fromEntries(caps.map((r) => [r.resource, r.cap]))).toEqual(
        Object.fromEntries(OLD_CAPS.map((r, i) => [r, i - 1 < 0 ? null : i - 1])),
      );
      const usage = await typed
        .selectFrom('plan_usage')
        .select(['resource', 'count', 'period_start', 'period_end'])
        .where('site_id', '=', site.id)
        .execute();
      expect(Object.fromEntries(usage.map((r) => [r.resource, Number(r.count)]))).toEqual(
        Object.fromEntries(OLD_COUNTS.map((r, i) => [r, i + 2])),
      );
      expect(new Set(usage.map((r) => r.period_end))).toEqual(
        new Set(['2026-11-30T23:59:59.999Z']),
      );
      // A row edited after the migration is what down writes back.
      await typed
        .updateTable('plan_usage')
        .set({ count: 40 })
        .where('resource', '=', 'vendors')
        .execute();
      await typed
        .updateTable('plan_limits')
        .set({ cap: 25 })
        .where('plan_id', '=', 'p1')
        .where('resource', '=', 'items')
        .execute();
      await typed
        .updateTable('plan_limits')
        .set({ cap: null })
        .where('plan_id', '=', 'p1')
        .where('resource', '=', 'sites')
        .execute();

      expect((await migrator.migrateTo('0024-gst-rates-rcm')).error).toBeUndefined();
      const plan = await db
        .selectFrom('subscription_plans')
        .selectAll()
        .where('id', '=', 'p1')
        .executeTakeFirstOrThrow();
      for (const [i, r] of OLD_CAPS.entries()) {
        const want = r === 'items' ? 25 : r === 'sites' ? -1 : i - 1 < 0 ? -1 : i - 1;
        expect(Number(plan[`max_${r}`]), r).toBe(want);
      }
      const row = await db
        .selectFrom('subscription_usage')
        .selectAll()
        .where('site_id', '=', site.id)
        .executeTakeFirstOrThrow();
      expect(row.period_end).toBe('2026-11-30T23:59:59.999Z');
      for (const [i, r] of OLD_COUNTS.entries()) {
        expect(Number(row[`${r}_count`]), r).toBe(r === 'vendors' ? 40 : i + 2);
      }
      // And up again.
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const again = await typed
        .selectFrom('plan_limits')
        .select('cap')
        .where('plan_id', '=', 'p1')
        .where('resource', '=', 'items')
        .executeTakeFirstOrThrow();
      expect(again.cap).toBe(25);
    } finally {
      await handle.dispose();
    }
  });
}

describe('migration 0025 on SQLite', () => {
  migrationSuite(openSqlite);
});

describe.skipIf(!process.env.DATABASE_URL)('migration 0025 on PostgreSQL', () => {
  migrationSuite(openPostgres);
});
