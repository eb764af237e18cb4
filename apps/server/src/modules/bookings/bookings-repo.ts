import { siteCondition } from '../../db/site-scope.js';
import type { ServiceBookingsTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { anyRowWhere, siteRowExists, siteRows, siteRowsAmong } from '../../db/site-rows.js';

export type BookingRow = ServiceBookingsTable;

export function bookingsQuery(db: Executor) {
  return db.selectFrom('service_bookings').selectAll('service_bookings');
}

const rows = siteRows('service_bookings');
export const findBooking = rows.find;
/** The booking row, locked until the transaction ends on PostgreSQL (SQLite is serial). */
export const lockBooking = rows.lock;
export const updateBooking = rows.update;
export const deleteBooking = rows.remove;

export const insertBooking = rows.insert;

export const bookingHasAllocations = (db: Executor, id: string) =>
  anyRowWhere(db, 'payment_allocations', 'service_booking', id);

export const serviceExists = (db: Executor, siteId: string, id: string) =>
  siteRowExists(db, 'services', siteId, id);

/** The service's default GST rate (stored hundredths), when the service exists on this site. */
export function serviceRate(db: Executor, siteId: string, id: string) {
  return db
    .selectFrom('services')
    .select('gst_rate')
    .where(siteCondition('services', 'services.site_id', siteId))
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Summaries for `expand.service`: one query for a whole page. */
export const serviceRefs = (db: Executor, siteId: string, ids: readonly string[]) =>
  siteRowsAmong(db, 'services', siteId, ids, ['id', 'name', 'category', 'unit', 'standard_rate']);
