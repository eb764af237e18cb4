import type { Readable } from 'node:stream';
import { numberFromStored } from '@siteledger/domain';
import { CSV_BOM, csvRow, money, type CsvCell } from '../../../documents/csv-writer.js';
import { indianDate } from '../../../documents/format.js';
import {
  xlsxStream,
  type XlsxColumn,
  type XlsxRow,
  type XlsxValue,
} from '../../../documents/xlsx-writer.js';
import type { ExportColumn, ExportKind } from './record-columns.js';

/** A row as the database gives it: stored integers, `YYYY-MM-DD` dates, 0/1 flags. */
export type StoredRow = Record<string, unknown>;

/** Decimals a number column shows: quantities in thousandths, percents in hundredths. */
const DECIMALS: Partial<Record<ExportKind, number>> = { qty: 3, rate: 2, int: 0 };

const isSet = (value: unknown) => value !== null && value !== undefined && value !== '';

function flag(value: unknown): string {
  return value === true || Number(value) === 1 ? 'Yes' : 'No';
}

/**
 * One CSV field. Money goes through csvRow (two decimals by integer arithmetic); quantities,
 * percents and counts are numbers this code writes itself, joined as they are: csvRow would
 * guard a negative one ("-2.500") as if it were a formula.
 */
function csvField(column: ExportColumn, value: unknown): string {
  const cell = (one: CsvCell) => csvRow([one]).slice(0, -2);
  if (!isSet(value)) return '';
  const decimals = DECIMALS[column.kind];
  if (column.kind === 'money') return cell(money(Number(value)));
  if (decimals !== undefined) {
    return numberFromStored(column.codec, Number(value)).toFixed(decimals);
  }
  if (column.kind === 'bool') return flag(value);
  if (column.kind === 'date') return cell(indianDate(String(value)));
  return cell(String(value));
}

/** The list as CSV: the headings, then a line per record, a chunk of records at a time. */
export async function* recordsCsv(
  columns: readonly ExportColumn[],
  chunks: AsyncIterable<StoredRow[]>,
): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(columns.map((column) => column.header));
  for await (const rows of chunks) {
    let text = '';
    for (const row of rows) {
      text += columns.map((column) => csvField(column, row[column.field])).join(',') + '\r\n';
    }
    yield text;
  }
}

/** The workbook column of a list column: typed, numbers formatted, flags and names as text. */
function xlsxColumn(column: ExportColumn): XlsxColumn {
  const { field: key, header } = column;
  switch (column.kind) {
    case 'money':
      return { key, header, kind: 'money' };
    case 'qty':
    case 'int':
      return { key, header, kind: 'quantity', decimals: DECIMALS[column.kind] };
    case 'rate':
      return { key, header, kind: 'percent' };
    case 'date':
      return { key, header, kind: 'date' };
    default:
      return { key, header, kind: 'text' };
  }
}

/** A cell's value for xlsx-writer: paise for money, units and percent points for the others. */
function xlsxValue(column: ExportColumn, value: unknown): XlsxValue {
  if (!isSet(value)) return null;
  if (column.kind === 'bool') return flag(value);
  if (column.kind === 'money') return Number(value);
  if (DECIMALS[column.kind] !== undefined) return numberFromStored(column.codec, Number(value));
  return String(value);
}

/** The list as a one-sheet workbook: title and info lines, the headings, a row per record. */
export function recordsXlsx(
  sheet: { title: string; info: readonly string[] },
  columns: readonly ExportColumn[],
  chunks: AsyncIterable<StoredRow[]>,
  onError: (error: unknown) => void,
): Readable {
  async function* rows(): AsyncGenerator<XlsxRow[]> {
    for await (const chunk of chunks) {
      yield chunk.map((row) =>
        Object.fromEntries(
          columns.map((column) => [column.field, xlsxValue(column, row[column.field])]),
        ),
      );
    }
  }
  return xlsxStream({ ...sheet, columns: columns.map(xlsxColumn), rows: rows() }, onError);
}
