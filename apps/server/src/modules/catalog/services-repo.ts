import { sql } from 'kysely';
import type { ServicesTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { anyRowWhere } from '../../db/site-rows.js';
import { siteRows } from '../../platform/record-service.js';
import { carriesTag } from './tags-repo.js';

export type ServiceRow = ServicesTable;

/** The list query: services, optionally only active/inactive ones or those carrying a tag. */
export function servicesQuery(
  db: Executor,
  filters: { tag?: string | undefined; isActive?: boolean | undefined },
) {
  let query = db.selectFrom('services').selectAll('services');
  if (filters.isActive !== undefined) {
    query = query.where('services.is_active', '=', filters.isActive ? 1 : 0);
  }
  if (filters.tag) query = query.where(carriesTag('service', filters.tag));
  return query;
}

export const {
  find: findService,
  insert: insertService,
  update: updateService,
  remove: deleteService,
} = siteRows('services');

/**
 * True when a booking (any status) or a quotation of any site names the service: a service is
 * its business's (issue 47), so one site's delete must not take away another site's.
 */
export async function serviceIsUsed(db: Executor, _siteId: string, id: string): Promise<boolean> {
  for (const table of ['service_bookings', 'quotations'] as const) {
    if (await anyRowWhere(db, table, 'service', id)) return true;
  }
  return false;
}

/** Bookings of a service that are not cancelled. */
function activeBookings(db: Executor, siteId: string, serviceId: string) {
  return db
    .selectFrom('service_bookings as b')
    .where('b.site_id', '=', siteId)
    .where('b.service', '=', serviceId)
    .where('b.status', '<>', 'cancelled');
}

/** Bookings with their vendor, newest first (at most `limit`). */
export function bookingHistory(db: Executor, siteId: string, serviceId: string, limit: number) {
  return activeBookings(db, siteId, serviceId)
    .innerJoin('vendors as v', 'v.id', 'b.vendor')
    .select([
      'b.id',
      'b.start_date',
      'b.end_date',
      'b.vendor',
      'v.name as vendor_name',
      'b.duration',
      'b.unit_rate',
      'b.total_amount',
      'b.status',
    ])
    .orderBy('b.start_date', 'desc')
    .orderBy('b.id', 'desc')
    .limit(limit)
    .execute();
}

/** Lowest and highest unit rate (paise), and Σ total (paise) and Σ duration (thousandths). */
export function rateRange(db: Executor, siteId: string, serviceId: string) {
  return activeBookings(db, siteId, serviceId)
    .select([
      sql<number | null>`min(b.unit_rate)`.as('lowest'),
      sql<number | null>`max(b.unit_rate)`.as('highest'),
      sql<number>`coalesce(sum(b.total_amount), 0)`.as('value'),
      sql<number>`coalesce(sum(b.duration), 0)`.as('milli'),
    ])
    .executeTakeFirstOrThrow();
}

/** Σ total and Σ duration per start date, oldest first. */
export function rateTrend(db: Executor, siteId: string, serviceId: string) {
  return activeBookings(db, siteId, serviceId)
    .select([
      'b.start_date as date',
      sql<number>`sum(b.total_amount)`.as('value'),
      sql<number>`sum(b.duration)`.as('milli'),
    ])
    .groupBy('b.start_date')
    .orderBy('b.start_date', 'asc')
    .execute();
}
