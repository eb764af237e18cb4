import { rateToStored, type Tag } from '@siteledger/domain';
import type { Executor } from '../../db/executor.js';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { perUnitRupees, rupees } from '../../platform/record-shape.js';
import type { SiteScope } from '../../platform/scope.js';
import { businessToday } from '../../platform/business-time.js';
import { changeDefaultRate, withRateFields, type RateSubject } from './gst-rate-periods.js';
import { withTags } from './tags-service.js';

/**
 * What items and services share: both are tagged, both keep a GST rate that changes by date, and
 * both have a page of figures (history, lowest/highest rate, trend by date).
 */

type RatedRow = { id: string; gst_rate: number | null };

/** Shapes a page of item or service rows: tags (records when `expand=tags`) and rate fields. */
export function catalogRows<Row extends RatedRow, Out extends object>(
  subject: RateSubject,
  build: (row: Row, tagIds: string[], expanded: Tag[] | undefined) => Out,
) {
  return (ctx: AppContext, siteId: string, rows: Row[], expand: Set<string>) =>
    withRateFields(
      ctx.db.kysely,
      siteId,
      subject,
      rows,
      withTags(ctx, subject, siteId, rows, expand, build),
      businessToday(ctx.config.timezone),
    );
}

/** The columns items and services share, as a new record stores them. */
export function catalogColumns(input: {
  name: string;
  description?: string | null | undefined;
  unit: string;
  gst_rate?: number | null | undefined;
}) {
  return {
    name: input.name,
    description: input.description || null,
    unit: input.unit,
    gst_rate: input.gst_rate == null ? null : rateToStored(input.gst_rate),
  };
}

type SharedChanges = { name?: string; description?: string | null; unit?: string };

/** The shared columns a PATCH sends ('' description is none); the rate goes by patchedRate. */
export function catalogChanges(input: {
  name?: string | undefined;
  description?: string | null | undefined;
  unit?: string | undefined;
}): SharedChanges {
  const changes: SharedChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description || null;
  if (input.unit !== undefined) changes.unit = input.unit;
  return changes;
}

/** The `gst_rate` column after a PATCH's `gst_rate` / `gst_rate_effective_from` (see changeDefaultRate). */
export function patchedRate(
  db: Executor,
  { ctx, siteId, userId }: SiteScope,
  subject: RateSubject,
  existing: RatedRow,
  input: { gst_rate?: number | null | undefined; gst_rate_effective_from?: string | undefined },
): Promise<number | null> {
  return changeDefaultRate(
    db,
    { siteId, userId, subject, id: existing.id, column: existing.gst_rate },
    { rate: input.gst_rate, from: input.gst_rate_effective_from },
    businessToday(ctx.config.timezone),
  );
}

const HISTORY_LIMIT = 500;

type Load<T> = (db: Executor, siteId: string, id: string) => Promise<T>;

/**
 * Reads a record's figures for its page (404 when it is not on the site): the newest history
 * lines, lowest and highest rate in rupees, and the weighted average per unit by date.
 */
export async function catalogFigures<
  Row,
  Line,
  Range extends { lowest: number | null; highest: number | null },
  Point extends { date: string; value: number; milli: number },
>(
  { ctx, siteId }: Pick<SiteScope, 'ctx' | 'siteId'>,
  id: string,
  noun: string,
  load: {
    find: Load<Row | undefined>;
    history: (db: Executor, siteId: string, id: string, limit: number) => Promise<Line[]>;
    range: Load<Range>;
    trend: Load<Point[]>;
  },
) {
  const db = ctx.db.kysely;
  const record = await load.find(db, siteId, id);
  if (!record) throw notFound(noun);
  const [history, range, trend] = await Promise.all([
    load.history(db, siteId, id, HISTORY_LIMIT),
    load.range(db, siteId, id),
    load.trend(db, siteId, id),
  ]);
  return {
    record,
    history,
    range,
    extremes: rupees({ lowest: range.lowest ?? 0, highest: range.highest ?? 0 }),
    trend: trend.map((point) => ({
      date: point.date,
      perUnit: perUnitRupees(point.value, point.milli),
    })),
  };
}
