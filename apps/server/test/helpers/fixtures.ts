import type { Role } from '@siteledger/domain';
import { sql } from 'kysely';
import type { PlanResource } from '@siteledger/domain';
import { newId, nowIso } from '../../src/db/ids.js';
import { businessMonth } from '../../src/platform/business-time.js';
import { ensureUsageRow } from '../../src/platform/plan-limits.js';
import type { TestServer } from './test-server.js';

/**
 * Gives a user a role on a site directly in the database. Inviting and adding members has its own
 * API (a later issue); role tests only need the role to exist.
 */
export async function addMember(
  server: TestServer,
  siteId: string,
  userId: string,
  role: Role,
): Promise<void> {
  const now = nowIso();
  await server.ctx.db.kysely
    .insertInto('site_users')
    .values({
      id: newId(),
      site_id: siteId,
      user_id: userId,
      role,
      assigned_by: null,
      assigned_at: now,
      is_active: 1,
      disowned_at: null,
      created: now,
      updated: now,
    })
    .execute();
}

/** A vendor written directly (for tests of modules that only need one to exist). */
export async function insertVendor(
  server: TestServer,
  siteId: string,
  name = 'Test vendor',
): Promise<string> {
  const id = newId();
  const now = nowIso();
  await server.ctx.db.kysely
    .insertInto('vendors')
    .values({
      id,
      site_id: siteId,
      name,
      company_name: null,
      contact_person: null,
      email: null,
      phone: null,
      address: null,
      payment_details: null,
      gstin: null,
      files: '[]',
      created_by: null,
      created: now,
      updated: now,
    })
    .execute();
  await countUsage(server, siteId, 'vendors');
  return id;
}

/** A vendor, delivery and delivery lines written directly, for read-side tests of other modules. */
export async function insertDelivery(
  server: TestServer,
  siteId: string,
  options: {
    date: string;
    lines: { item: string; quantityMilli: number; unitPricePaise: number }[];
  },
): Promise<{ vendor: string; delivery: string }> {
  const db = server.ctx.db.kysely;
  const now = nowIso();
  const vendor = await insertVendor(server, siteId, 'Vendor');
  const delivery = newId();
  const lines = options.lines.map((line) => ({
    ...line,
    total: Math.round((line.quantityMilli * line.unitPricePaise) / 1000),
  }));
  const total = lines.reduce((sum, line) => sum + line.total, 0);
  await db
    .insertInto('deliveries')
    .values({
      id: delivery,
      site_id: siteId,
      vendor,
      delivery_date: options.date,
      delivery_reference: `CH-${delivery.slice(0, 5)}`,
      notes: null,
      photos: '[]',
      items_total: total,
      tax_amount: 0,
      round_off: 0,
      total_amount: total,
      paid_amount: 0,
      payment_status: 'pending',
      created_by: null,
      created: now,
      updated: now,
    })
    .execute();
  for (const line of lines) {
    await db
      .insertInto('delivery_items')
      .values({
        id: newId(),
        site_id: siteId,
        delivery,
        item: line.item,
        quantity: line.quantityMilli,
        unit_price: line.unitPricePaise,
        total_amount: line.total,
        notes: null,
        created_by: null,
        created: now,
        updated: now,
      })
      .execute();
  }
  await countUsage(server, siteId, 'deliveries');
  return { vendor, delivery };
}

/** Records written directly still count against the plan, as the integrity check expects. */
export async function countUsage(
  server: TestServer,
  siteId: string,
  resource: PlanResource,
): Promise<void> {
  const db = server.ctx.db.kysely;
  const period = businessMonth(server.ctx.config.timezone);
  await ensureUsageRow(db, siteId, period);
  const column = `${resource}_count` as const;
  await db
    .updateTable('subscription_usage')
    .set({ [column]: sql`${sql.ref(column)} + 1` })
    .where('site_id', '=', siteId)
    .where('period_start', '=', period.start)
    .execute();
}
