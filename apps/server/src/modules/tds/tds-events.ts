import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  LOCK_RANK,
  type CreditChanged,
  type CreditPlace,
  type DeducteeChanged,
  type DeliveryChanged,
  type TxSubscriber,
} from '../../platform/tx-events.js';
import { noteOtherSite } from '../../db/write-tracking.js';
import { recomputeDeductee, type CreditRef } from './tds-recompute.js';
import { clearTds, deductorSites, type CreditTable } from './tds-repo.js';

/**
 * A credit of one site moves its deductor's TDS of a month, which the TAN's other sites read
 * ("TDS to deposit" is what the TAN's challans leave of it): they hear of the write.
 */
async function tellDeductor(trx: Transaction<Database>, siteId: string, table: CreditTable) {
  for (const site of await deductorSites(trx, siteId)) {
    if (site !== siteId) noteOtherSite(site, table);
  }
}

/** A credit outside TDS (its section null) carries none, whatever it carried before. */
async function clearIfOutside(trx: Transaction<Database>, ref: CreditRef, now: string) {
  const row = await trx
    .selectFrom(ref.table as CreditTable)
    .select(['tds_section', 'tds_amount', 'tds_rate'])
    .where('id', '=', ref.id)
    .executeTakeFirst();
  if (!row || row.tds_section !== null) return;
  if (Number(row.tds_amount) !== 0 || row.tds_rate !== null)
    await clearTds(trx, ref.table, ref.id, now);
}

async function recomputePlaces(
  trx: Transaction<Database>,
  siteId: string,
  places: readonly CreditPlace[],
  subject: CreditRef | undefined,
  now: string,
): Promise<number | undefined> {
  if (subject) await clearIfOutside(trx, subject, now);
  let own: number | undefined;
  for (const place of places) {
    const changed = await recomputeDeductee(trx, {
      siteId,
      vendor: place.vendor,
      date: place.date,
      ...(subject ? { subject } : {}),
      now,
    });
    const mine = subject ? changed.get(`${subject.table}:${subject.id}`) : undefined;
    if (mine) own = mine.tds_amount;
  }
  return own;
}

async function onDelivery(trx: Transaction<Database>, event: DeliveryChanged): Promise<void> {
  // Outside TDS before and after (most bills): nothing of any deductee moves.
  if (!event.inTds) return;
  const subject = event.deleted
    ? undefined
    : { table: 'deliveries' as const, id: event.delivery.id };
  await recomputePlaces(trx, event.siteId, event.places, subject, event.now);
  await tellDeductor(trx, event.siteId, 'deliveries');
  if (!subject) return;
  // What the below-paid rule and the reply read: the delivery's TDS as it now stands.
  const row = await trx
    .selectFrom('deliveries')
    .select('tds_amount')
    .where('id', '=', subject.id)
    .executeTakeFirst();
  event.delivery.tds_amount = Number(row?.tds_amount ?? 0);
}

async function onCredit(trx: Transaction<Database>, event: CreditChanged): Promise<void> {
  if (!event.inTds) return;
  const subject = event.deleted ? undefined : { table: event.table, id: event.id };
  await recomputePlaces(trx, event.siteId, event.places, subject, event.now);
  await tellDeductor(trx, event.siteId, event.table);
}

async function onDeductee(trx: Transaction<Database>, event: DeducteeChanged): Promise<void> {
  const places = event.dates.map((date) => ({ vendor: event.vendor, date }));
  await recomputePlaces(trx, event.siteId, places, undefined, event.now);
}

export const tdsSubscribers = [
  {
    name: 'tds.deductee',
    event: 'deductee.changed',
    rank: LOCK_RANK.tds,
    mode: 'each',
    handle: (trx, [event]) => onDeductee(trx, event!),
  } satisfies TxSubscriber<'deductee.changed'>,
  {
    name: 'tds.delivery',
    event: 'delivery.changed',
    rank: LOCK_RANK.tds,
    mode: 'each',
    handle: (trx, [event]) => onDelivery(trx, event!),
  } satisfies TxSubscriber<'delivery.changed'>,
  {
    name: 'tds.credit',
    event: 'credit.changed',
    rank: LOCK_RANK.tds,
    mode: 'each',
    handle: (trx, [event]) => onCredit(trx, event!),
  } satisfies TxSubscriber<'credit.changed'>,
] as const;
