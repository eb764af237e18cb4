/**
 * An item's or a service's default GST rate on a date (issue 40 item 9): the period of its
 * `gst_rate_history` in force then, the domain's `rateOnDate`. A record read before the history
 * existed (an old cached page) has its one `gst_rate`.
 */
import { RATE_FROM_THE_START, rateOnDate, type GstRatePeriod } from '@siteledger/domain';

export function defaultRateOn(
  record: { gst_rate: number | null; gst_rate_history?: GstRatePeriod[] | undefined } | undefined,
  date: string | undefined,
): number | null {
  if (!record) return null;
  const history = record.gst_rate_history ?? [];
  if (!date || history.length < 2) return record.gst_rate;
  const rate = rateOnDate(
    history.map((p) => ({
      gst_rate: p.gst_rate,
      effective_from: p.effective_from ?? RATE_FROM_THE_START,
    })),
    date,
  );
  return rate === undefined ? record.gst_rate : rate;
}
