import type { Executor } from '../../db/executor.js';
import { siteRefs, uniqueIds } from '../../db/site-rows.js';

/** Summaries inlined under `expand.<field>`: one query per relation for a whole page. */
export const deliveryRefs = siteRefs('deliveries', [
  'id',
  'vendor',
  'delivery_date',
  'delivery_reference',
]);

export async function bookingRefs(db: Executor, siteId: string, ids: readonly (string | null)[]) {
  const list = uniqueIds(ids);
  if (list.length === 0) return [];
  return db
    .selectFrom('service_bookings as b')
    .innerJoin('services as s', 's.id', 'b.service')
    .select(['b.id', 'b.vendor', 'b.start_date', 'b.service', 's.name as service_name'])
    .where('b.site_id', '=', siteId)
    .where('b.id', 'in', list)
    .execute();
}

export const creditNoteRefs = siteRefs('vendor_credit_notes', [
  'id',
  'reference',
  'issue_date',
  'expiry_date',
  'credit_amount',
  'balance',
  'status',
]);

export const paymentRefs = siteRefs('payments', [
  'id',
  'vendor',
  'amount',
  'payment_date',
  'reference',
]);
