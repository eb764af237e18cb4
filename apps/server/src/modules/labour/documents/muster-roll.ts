/**
 * The month's muster roll as figures (Form XVI of the Contract Labour Central Rules): one row per
 * worker marked on the site that month, a cell per day, totals per row and per day. Pure: the PDF
 * and the Excel file draw the same figures.
 */
import { byName, monthRange } from './labour-format.js';

/** One attendance entry on the site, as the repository reads it (thousandths). */
export interface MusterEntry {
  worker: string;
  name: string;
  trade: string;
  /** The worker is a gang marked by headcount (workers.headcount set). */
  gang: boolean;
  /** YYYY-MM-DD inside the month. */
  date: string;
  /** 0, 250, 500, 750 or 1000. */
  fraction: number;
  /** Overtime hours, thousandths. */
  ot_hours: number;
  /** A gang's people that day; null for a person. */
  headcount: number | null;
}

export interface MusterCell {
  /** Thousandths of a day, as marked. */
  fraction: number;
  /** Overtime hours as marked (a gang: each of its people). */
  otMilli: number;
  /** The people it counts as present: a gang's headcount, 1 for a person, 0 when absent. */
  people: number;
  /** fraction × people (a person: the fraction), thousandths. */
  manDaysMilli: number;
}

export interface MusterRollRow {
  serial: number;
  worker: string;
  name: string;
  trade: string;
  gang: boolean;
  /** Index day − 1; null: not marked that day. */
  cells: (MusterCell | null)[];
  manDaysMilli: number;
  /** Σ overtime × people: the hours the wage sheet pays. */
  otMilli: number;
}

export interface MusterRoll {
  month: string;
  /** Days in the month (28–31). */
  days: number;
  /** Weekday of each day, 0 = Sunday (a site's weekly rest shows in the grid). */
  weekdays: number[];
  rows: MusterRollRow[];
  /** People present each day (gangs by headcount). */
  present: number[];
  manDaysMilli: number;
  otMilli: number;
}

function cellOf(entry: MusterEntry): MusterCell {
  // A gang's entry carries how many came; a person is one.
  const headcount = entry.gang ? (entry.headcount ?? 0) : 1;
  const people = entry.fraction > 0 ? headcount : 0;
  return {
    fraction: entry.fraction,
    otMilli: entry.ot_hours,
    people,
    manDaysMilli: entry.fraction * headcount,
  };
}

/** The roll of `month` (YYYY-MM) from its entries; rows by name, then by worker. */
export function buildMusterRoll(month: string, entries: readonly MusterEntry[]): MusterRoll {
  const { days } = monthRange(month);
  const weekdays = Array.from({ length: days }, (_, i) =>
    new Date(`${month}-${String(i + 1).padStart(2, '0')}T00:00:00Z`).getUTCDay(),
  );
  const byWorker = new Map<string, MusterRollRow>();
  for (const entry of entries) {
    const day = Number(entry.date.slice(8, 10));
    if (!entry.date.startsWith(month) || day < 1 || day > days) continue;
    let row = byWorker.get(entry.worker);
    if (!row) {
      row = {
        serial: 0,
        worker: entry.worker,
        name: entry.name,
        trade: entry.trade,
        gang: entry.gang,
        cells: Array.from({ length: days }, () => null),
        manDaysMilli: 0,
        otMilli: 0,
      };
      byWorker.set(entry.worker, row);
    }
    const cell = cellOf(entry);
    row.cells[day - 1] = cell;
    row.manDaysMilli += cell.manDaysMilli;
    row.otMilli += cell.otMilli * (entry.gang ? (entry.headcount ?? 0) : 1);
  }
  const rows = [...byWorker.values()].sort(byName);
  rows.forEach((row, i) => (row.serial = i + 1));
  const present = weekdays.map((_, day) =>
    rows.reduce((total, row) => total + (row.cells[day]?.people ?? 0), 0),
  );
  return {
    month,
    days,
    weekdays,
    rows,
    present,
    manDaysMilli: rows.reduce((total, row) => total + row.manDaysMilli, 0),
    otMilli: rows.reduce((total, row) => total + row.otMilli, 0),
  };
}

const PART_DAY: Record<number, string> = { 750: '¾', 500: '½', 250: '¼' };

/**
 * The mark of a day as a muster roll writes it: P full day, ¾ ½ ¼ part of one, A absent (marked
 * 0). A gang's cell is its man-days that day (12 people on a half day: 6), since one letter
 * cannot say how many came.
 */
export function markText(cell: MusterCell, gang: boolean): string {
  if (gang && cell.fraction > 0) return String(cell.manDaysMilli / 1000);
  if (cell.fraction >= 1000) return 'P';
  if (cell.fraction <= 0) return 'A';
  return PART_DAY[cell.fraction] ?? String(cell.fraction / 1000);
}

/** Overtime in a cell: "2", "1.5"; nothing without overtime. */
export const otMark = (cell: MusterCell) => (cell.otMilli > 0 ? String(cell.otMilli / 1000) : '');
