import { sharedTables } from '@siteledger/domain';
import { businessSiteIds } from '../../db/site-scope.js';
import type { Insertable } from 'kysely';
import { sql, type Transaction } from 'kysely';
import type {
  Database,
  SitesTable,
  SiteSubscriptionsTable,
  SiteUsersTable,
} from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { isPostgres } from '../../db/locking.js';

export type SiteRow = SitesTable;

export async function insertSite(db: Executor, site: SitesTable): Promise<void> {
  await db.insertInto('sites').values(site).execute();
}

export async function insertSiteUser(db: Executor, row: SiteUsersTable): Promise<void> {
  await db.insertInto('site_users').values(row).execute();
}

export async function insertSubscription(
  db: Executor,
  row: Insertable<SiteSubscriptionsTable>,
): Promise<void> {
  await db.insertInto('site_subscriptions').values(row).execute();
}

/** The caller's active sites with their role, newest first. */
export function listSitesOfUser(db: Executor, userId: string) {
  return db
    .selectFrom('sites')
    .innerJoin('site_users', 'site_users.site_id', 'sites.id')
    .selectAll('sites')
    .select('site_users.role')
    .where('site_users.user_id', '=', userId)
    .where('site_users.is_active', '=', 1)
    .where('sites.is_active', '=', 1)
    .orderBy('sites.created', 'desc')
    .orderBy('sites.id')
    .execute();
}

export function findSite(db: Executor, id: string) {
  return db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateSite(
  db: Executor,
  id: string,
  changes: Partial<Omit<SitesTable, 'id' | 'created'>>,
) {
  await db.updateTable('sites').set(changes).where('id', '=', id).execute();
}

/** Serializes site creation per user on PostgreSQL (SQLite transactions are already serial). */
export async function lockUser(db: Transaction<Database>, userId: string): Promise<void> {
  if (!isPostgres(db)) return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

export async function deactivateSiteUsers(
  db: Executor,
  siteId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('site_users')
    .set({ is_active: 0, disowned_at: now, updated: now })
    .where('site_id', '=', siteId)
    .where('is_active', '=', 1)
    .execute();
}

export function listMembers(db: Executor, siteId: string) {
  return db
    .selectFrom('site_users')
    .innerJoin('users', 'users.id', 'site_users.user_id')
    .select([
      'users.id as user_id',
      'users.name',
      'users.email',
      'site_users.role',
      'site_users.assigned_at',
      'site_users.assigned_by',
    ])
    .where('site_users.site_id', '=', siteId)
    .where('site_users.is_active', '=', 1)
    .orderBy('site_users.assigned_at', 'asc')
    .orderBy('users.id')
    .execute();
}

/** Disowned sites whose 30 days are over at `now`. */
export async function disownedSitesDue(db: Executor, now: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sites')
    .select('id')
    .where('is_active', '=', 0)
    .where('purge_after', 'is not', null)
    .where('purge_after', '<=', now)
    .execute();
  return rows.map((row) => row.id);
}

/** A disowned site and everything of it (each business table cascades from its site). */
export async function deleteDisownedSite(db: Transaction<Database>, siteId: string): Promise<void> {
  // The masters it made that its business shares (issue 47) stay with the business: they move to
  // the business's oldest other site, whose records may name them.
  const heir = await db
    .selectFrom('sites')
    .select('id')
    .where('id', 'in', businessSiteIds(siteId))
    .where('id', '<>', siteId)
    .where('is_active', '=', 1)
    .orderBy('created')
    .orderBy('id')
    .executeTakeFirst();
  if (heir) {
    for (const table of sharedTables()) {
      // A tag whose name the heir has already (unique per site) goes with the site.
      const clash =
        table === 'tags'
          ? sql`and not exists (select 1 from tags h where h.site_id = ${heir.id}
              and h.type = tags.type and h.name = tags.name)`
          : sql``;
      await sql`update ${sql.table(table)} set site_id = ${heir.id}
        where site_id = ${siteId} ${clash}`.execute(db);
    }
  }
  // The trail has no foreign key (it outlives deleted records), so it goes by site id.
  await db.deleteFrom('audit_log').where('site_id', '=', siteId).execute();
  await db.deleteFrom('sites').where('id', '=', siteId).where('is_active', '=', 0).execute();
}

/** SQLite keeps no statistics by itself; `optimize` refreshes those the planner needs. */
export async function optimizeSqlite(db: Executor): Promise<void> {
  await sql`pragma optimize`.execute(db);
}
