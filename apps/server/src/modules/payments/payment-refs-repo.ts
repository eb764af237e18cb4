import type { Executor } from '../../db/executor.js';

/** Summaries inlined under `expand.<field>`: one query per relation for a whole page. */
const unique = (ids: readonly (string | null)[]) => [
  ...new Set(ids.filter((id): id is string => !!id)),
];

export async function deliveryRefs(db: Executor, siteId: string, ids: readonly (string | null)[]) {
  const list = unique(ids);
  if (list.length === 0) return [];
  return db
    .selectFrom('deliveries')
    .select(['id', 'vendor', 'delivery_date', 'delivery_reference'])
    .where('site_id', '=', siteId)
    .where('id', 'in', list)
    .execute();
}

export async function bookingRefs(db: Executor, siteId: string, ids: readonly (string | null)[]) {
  const list = unique(ids);
  if (list.length === 0) return [];
  return db
    .selectFrom('service_bookings as b')
    .innerJoin('services as s', 's.id', 'b.service')
    .select(['b.id', 'b.vendor', 'b.start_date', 'b.service', 's.name as service_name'])
    .where('b.site_id', '=', siteId)
    .where('b.id', 'in', list)
    .execute();
}

export async function creditNoteRefs(
  db: Executor,
  siteId: string,
  ids: readonly (string | null)[],
) {
  const list = unique(ids);
  if (list.length === 0) return [];
  return db
    .selectFrom('vendor_credit_notes')
    .select(['id', 'reference', 'issue_date', 'expiry_date', 'credit_amount', 'balance', 'status'])
    .where('site_id', '=', siteId)
    .where('id', 'in', list)
    .execute();
}

export async function paymentRefs(db: Executor, siteId: string, ids: readonly (string | null)[]) {
  const list = unique(ids);
  if (list.length === 0) return [];
  return db
    .selectFrom('payments')
    .select(['id', 'vendor', 'amount', 'payment_date', 'reference'])
    .where('site_id', '=', siteId)
    .where('id', 'in', list)
    .execute();
}
