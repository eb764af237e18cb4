import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { forUpdate } from '../../db/locking.js';
import { allocatedOf } from '../payments/payments-repo.js';

/** The payments set aside for each order, with what of each is not yet allocated (paise). */
export function advancesOf(db: Executor, siteId: string, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('purchase_order_advances as a')
    .innerJoin('payments as p', 'p.id', 'a.payment')
    .select([
      'a.purchase_order',
      'p.id as payment',
      'p.payment_date',
      'p.reference',
      'p.amount',
      sql<number>`p.amount - ${allocatedOf('p')}`.as('unapplied'),
    ])
    .where('a.site_id', '=', siteId)
    .where('a.purchase_order', 'in', [...new Set(orderIds)])
    .orderBy('p.payment_date')
    .orderBy('p.id')
    .execute();
}

/**
 * The payment, if it is the site's, with its vendor and the order it is set aside for; its row is
 * locked first (after the order: the fixed lock order), so a set-aside racing another set-aside
 * of the same payment, or the payment's deletion, waits for it and then reads what it left.
 */
export async function lockPaymentForAdvance(db: Executor, siteId: string, id: string) {
  await forUpdate(
    db,
    db.selectFrom('payments').select('id').where('site_id', '=', siteId).where('id', '=', id),
  ).execute();
  return db
    .selectFrom('payments as p')
    .leftJoin('purchase_order_advances as a', 'a.payment', 'p.id')
    .select(['p.id', 'p.vendor', 'a.purchase_order'])
    .where('p.site_id', '=', siteId)
    .where('p.id', '=', id)
    .executeTakeFirst();
}

/**
 * The payments set aside for these orders that still hold an unallocated remainder, locked in id
 * order (after the delivery and the orders: the fixed lock order), oldest payment first.
 */
export async function lockOpenAdvances(db: Executor, siteId: string, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  const ids = await db
    .selectFrom('purchase_order_advances')
    .select('payment')
    .where('site_id', '=', siteId)
    .where('purchase_order', 'in', [...new Set(orderIds)])
    .execute();
  if (ids.length === 0) return [];
  await forUpdate(
    db,
    db
      .selectFrom('payments')
      .select('id')
      .where(
        'id',
        'in',
        ids.map((r) => r.payment),
      )
      .orderBy('id'),
  ).execute();
  const rows = await db
    .selectFrom('payments as p')
    .select(['p.id', 'p.amount', 'p.payment_date', allocatedOf('p').as('allocated')])
    .where(
      'p.id',
      'in',
      ids.map((r) => r.payment),
    )
    .orderBy('p.payment_date')
    .orderBy('p.id')
    .execute();
  return rows
    .map((r) => ({ id: r.id, amount: Number(r.amount), allocated: Number(r.allocated) }))
    .filter((r) => r.amount > r.allocated);
}
