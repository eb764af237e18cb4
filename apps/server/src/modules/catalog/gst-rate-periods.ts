import { siteCondition } from '../../db/site-scope.js';
import {
  latestRate,
  RATE_FROM_THE_START,
  rateFromStored,
  rateOnDate,
  rateToStored,
  withRatePeriod,
  type GstRatePeriod,
  type RatePeriod,
} from '@siteledger/domain';
import type { Executor } from '../../db/executor.js';
import { newId, nowIso } from '../../db/ids.js';
import { AppError } from '../../platform/errors.js';

/**
 * Rates that change by date (issue 40 item 9, API.md "Issue 40: rates that change by date").
 * An item's or a service's periods live in `gst_rate_periods`; one without periods has its
 * `gst_rate` column for every date. With periods, the column holds the newest period's rate (what
 * dateless defaults — purchase orders, material requests, transfers — start from) and reads show
 * the rate in force today.
 */
export type RateSubject = 'item' | 'service';
type Stored = number | null;
type Periods = RatePeriod<Stored>[];

/** The periods of some items or services, oldest first, by id (ids without periods are absent). */
export async function loadRatePeriods(
  db: Executor,
  siteId: string,
  subject: RateSubject,
  ids: readonly string[],
): Promise<Map<string, Periods>> {
  const out = new Map<string, Periods>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('gst_rate_periods')
    .select(['item', 'service', 'gst_rate', 'effective_from'])
    .where(siteCondition('gst_rate_periods', 'gst_rate_periods.site_id', siteId))
    .where(subject, 'in', [...new Set(ids)])
    .orderBy('effective_from')
    .execute();
  for (const row of rows) {
    const id = (subject === 'item' ? row.item : row.service)!;
    const list = out.get(id) ?? [];
    list.push({
      gst_rate: row.gst_rate === null ? null : Number(row.gst_rate),
      effective_from: row.effective_from,
    });
    out.set(id, list);
  }
  return out;
}

/** Default rates on `date` (stored hundredths): each id's period in force, else its column. */
export async function ratesOnDate(
  db: Executor,
  siteId: string,
  subject: RateSubject,
  columns: Map<string, Stored>,
  date: string,
): Promise<Map<string, Stored>> {
  const periods = await loadRatePeriods(db, siteId, subject, [...columns.keys()]);
  if (periods.size === 0) return columns;
  const out = new Map(columns);
  for (const [id, list] of periods) {
    const rate = rateOnDate(list, date);
    if (rate !== undefined) out.set(id, rate);
  }
  return out;
}

/** What a read shows: the rate in force `today` and the history (percent; null: from the start). */
export function rateFields(
  periods: Periods | undefined,
  column: Stored,
  today: string,
): { gst_rate: number | null; gst_rate_history: GstRatePeriod[] } {
  const percent = (r: Stored) => (r === null ? null : rateFromStored(r));
  if (!periods || periods.length === 0) {
    return {
      gst_rate: percent(column),
      gst_rate_history: [{ gst_rate: percent(column), effective_from: null }],
    };
  }
  const current = rateOnDate(periods, today);
  return {
    gst_rate: percent(current === undefined ? column : current),
    gst_rate_history: periods.map((p) => ({
      gst_rate: percent(p.gst_rate),
      effective_from: p.effective_from === RATE_FROM_THE_START ? null : p.effective_from,
    })),
  };
}

async function writePeriods(
  db: Executor,
  siteId: string,
  subject: RateSubject,
  id: string,
  periods: Periods,
  userId: string,
): Promise<void> {
  await db
    .deleteFrom('gst_rate_periods')
    .where(siteCondition('gst_rate_periods', 'gst_rate_periods.site_id', siteId))
    .where(subject, '=', id)
    .execute();
  const now = nowIso();
  await db
    .insertInto('gst_rate_periods')
    .values(
      periods.map((p) => ({
        id: newId(),
        site_id: siteId,
        item: subject === 'item' ? id : null,
        service: subject === 'service' ? id : null,
        gst_rate: p.gst_rate,
        effective_from: p.effective_from,
        created_by: userId,
        created: now,
      })),
    )
    .execute();
}

/**
 * A PATCH's `gst_rate` / `gst_rate_effective_from` (percent, or null: no GST). With a date, the
 * rate becomes a period from that date (the first one also keeps the old rate as the period from
 * the beginning; a period of the same date is replaced). Without one, the rate in force today is
 * corrected (no history: the one rate, as before). Returns what the `gst_rate` column keeps.
 */
export async function changeDefaultRate(
  db: Executor,
  target: { siteId: string; userId: string; subject: RateSubject; id: string; column: Stored },
  sent: { rate: number | null | undefined; from: string | undefined },
  today: string,
): Promise<Stored> {
  const { siteId, userId, subject, id, column } = target;
  if (sent.from !== undefined && sent.rate === undefined) {
    throw new AppError('VALIDATION_FAILED', {
      gst_rate_effective_from: { code: 'custom', message: 'Send the new GST rate with its date' },
    });
  }
  if (sent.rate === undefined) return column;
  const rate = sent.rate === null ? null : rateToStored(sent.rate);
  const periods = (await loadRatePeriods(db, siteId, subject, [id])).get(id) ?? [];
  if (sent.from === undefined && periods.length === 0) return rate;
  let next: Periods;
  if (sent.from !== undefined) {
    next = withRatePeriod(periods, column, rate, sent.from);
  } else {
    const inForce = periods.filter((p) => p.effective_from <= today).at(-1) ?? periods[0]!;
    if (inForce.gst_rate === rate) return column;
    next = periods.map((p) => (p === inForce ? { ...p, gst_rate: rate } : p));
  }
  await writePeriods(db, siteId, subject, id, next, userId);
  return latestRate(next) ?? rate;
}

/**
 * Shaped items or services with their rate fields: the rate in force on `today` and the history,
 * read for all of `rows` at once (`shaped[i]` is `rows[i]` as the API shows it).
 */
export async function withRateFields<T extends object>(
  db: Executor,
  siteId: string,
  subject: RateSubject,
  rows: readonly { id: string; gst_rate: Stored }[],
  shaped: Promise<T[]>,
  today: string,
): Promise<(T & ReturnType<typeof rateFields>)[]> {
  const [records, periods] = await Promise.all([
    shaped,
    loadRatePeriods(
      db,
      siteId,
      subject,
      rows.map((r) => r.id),
    ),
  ]);
  return records.map((record, i) => ({
    ...record,
    ...rateFields(periods.get(rows[i]!.id), rows[i]!.gst_rate, today),
  }));
}
