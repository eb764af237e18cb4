import { toPaise, type Delivery } from '@siteledger/domain';
import { api } from '../../lib/api-client';
import { recordsPath, type ListResult } from '../../lib/site-records';

/** How recent a delivery of the same vendor, date and amount must be to ask "Record another?". */
export const DUPLICATE_WINDOW_MINUTES = 15;

export interface RecentDuplicate {
  /** The earlier delivery's total, paise. */
  amount: number;
  /** Whole minutes since it was recorded (at least 1). */
  minutes: number;
}

type Recorded = Pick<Delivery, 'delivery_date' | 'total_amount' | 'created'>;

/** The newest of `recorded` with this date and total recorded within the window, if any. */
export function recentDuplicateOf(
  recorded: readonly Recorded[],
  wanted: { date: string; totalPaise: number },
  now: number,
): RecentDuplicate | null {
  for (const delivery of recorded) {
    const age = now - Date.parse(delivery.created);
    if (Number.isNaN(age) || age > DUPLICATE_WINDOW_MINUTES * 60_000) continue;
    if (delivery.delivery_date !== wanted.date) continue;
    if (toPaise(delivery.total_amount) !== wanted.totalPaise) continue;
    return { amount: wanted.totalPaise, minutes: Math.max(1, Math.round(age / 60_000)) };
  }
  return null;
}

/**
 * Asks the server for the vendor's deliveries of that date, newest recorded first: a reload or a
 * second phone may have recorded the same bill moments ago (issue 38). Offline, or when the
 * question fails, there is no answer and the save goes on (the offline queue's idempotency key
 * still keeps one queued save from landing twice).
 */
export async function findRecentDuplicate(
  siteId: string,
  wanted: { vendor: string; date: string; totalPaise: number },
): Promise<RecentDuplicate | null> {
  if (!siteId || !wanted.vendor || (typeof navigator !== 'undefined' && !navigator.onLine))
    return null;
  try {
    const recent = await api.get<ListResult<Recorded>>(recordsPath(siteId, 'deliveries'), {
      query: {
        vendor: wanted.vendor,
        from: wanted.date,
        to: wanted.date,
        sort: '-created',
        perPage: 20,
        skipTotal: 1,
      },
    });
    return recentDuplicateOf(recent.items, wanted, Date.now());
  } catch {
    return null;
  }
}
