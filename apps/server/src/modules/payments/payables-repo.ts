import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { allocatedOf } from './payments-repo.js';

/** What the payment form shows of a delivery or a booking (open ones, or a payment's own). */
const DELIVERY_COLUMNS = [
  'id',
  'delivery_date',
  'delivery_reference',
  // What the delivery owes: its total less the TDS deducted from it (API.md "TDS").
  sql<number>`total_amount - tds_amount`.as('total_amount'),
  'paid_amount',
  'created',
] as const;
const BOOKING_COLUMNS = [
  'b.id',
  'b.start_date',
  's.name as service_name',
  // What the booking owes: its taxable total plus GST (API.md "GST"), less its TDS.
  sql<number>`b.total_amount + b.cgst_amount + b.sgst_amount + b.igst_amount - b.tds_amount`.as(
    'total_amount',
  ),
  'b.paid_amount',
  'b.created',
] as const;

/** A vendor's deliveries that still owe something, oldest first (at most `limit`). */
export function openDeliveries(db: Executor, siteId: string, vendor: string, limit: number) {
  return db
    .selectFrom('deliveries')
    .select(DELIVERY_COLUMNS)
    .where('site_id', '=', siteId)
    .where('vendor', '=', vendor)
    .where(sql<boolean>`total_amount - tds_amount > paid_amount`)
    .orderBy('delivery_date')
    .orderBy('created')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A vendor's bookings, not cancelled, that still owe something, oldest first (at most `limit`). */
export function openBookings(db: Executor, siteId: string, vendor: string, limit: number) {
  return db
    .selectFrom('service_bookings as b')
    .innerJoin('services as s', 's.id', 'b.service')
    .select(BOOKING_COLUMNS)
    .where('b.site_id', '=', siteId)
    .where('b.vendor', '=', vendor)
    .where('b.status', '<>', 'cancelled')
    .where(
      sql<boolean>`b.total_amount + b.cgst_amount + b.sgst_amount + b.igst_amount - b.tds_amount > b.paid_amount`,
    )
    .orderBy('b.start_date')
    .orderBy('b.created')
    .orderBy('b.id')
    .limit(limit)
    .execute();
}

/** Usable credit notes of a vendor on `today`, in the order payments must use them. */
export function usableCreditNotes(db: Executor, siteId: string, vendor: string, today: string) {
  return db
    .selectFrom('vendor_credit_notes')
    .select(['id', 'reference', 'issue_date', 'expiry_date', 'balance', 'created'])
    .where('site_id', '=', siteId)
    .where('vendor', '=', vendor)
    .where('status', '=', 'active')
    .where('balance', '>', 0)
    .where((eb) => eb.or([eb('expiry_date', 'is', null), eb('expiry_date', '>=', today)]))
    .orderBy('issue_date')
    .orderBy('created')
    .orderBy('id')
    .execute();
}

/** Σ due over every open delivery and booking (not cancelled) of the vendor, in paise. */
export async function totalDue(db: Executor, siteId: string, vendor: string): Promise<number> {
  const row = await sql<{ due: number | string | null }>`select
      coalesce((select sum(d.total_amount - d.tds_amount - d.paid_amount) from deliveries d
        where d.site_id = ${siteId} and d.vendor = ${vendor}
          and d.total_amount - d.tds_amount > d.paid_amount), 0)
    + coalesce((select sum((b.total_amount + b.cgst_amount + b.sgst_amount + b.igst_amount - b.tds_amount) - b.paid_amount) from service_bookings b
        where b.site_id = ${siteId} and b.vendor = ${vendor} and b.status <> 'cancelled'
          and (b.total_amount + b.cgst_amount + b.sgst_amount + b.igst_amount - b.tds_amount) > b.paid_amount), 0) as due`.execute(
    db,
  );
  return Number(row.rows[0]?.due ?? 0);
}

/** Deliveries by id (a payment's own, for its edit), with what the form shows of them. */
export async function deliveriesById(db: Executor, siteId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('deliveries')
    .select(DELIVERY_COLUMNS)
    .where('site_id', '=', siteId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** Bookings by id (a payment's own, for its edit). */
export async function bookingsById(db: Executor, siteId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('service_bookings as b')
    .innerJoin('services as s', 's.id', 'b.service')
    .select(BOOKING_COLUMNS)
    .where('b.site_id', '=', siteId)
    .where('b.id', 'in', [...new Set(ids)])
    .execute();
}

/** Credit notes by id that are not past expiry on `today` (any status: a payment's own). */
export async function unexpiredNotesById(
  db: Executor,
  siteId: string,
  ids: readonly string[],
  today: string,
) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('vendor_credit_notes')
    .select(['id', 'reference', 'issue_date', 'expiry_date', 'balance', 'created'])
    .where('site_id', '=', siteId)
    .where('id', 'in', [...new Set(ids)])
    .where((eb) => eb.or([eb('expiry_date', 'is', null), eb('expiry_date', '>=', today)]))
    .execute();
}

/** The vendor's payments with an unallocated remainder (paise), oldest first. */
export function paymentsWithAdvance(db: Executor, siteId: string, vendor: string) {
  return db
    .selectFrom('payments as p')
    .select([
      'p.id',
      'p.payment_date',
      'p.reference',
      'p.amount',
      sql<number>`p.amount - ${allocatedOf('p')}`.as('unallocated'),
    ])
    .where('p.site_id', '=', siteId)
    .where('p.vendor', '=', vendor)
    .where('p.allocation_state', '<>', 'fully_allocated')
    .orderBy('p.payment_date')
    .orderBy('p.created')
    .orderBy('p.id')
    .execute();
}
