import {
  LOCK_RANK,
  type DeliveryChanged,
  type ReturnChanged,
  type TxSubscriber,
} from '../../platform/tx-events.js';
import { syncDeliveryStock, syncReturnStock } from './ledger.js';

/*
 * Deliveries and counted returns are mirrored into the stock ledger by re-deriving the movements
 * of the records a write changed, last in the write (items are the last rows locked).
 */
export const stockSubscribers = [
  {
    name: 'stock.deliveries',
    event: 'delivery.changed',
    rank: LOCK_RANK.items,
    mode: 'each',
    handle: (trx, [event]: readonly DeliveryChanged[]) =>
      syncDeliveryStock(trx, event!.siteId, [event!.delivery.id], event!.created === true),
  } satisfies TxSubscriber<'delivery.changed'>,
  {
    name: 'stock.returns',
    event: 'return.changed',
    rank: LOCK_RANK.items,
    mode: 'each',
    handle: (trx, [event]: readonly ReturnChanged[]) =>
      syncReturnStock(trx, event!.siteId, [event!.returnId]),
  } satisfies TxSubscriber<'return.changed'>,
] as const;
