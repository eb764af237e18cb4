/**
 * The day's muster as the phone keeps it, without React: the server's rows, the marks typed and
 * not yet saved (the draft, kept in localStorage), and the marks saved offline that wait in the
 * queue (pending). What a row shows is the draft's mark, else the pending one, else the server's;
 * what Save sends is every draft mark that differs from what the server has or will have.
 */
import {
  ATTENDANCE_FRACTIONS,
  type AttendanceCreate,
  type AttendanceEntry,
  type MusterRow,
} from '@siteledger/domain';

/** A worker's mark for the day: fraction null is "not marked yet". */
export interface Mark {
  fraction: number | null;
  ot_hours: number;
  /** A gang's people present; null for a person. */
  headcount: number | null;
}

/** A worker of another site added to today's muster by hand ("Add from another site"). */
export interface LentRow {
  worker: string;
  worker_site: string;
  name: string;
  trade: string;
  site_name: string;
}

export interface MusterDraft {
  marks: Record<string, Mark>;
  lent: LentRow[];
}

export type Marks = Readonly<Record<string, Mark>>;

export const EMPTY_DRAFT: MusterDraft = { marks: {}, lent: [] };
export const OT_STEP = 0.25;
export const MAX_OT = 12;

const UNMARKED: Mark = { fraction: null, ot_hours: 0, headcount: null };

/** The server's rows, then the lent workers added here that the server does not list yet. */
export function musterRows(rows: readonly MusterRow[], lent: readonly LentRow[]): MusterRow[] {
  const known = new Set(rows.map((row) => row.worker));
  const added = lent
    .filter((row) => !known.has(row.worker))
    .map((row): MusterRow => ({
      worker: row.worker,
      worker_site: row.worker_site,
      name: row.name,
      trade: row.trade,
      headcount: null,
      labour_contractor: null,
      fraction: null,
      ot_hours: 0,
      marked_headcount: null,
      previous: null,
      elsewhere: 0,
      locked: false,
    }));
  return [...rows, ...added];
}

export function serverMark(row: MusterRow): Mark {
  return { fraction: row.fraction, ot_hours: row.ot_hours, headcount: row.marked_headcount };
}

/** The mark the row shows: typed, else waiting to be sent, else the server's. */
export function shownMark(row: MusterRow, draft: MusterDraft, pending: Marks): Mark {
  return draft.marks[row.worker] ?? pending[row.worker] ?? serverMark(row);
}

/** What the server has or will have once the queue is sent: the base a typed mark is compared with. */
function savedMark(row: MusterRow, pending: Marks): Mark {
  return pending[row.worker] ?? serverMark(row);
}

/**
 * The most of a day this site may mark: one day per person over all sites (the server refuses
 * more with ATTENDANCE_OVER_ONE_DAY), in quarter days.
 */
export function maxFraction(row: MusterRow): number {
  return Math.max(0, Math.floor((1 - row.elsewhere) * 4 + 1e-9) / 4);
}

/** The fractions a row may take (the others would pass one day). */
export function allowedFractions(row: MusterRow): number[] {
  const max = maxFraction(row);
  return ATTENDANCE_FRACTIONS.filter((fraction) => fraction <= max);
}

const isGang = (row: MusterRow) => row.headcount !== null;

/** A new mark for the row: a gang starts from its full headcount, a person has none. */
export function markOf(row: MusterRow, fraction: number, base: Mark = UNMARKED): Mark {
  return {
    fraction,
    ot_hours: fraction === 0 ? 0 : base.ot_hours,
    headcount: isGang(row) ? (base.headcount ?? row.headcount) : null,
  };
}

export function setMark(draft: MusterDraft, worker: string, mark: Mark): MusterDraft {
  return { ...draft, marks: { ...draft.marks, [worker]: mark } };
}

/** The rows the quick buttons fill: not locked, and not marked yet (a mark made today stays). */
function fillable(rows: readonly MusterRow[], draft: MusterDraft, pending: Marks) {
  return rows.filter((row) => !row.locked && shownMark(row, draft, pending).fraction === null);
}

/** "Same as yesterday": each unmarked row takes its last mark of the week (within today's limit). */
export function sameAsYesterday(
  rows: readonly MusterRow[],
  draft: MusterDraft,
  pending: Marks,
): MusterDraft {
  let next = draft;
  for (const row of fillable(rows, draft, pending)) {
    if (!row.previous) continue;
    const fraction = Math.min(row.previous.fraction, maxFraction(row));
    next = setMark(next, row.worker, {
      fraction,
      ot_hours: fraction === 0 ? 0 : row.previous.ot_hours,
      headcount: isGang(row) ? (row.previous.headcount ?? row.headcount) : null,
    });
  }
  return next;
}

/** "All present": every unmarked row a full day (or what is left of it after other sites). */
export function allPresent(
  rows: readonly MusterRow[],
  draft: MusterDraft,
  pending: Marks,
): MusterDraft {
  let next = draft;
  for (const row of fillable(rows, draft, pending)) {
    next = setMark(next, row.worker, markOf(row, maxFraction(row)));
  }
  return next;
}

