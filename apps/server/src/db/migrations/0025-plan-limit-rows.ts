import { sql } from 'kysely';
import { type AnyDb, isPostgres, withBase, withSite } from './helpers.js';

/**
 * Issue 41 "Plan caps as rows".
 *
 * `plan_limits (plan_id, resource, cap)`: one row per plan and cap, cap null = unlimited (the
 * columns said -1), 0 = disabled, n = the cap. `plan_usage`: one row per site, calendar month and
 * counted resource with its `count`, replacing `subscription_usage` (one row per site and month
 * with a `<resource>_count` column each). A resource added later needs neither a column nor a
 * migration: the server reads caps and counts by the domain's PLAN_RESOURCES / PLAN_CAPS.
 *
 * The `max_*` columns of subscription_plans stay (dropping columns of a table that five others
 * reference means rebuilding it on SQLite), frozen to the caps below. The server never reads
 * them; whatever writes them the old way (an INSERT of a plan, an UPDATE of one column) is copied
 * into the plan's rows by a trigger, so a plan set up with SQL as before still means what it says.
 * `down` writes the rows back into the columns and rebuilds subscription_usage from plan_usage.
 */

/** The caps that were columns before this migration (`max_<cap>`); frozen. */
export const COLUMN_CAPS = [
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
/** The counts that were columns of subscription_usage (`<resource>_count`); frozen. */
const COLUMN_COUNTS = COLUMN_CAPS.filter((cap) => cap !== 'sites');

const rowCap = (column: string) =>
  sql`CASE WHEN ${sql.ref(column)} < 0 THEN NULL ELSE ${sql.ref(column)} END`;

async function createTriggers(db: AnyDb): Promise<void> {
  const list = COLUMN_CAPS.map((cap) => `'${cap}'`).join(', ');
  if (isPostgres(db)) {
    await sql
      .raw(
        `CREATE FUNCTION plan_limits_from_columns() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r text;
  v integer;
BEGIN
  FOREACH r IN ARRAY ARRAY[${list}] LOOP
    IF TG_OP = 'INSERT'
      OR (to_jsonb(OLD) -> ('max_' || r)) IS DISTINCT FROM (to_jsonb(NEW) -> ('max_' || r)) THEN
      v := (to_jsonb(NEW) ->> ('max_' || r))::integer;
      INSERT INTO plan_limits (plan_id, resource, cap)
        VALUES (NEW.id, r, CASE WHEN v < 0 THEN NULL ELSE v END)
        ON CONFLICT (plan_id, resource) DO UPDATE SET cap = EXCLUDED.cap;
    END IF;
  END LOOP;
  RETURN NULL;
END
$$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER plan_limits_from_columns AFTER INSERT OR UPDATE ON subscription_plans
  FOR EACH ROW EXECUTE PROCEDURE plan_limits_from_columns()`,
      )
      .execute(db);
    return;
  }
  const value = (cap: string) =>
    `(NEW.id, '${cap}', CASE WHEN NEW.max_${cap} < 0 THEN NULL ELSE NEW.max_${cap} END)`;
  const upsert = 'ON CONFLICT (plan_id, resource) DO UPDATE SET cap = excluded.cap';
  await sql
    .raw(
      `CREATE TRIGGER plan_limits_from_columns_insert AFTER INSERT ON subscription_plans BEGIN
  INSERT INTO plan_limits (plan_id, resource, cap) VALUES ${COLUMN_CAPS.map(value).join(', ')}
  ${upsert};
END`,
    )
    .execute(db);
  for (const cap of COLUMN_CAPS) {
    await sql
      .raw(
        `CREATE TRIGGER plan_limits_from_max_${cap} AFTER UPDATE OF max_${cap} ON subscription_plans
  WHEN OLD.max_${cap} IS NOT NEW.max_${cap} BEGIN
  INSERT INTO plan_limits (plan_id, resource, cap) VALUES ${value(cap)}
  ${upsert};
END`,
      )
      .execute(db);
  }
}

async function dropTriggers(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP TRIGGER plan_limits_from_columns ON subscription_plans`.execute(db);
    await sql`DROP FUNCTION plan_limits_from_columns()`.execute(db);
    return;
  }
  await sql`DROP TRIGGER plan_limits_from_columns_insert`.execute(db);
  for (const cap of COLUMN_CAPS) {
    await sql.raw(`DROP TRIGGER plan_limits_from_max_${cap}`).execute(db);
  }
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('plan_limits')
    .addColumn('plan_id', 'text', (c) =>
      c.notNull().references('subscription_plans.id').onDelete('cascade'),
    )
    .addColumn('resource', 'text', (c) => c.notNull())
    // Null: unlimited; 0: not in the plan; n: at most n (a month, or sites in total).
    .addColumn('cap', 'integer')
    .addPrimaryKeyConstraint('plan_limits_pkey', ['plan_id', 'resource'])
    .execute();
  for (const cap of COLUMN_CAPS) {
    await sql`INSERT INTO plan_limits (plan_id, resource, cap)
      SELECT id, ${cap}, ${rowCap(`max_${cap}`)} FROM subscription_plans`.execute(db);
  }
  await createTriggers(db);

  await withSite(withBase(db.schema.createTable('plan_usage')))
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('period_end', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('plan_usage_site_period_resource')
    .on('plan_usage')
    .columns(['site_id', 'period_start', 'resource'])
    .unique()
    .execute();
  for (const resource of COLUMN_COUNTS) {
    await sql`INSERT INTO plan_usage
        (id, site_id, resource, period_start, period_end, count, created, updated)
      SELECT id || ${`:${resource}`}, site_id, ${resource}, period_start, period_end,
        ${sql.ref(`${resource}_count`)}, created, updated
      FROM subscription_usage`.execute(db);
  }
  await db.schema.dropTable('subscription_usage').execute();
}

export async function down(db: AnyDb): Promise<void> {
  let usage = withSite(withBase(db.schema.createTable('subscription_usage')))
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('period_end', 'text', (c) => c.notNull());
  for (const resource of COLUMN_COUNTS) {
    usage = usage.addColumn(`${resource}_count`, 'integer', (c) => c.notNull().defaultTo(0));
  }
  await usage.execute();
  await db.schema
    .createIndex('subscription_usage_site_period_unique')
    .on('subscription_usage')
    .columns(['site_id', 'period_start'])
    .unique()
    .execute();
  const counts = COLUMN_COUNTS.map(
    (resource) =>
      sql`COALESCE(SUM(CASE WHEN resource = ${resource} THEN ${sql.ref('count')} END), 0)`,
  );
  await sql`INSERT INTO subscription_usage
      (id, site_id, period_start, period_end, created, updated,
        ${sql.join(COLUMN_COUNTS.map((r) => sql.ref(`${r}_count`)))})
    SELECT MIN(id), site_id, period_start, MAX(period_end), MIN(created), MAX(updated),
      ${sql.join(counts)}
    FROM plan_usage GROUP BY site_id, period_start`.execute(db);
  await db.schema.dropTable('plan_usage').execute();

  await dropTriggers(db);
  for (const cap of COLUMN_CAPS) {
    await sql`UPDATE subscription_plans SET ${sql.ref(`max_${cap}`)} = COALESCE(
        (SELECT l.cap FROM plan_limits l
          WHERE l.plan_id = subscription_plans.id AND l.resource = ${cap}), -1)`.execute(db);
  }
  await db.schema.dropTable('plan_limits').execute();
}
