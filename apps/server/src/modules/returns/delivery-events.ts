import { LOCK_RANK, type TxSubscriber } from '../../platform/tx-events.js';
import { forgetOriginalInvoice } from './credit-notes-repo.js';

/** A deleted delivery is no longer the original invoice of a credit note (issue 40 item 6). */
export const returnSubscribers = [
  {
    name: 'returns.original_invoice',
    event: 'delivery.changed',
    rank: LOCK_RANK.creditNotes,
    mode: 'each',
    handle: async (trx, [event]) => {
      if (event!.deleted) {
        await forgetOriginalInvoice(trx, event!.siteId, { delivery: event!.delivery.id });
      }
    },
  } satisfies TxSubscriber<'delivery.changed'>,
] as const;
