import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../../../db/locking.js';
import type { Database } from '../../../db/schema.js';

type Db = Kysely<Database>;

/**
 * How far the recorded cut-off is set back from the moment it is taken: a write whose `updated`
 * was stamped just before that moment may commit just after it (its timestamp is taken before its
 * statement runs). The next incremental file then sends such a record again, which is harmless:
 * Tally alters the voucher it has by its GUID.
 */
export const CUTOFF_MARGIN_MS = 2000;

/**
 * The change cut-off of an export, taken before anything is read: records created, changed or
 * deleted at or after it go in the next incremental file. On SQLite it is taken inside a write
 * transaction, so no write is half-way (every row stamped before it is committed and seen by the
 * reads that follow). On PostgreSQL, where writers run side by side, it goes back to the start
 * of the oldest transaction still open: rows such a transaction stamps are not visible yet, and
 * will not be older than the cut-off.
 */
export async function takeCutoff(db: Db): Promise<string> {
  return db.transaction().execute(async (trx) => {
    let at = Date.now();
    if (isPostgres(trx)) {
      const result = await sql<{ oldest: Date | string | null }>`
        select min(xact_start) as oldest from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and backend_type = 'client backend' and xact_start is not null`.execute(trx);
      const oldest = result.rows[0]?.oldest;
      if (oldest) at = Math.min(at, new Date(oldest).getTime());
    }
    return new Date(at - CUTOFF_MARGIN_MS).toISOString();
  });
}

/** A ledger record created or changed since the cut-off: its vendor and business date. */
export interface ChangedRecord {
  id: string;
  vendor: string;
  date: string;
}

/** The ledger's record tables, each with the column of its business date. */
const LEDGER_DATES = [
  ['deliveries', 'delivery_date'],
  ['service_bookings', 'start_date'],
  ['payments', 'payment_date'],
  ['vendor_returns', 'return_date'],
  ['vendor_refunds', 'refund_date'],
  ['vendor_credit_notes', 'issue_date'],
  ['ra_bills', 'bill_date'],
] as const;

/**
 * The site's ledger records (bills, bookings, payments, returns, refunds, credit notes) changed at
 * or after `since` — `updated` is stamped by every write, line edits of a bill included.
 */
export async function changedRecords(
  db: Db,
  siteId: string,
  since: string,
): Promise<ChangedRecord[]> {
  const selects = LEDGER_DATES.map(
    ([table, date]) => sql`select t.id, t.vendor, ${sql.ref(`t.${date}`)} as date
      from ${sql.table(table)} t where t.site_id = ${siteId} and t.updated >= ${since}`,
  );
  const result = await sql<ChangedRecord>`${sql.join(selects, sql` union all `)}`.execute(db);
  return result.rows.map((row) => ({
    id: String(row.id),
    vendor: String(row.vendor),
    date: String(row.date),
  }));
}

/** An audit entry of a record that left the books: what the record was, in API units. */
export interface GoneEntry {
  entity: string;
  record_id: string;
  action: string;
  changes: string;
}

/** Audit entities whose records are vouchers in Tally. */
const VOUCHER_ENTITIES = [
  'deliveries',
  'service_bookings',
  'payments',
  'vendor_returns',
  'credit_notes',
  'ra_bills',
  'tds_challans',
];

/**
 * Records deleted at or after `since` (every delete path writes its audit entry inside its own
 * transaction, with the record's old fields), leaving out those also created since then: those
 * were never in a file.
 */
export async function deletedSince(db: Db, siteId: string, since: string): Promise<GoneEntry[]> {
  const result = await sql<GoneEntry>`
    select a.entity, a.record_id, a.action, a.changes from audit_log a
    where a.site_id = ${siteId} and a.at >= ${since} and a.action = 'delete'
      and a.entity in (${sql.join(VOUCHER_ENTITIES)})
      and not exists (select 1 from audit_log c where c.site_id = a.site_id
        and c.entity = a.entity and c.record_id = a.record_id and c.action = 'create'
        and c.at >= ${since})
    order by a.at, a.id`.execute(db);
  return result.rows;
}

/** A record still kept but no longer in the ledger (a booking cancelled, a return rejected). */
export interface DroppedRecord {
  collection: 'service_bookings' | 'vendor_returns';
  id: string;
  date: string;
}

/**
 * Bookings cancelled and returns taken out of the books (from approved, completed or refunded to
 * any other status) at or after `since`, made before it: their vouchers are in Tally.
 */
export async function droppedSince(
  db: Db,
  siteId: string,
  since: string,
): Promise<DroppedRecord[]> {
  const counted = ['approved', 'completed', 'refunded'];
  // The audit entry of the status change (platform/audit.ts writes `"status":{"old":…,"new":…}`).
  const wasCounted = sql.join(
    counted.map((status) => sql`a.changes like ${`%"status":{"old":"${status}"%`}`),
    sql` or `,
  );
  const result = await sql<{ collection: string; id: string; date: string }>`
    select 'service_bookings' as collection, b.id, b.start_date as date from service_bookings b
      where b.site_id = ${siteId} and b.status = 'cancelled' and b.updated >= ${since}
        and b.created < ${since}
    union all
    select 'vendor_returns', r.id, r.return_date from vendor_returns r
      where r.site_id = ${siteId} and r.status not in (${sql.join(counted)})
        and r.updated >= ${since} and r.created < ${since}
        and exists (select 1 from audit_log a where a.site_id = r.site_id
          and a.entity = 'vendor_returns' and a.record_id = r.id and a.at >= ${since}
          and (${wasCounted}))`.execute(db);
  return result.rows.map((row) => ({
    collection: row.collection as DroppedRecord['collection'],
    id: String(row.id),
    date: String(row.date),
  }));
}
