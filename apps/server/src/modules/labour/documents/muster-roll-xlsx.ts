import type { Readable } from 'node:stream';
import { xlsxStream, type XlsxColumn, type XlsxRow } from '../../../documents/xlsx-writer.js';
import { dateText } from '../../../documents/pdf-format.js';
import { monthTitle } from './labour-format.js';
import type { MusterRollSource } from './muster-roll-pdf.js';
import type { MusterCell, MusterRollRow } from './muster-roll.js';

type DayKey = `d${number}`;
type Key = 'serial' | 'name' | 'trade' | DayKey | 'man_days' | 'ot';

const dayKey = (day: number): DayKey => `d${day}`;

function columns(days: number): XlsxColumn<Key>[] {
  return [
    { key: 'serial', header: '#', kind: 'quantity', decimals: 0, width: 5 },
    { key: 'name', header: 'Name', kind: 'text', width: 26 },
    { key: 'trade', header: 'Trade', kind: 'text', width: 14 },
    ...Array.from({ length: days }, (_, i): XlsxColumn<Key> => ({
      key: dayKey(i + 1),
      header: String(i + 1),
      // A mark is P, A or a fraction (0.75): numbers where a sheet can sum them.
      kind: 'quantity',
      decimals: 2,
      width: 5.5,
    })),
    { key: 'man_days', header: 'Man-days', kind: 'quantity', decimals: 3, total: true },
    { key: 'ot', header: 'OT hours', kind: 'quantity', decimals: 2, total: true },
  ];
}

/**
 * The day's mark in a cell: "P" and "A" as written, a part day as its fraction (0.75), a gang
 * as its man-days that day.
 */
export function xlsxMark(cell: MusterCell, gang: boolean): string | number {
  if (gang && cell.fraction > 0) return cell.manDaysMilli / 1000;
  if (cell.fraction >= 1000) return 'P';
  if (cell.fraction <= 0) return 'A';
  return cell.fraction / 1000;
}

/** The worker's row, and an "OT hours" row under it when there was overtime. */
function workerRows(row: MusterRollRow): XlsxRow<Key>[] {
  const marks: XlsxRow<Key> = {
    serial: row.serial,
    name: row.name,
    trade: row.gang ? `${row.trade} (gang)` : row.trade,
    man_days: row.manDaysMilli / 1000,
    ot: row.otMilli / 1000,
  };
  const overtime: XlsxRow<Key> = { trade: 'OT hours' };
  row.cells.forEach((cell, i) => {
    if (!cell) return;
    marks[dayKey(i + 1)] = xlsxMark(cell, row.gang);
    if (cell.otMilli > 0) overtime[dayKey(i + 1)] = cell.otMilli / 1000;
  });
  return row.otMilli > 0 ? [marks, overtime] : [marks];
}

/** The muster roll as an Excel sheet: the same grid, overtime on a row of its own. */
export function musterRollXlsx(source: MusterRollSource, onError: (e: unknown) => void): Readable {
  const { roll } = source;
  async function* rows(): AsyncGenerator<XlsxRow<Key>[]> {
    await Promise.resolve();
    yield roll.rows.flatMap(workerRows);
  }
  const present: XlsxRow<Key> = { name: 'People present' };
  roll.present.forEach((people, i) => (present[dayKey(i + 1)] = people));
  return xlsxStream<Key>(
    {
      title: 'Muster roll',
      info: [
        'Form XVI, Contract Labour (Regulation and Abolition) Central Rules, 1971',
        `Site: ${source.siteName}`,
        `Month: ${monthTitle(roll.month)}`,
        'P full day, 0.75 / 0.5 / 0.25 part of a day, A absent, blank not marked; a gang: its man-days',
        `Generated: ${dateText(source.today)}`,
      ],
      columns: columns(roll.days),
      rows: rows(),
      totals: { label: 'Total', labelKey: 'name' },
      after: () => [present],
    },
    onError,
  );
}
