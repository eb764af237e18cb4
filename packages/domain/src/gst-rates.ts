import { z } from 'zod';
import { zPlannedDate } from './schemas/common.js';

/**
 * Rates that change by date (issue 40 item 9). GST 2.0 moved cement from 28 % to 18 % on
 * 2025-09-22: an item's (or a service's) default rate is a list of periods, each in force from its
 * `effective_from` until the next period's date. The rate an item had before its first dated
 * change is kept as the period "from the beginning" (RATE_FROM_THE_START; null in the API).
 */
export const RATE_FROM_THE_START = '0001-01-01';

/** A rate from a date; `R` is the stored hundredths or the API's percent (null: no GST). */
export interface RatePeriod<R> {
  gst_rate: R;
  effective_from: string;
}

/**
 * The rate in force on `date` (YYYY-MM-DD): the period with the latest `effective_from` on or
 * before it. `undefined` when there are no periods or `date` is before all of them (the caller
 * then keeps its undated rate).
 */
export function rateOnDate<R>(periods: readonly RatePeriod<R>[], date: string): R | undefined {
  let found: RatePeriod<R> | undefined;
  for (const p of periods) {
    if (p.effective_from <= date && (!found || p.effective_from > found.effective_from)) found = p;
  }
  return found?.gst_rate;
}

/**
 * The periods after a new rate from `from`: the first dated change also keeps the rate the
 * record had (`undated`) as the period from the beginning; a period already starting on `from`
 * is replaced. Sorted by date.
 */
export function withRatePeriod<R>(
  periods: readonly RatePeriod<R>[],
  undated: R,
  rate: R,
  from: string,
): RatePeriod<R>[] {
  const base: RatePeriod<R>[] =
    periods.length > 0
      ? [...periods]
      : [{ gst_rate: undated, effective_from: RATE_FROM_THE_START }];
  return [
    ...base.filter((p) => p.effective_from !== from),
    { gst_rate: rate, effective_from: from },
  ].sort((a, b) => a.effective_from.localeCompare(b.effective_from));
}

/** The rate the periods end on (the newest period's): what dateless defaults start from. */
export function latestRate<R>(periods: readonly RatePeriod<R>[]): R | undefined {
  return periods.reduce<RatePeriod<R> | undefined>(
    (last, p) => (!last || p.effective_from > last.effective_from ? p : last),
    undefined,
  )?.gst_rate;
}

/** One period in the API: percent (or null) and its first day (null: from the beginning). */
export const zGstRatePeriod = z.object({
  gst_rate: z.number().nullable(),
  effective_from: z.string().nullable(),
});
export type GstRatePeriod = z.infer<typeof zGstRatePeriod>;

/** `gst_rate_effective_from` on an item or service PATCH: 2000-01-01 to 2099-12-31. */
export const zRateEffectiveFrom = zPlannedDate;