/** How many people (a gang by its headcount) a mark counts as present, and its man-days. */
function counted(row: MusterRow, mark: Mark): { present: number; manDays: number } {
  if (mark.fraction === null || mark.fraction === 0) return { present: 0, manDays: 0 };
  const people = isGang(row) ? (mark.headcount ?? row.headcount ?? 1) : 1;
  return { present: people, manDays: mark.fraction * people };
}

export interface MusterTotals {
  marked: number;
  present: number;
  man_days: number;
}

/** The running totals of what the screen shows (the server's own totals once saved). */
export function musterTotals(
  rows: readonly MusterRow[],
  draft: MusterDraft,
  pending: Marks,
): MusterTotals {
  const totals = { marked: 0, present: 0, man_days: 0 };
  for (const row of rows) {
    const mark = shownMark(row, draft, pending);
    if (mark.fraction === null) continue;
    const { present, manDays } = counted(row, mark);
    totals.marked += 1;
    totals.present += present;
    totals.man_days += manDays;
  }
  // Quarters of a day times whole people: three decimals are exact.
  totals.man_days = Math.round(totals.man_days * 1000) / 1000;
  return totals;
}

const sameMark = (a: Mark, b: Mark) =>
  a.fraction === b.fraction && a.ot_hours === b.ot_hours && a.headcount === b.headcount;

/** The entry a mark is sent as (gangs with their headcount, overtime only when there is some). */
export function entryOf(row: MusterRow, mark: Mark & { fraction: number }): AttendanceEntry {
  return {
    worker: row.worker,
    fraction: mark.fraction,
    ...(mark.ot_hours > 0 ? { ot_hours: mark.ot_hours } : {}),
    ...(isGang(row) ? { headcount: mark.headcount ?? row.headcount ?? 0 } : {}),
  };
}

/** The typed marks that change something: what Save sends (none for locked rows). */
export function changedEntries(
  rows: readonly MusterRow[],
  draft: MusterDraft,
  pending: Marks,
): AttendanceEntry[] {
  const entries: AttendanceEntry[] = [];
  for (const row of rows) {
    const mark = draft.marks[row.worker];
    if (!mark || mark.fraction === null || row.locked) continue;
    if (sameMark(mark, savedMark(row, pending))) continue;
    entries.push(entryOf(row, { ...mark, fraction: mark.fraction }));
  }
  return entries;
}

/** The POST body of the day, or null when nothing changed. */
export function attendanceBody(
  date: string,
  rows: readonly MusterRow[],
  draft: MusterDraft,
  pending: Marks,
): AttendanceCreate | null {
  const entries = changedEntries(rows, draft, pending);
  return entries.length > 0 ? { date, entries } : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The marks of the date that wait in the offline queue, oldest first so a later save wins (the
 * server replaces a worker's entry the same way when the queue is sent).
 */
export function pendingMarks(bodies: readonly unknown[], date: string): Record<string, Mark> {
  const marks: Record<string, Mark> = {};
  for (const body of bodies) {
    if (!isRecord(body) || body.date !== date || !Array.isArray(body.entries)) continue;
    for (const entry of body.entries) {
      if (!isRecord(entry) || typeof entry.worker !== 'string') continue;
      if (typeof entry.fraction !== 'number') continue;
      marks[entry.worker] = {
        fraction: entry.fraction,
        ot_hours: typeof entry.ot_hours === 'number' ? entry.ot_hours : 0,
        headcount: typeof entry.headcount === 'number' ? entry.headcount : null,
      };
    }
  }
  return marks;
}

/** Overtime one quarter hour up or down, within 0–12 hours. */
export function stepOt(hours: number, direction: 1 | -1): number {
  return Math.min(MAX_OT, Math.max(0, hours + direction * OT_STEP));
}

/** A stored draft read leniently: a damaged one must not break the screen. */
export function parseDraft(values: unknown): MusterDraft {
  if (!isRecord(values)) return EMPTY_DRAFT;
  const marks: Record<string, Mark> = {};
  if (isRecord(values.marks)) {
    for (const [worker, mark] of Object.entries(values.marks)) {
      if (!isRecord(mark)) continue;
      const fraction = typeof mark.fraction === 'number' ? mark.fraction : null;
      marks[worker] = {
        fraction,
        ot_hours: typeof mark.ot_hours === 'number' ? mark.ot_hours : 0,
        headcount: typeof mark.headcount === 'number' ? mark.headcount : null,
      };
    }
  }
  const lent = Array.isArray(values.lent)
    ? values.lent.filter(
        (row): row is LentRow =>
          isRecord(row) &&
          typeof row.worker === 'string' &&
          typeof row.worker_site === 'string' &&
          typeof row.name === 'string' &&
          typeof row.trade === 'string' &&
          typeof row.site_name === 'string',
      )
    : [];
  return { marks, lent };
}

/** The draft is worth keeping while it holds a mark or an added worker. */
export const isEmptyDraft = (draft: MusterDraft) =>
  Object.keys(draft.marks).length === 0 && draft.lent.length === 0;
