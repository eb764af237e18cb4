/**
 * A holder's cash in hand as his phone knows it (issue 46): the server's balance (level −
 * approved − pending since the last replenishment; negative is owed to him) less what he spent
 * on this phone that is still waiting for signal. All paise.
 */
import { formatInr, toPaise, type Imprest, type Paise } from '@siteledger/domain';
import type { QueueEntry } from '../../lib/offline-queue';
import { readBody } from '../../lib/offline-queue';

export interface ImprestFigures {
  imprest: Imprest;
  /** Cash in hand after the queued expenses; negative: owed to the holder. */
  cash: Paise;
  approved: Paise;
  pending: Paise;
  /** This phone's expenses on the imprest not yet sent. */
  queued: Paise;
  queuedCount: number;
}

/**
 * The queued expenses on `imprestId`: those waiting or being sent (a refused one went nowhere
 * until it is fixed, and a fixed one is counted again).
 */
export function queuedSpend(
  entries: readonly QueueEntry[],
  imprestId: string,
): { amount: Paise; count: number } {
  let amount = 0;
  let count = 0;
  for (const entry of entries) {
    if (entry.collection !== 'petty_expenses' || entry.status === 'failed') continue;
    const body = readBody(entry.body);
    if (body.text('imprest') !== imprestId) continue;
    amount += toPaise(body.num('amount') ?? 0);
    count += 1;
  }
  return { amount, count };
}

export function imprestFigures(imprest: Imprest, entries: readonly QueueEntry[]): ImprestFigures {
  const queued = queuedSpend(entries, imprest.id);
  return {
    imprest,
    cash: toPaise(imprest.balance) - queued.amount,
    approved: toPaise(imprest.approved_spend),
    pending: toPaise(imprest.pending_spend),
    queued: queued.amount,
    queuedCount: queued.count,
  };
}

/** "₹1,500.00", or below zero the money owed to the holder in `owedKey`'s words. */
export function cashInHandText(
  paise: Paise,
  t: (key: string, options?: Record<string, unknown>) => string,
  owedKey = 'petty.balance.owedToYou',
): string {
  return paise < 0 ? t(owedKey, { amount: formatInr(-paise) }) : formatInr(paise);
}
