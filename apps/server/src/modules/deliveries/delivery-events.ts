import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { publish, type DeliveryChanged } from '../../platform/tx-events.js';

/**
 * The one event every delivery write publishes for each delivery it changed, after writing the
 * delivery's own rows; `settleTxEvents` then runs PO receipts, below-paid settlement, advances and
 * stock (platform/tx-events.ts `LOCK_RANK`). Answers the event, whose `delivery.paid_amount` and
 * `released` say what the subscribers paid and released.
 */
export function publishDeliveryChanged(
  trx: Transaction<Database>,
  who: { siteId: string; userId: string },
  row: {
    id: string;
    total_amount: number;
    paid_amount: number;
    tds_amount: number;
    tds_section: string | null;
    vendor: string;
    delivery_date: string;
  },
  now: string,
  what: Partial<
    Pick<
      DeliveryChanged,
      'deleted' | 'created' | 'orderLines' | 'receivedLines' | 'release' | 'itemsBefore'
    >
  > & { before?: { vendor: string; delivery_date: string; tds_section: string | null } },
): DeliveryChanged {
  const places = [{ vendor: row.vendor, date: row.delivery_date }];
  const before = what.before;
  if (before && (before.vendor !== row.vendor || before.delivery_date !== row.delivery_date)) {
    places.push({ vendor: before.vendor, date: before.delivery_date });
  }
  const event: DeliveryChanged = {
    siteId: who.siteId,
    userId: who.userId,
    now,
    delivery: {
      id: row.id,
      total_amount: row.total_amount,
      paid_amount: row.paid_amount,
      tds_amount: row.tds_amount,
    },
    places,
    inTds: row.tds_section !== null || (before?.tds_section ?? null) !== null,
    deleted: what.deleted ?? false,
    created: what.created ?? false,
    orderLines: what.orderLines ?? [],
    itemsBefore: what.itemsBefore ?? [],
    receivedLines: what.receivedLines ?? [],
    release: what.release ?? false,
    released: [],
  };
  publish(trx, 'delivery.changed', event);
  return event;
}
