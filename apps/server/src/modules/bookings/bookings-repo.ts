import type { Transaction } from 'kysely';
import type { Database, ServiceBookingsTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { forUpdate } from '../../db/locking.js';

export type BookingRow = ServiceBookingsTable;

export function bookingsQuery(db: Executor) {
  return db.selectFrom('service_bookings').selectAll('service_bookings');
}

export function findBooking(db: Executor, siteId: string, id: string) {
  return bookingsQuery(db)
    .where('service_bookings.site_id', '=', siteId)
    .where('service_bookings.id', '=', id)
    .executeTakeFirst();
}

/** The booking row, locked until the transaction ends on PostgreSQL (SQLite is serial). */
export function lockBooking(db: Transaction<Database>, siteId: string, id: string) {
  return forUpdate(
    db,
    bookingsQuery(db)
      .where('service_bookings.site_id', '=', siteId)
      .where('service_bookings.id', '=', id),
  ).executeTakeFirst();
}

export async function insertBooking(db: Executor, row: BookingRow): Promise<void> {
  await db.insertInto('service_bookings').values(row).execute();
}

export async function updateBooking(
  db: Executor,
  siteId: string,
  id: string,
  changes: Partial<BookingRow>,
): Promise<void> {
  await db
    .updateTable('service_bookings')
    .set(changes)
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .execute();
}

export async function deleteBooking(db: Executor, siteId: string, id: string): Promise<void> {
  await db
    .deleteFrom('service_bookings')
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .execute();
}

export async function bookingHasAllocations(db: Executor, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('payment_allocations')
    .select('id')
    .where('service_booking', '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function serviceExists(db: Executor, siteId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('services')
    .select('id')
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** The service's default GST rate (stored hundredths), when the service exists on this site. */
export function serviceRate(db: Executor, siteId: string, id: string) {
  return db
    .selectFrom('services')
    .select('gst_rate')
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Summaries for `expand.service`: one query for a whole page. */
export async function serviceRefs(db: Executor, siteId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('services')
    .select(['id', 'name', 'category', 'unit', 'standard_rate'])
    .where('site_id', '=', siteId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
}
