/**
 * A streamed one-sheet Excel workbook (.xlsx) with typed columns, for every report and ledger.
 *
 * Layout: a bold title, the info lines (site, party, period…), a blank row, the bold header row
 * (frozen, with an autofilter over the data), the data rows, an optional bold totals row, then
 * optional trailing rows (a closing balance). Usage:
 *
 *   const body = xlsxStream(
 *     {
 *       title: 'Purchase register',
 *       info: ['Site: Green Valley', 'Period: 01-04-2026 – 30-06-2026'],
 *       columns: [
 *         { key: 'date', header: 'Date', kind: 'date' },
 *         { key: 'invoice', header: 'Invoice no.', kind: 'text' },
 *         { key: 'rate', header: 'GST rate', kind: 'percent' },
 *         { key: 'taxable', header: 'Taxable value', kind: 'money', total: true },
 *       ],
 *       rows: chunksOfRows, // AsyncIterable of rows or of arrays of rows
 *       totals: { label: 'Total' },
 *     },
 *     (error) => logger.error({ err: error }, 'xlsx failed while streaming'),
 *   );
 *
 * Rows are written as they are read and never kept: memory stays flat for a 100 000-row ledger
 * (strings are inline, not shared, because a shared-string table would hold every text until
 * the end).
 */
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * - `text`: always a string cell, never coerced ("00123", GSTINs, references stay as typed). A
 *   spreadsheet never runs a string cell of an .xlsx as a formula, so no guard is needed.
 * - `date`: 'YYYY-MM-DD' (or a Date at UTC midnight), written as a real date cell, dd-mm-yyyy.
 * - `money`: a number with format #,##0.00; values in integer paise unless `unit: 'rupees'`.
 * - `quantity`: a number with `decimals` (default 3) decimals.
 * - `percent`: percent points (18 for 18 %), written as the fraction 0.18 with a % format.
 */
export type XlsxColumnKind = 'text' | 'date' | 'money' | 'quantity' | 'percent';

export type XlsxValue = string | number | Date | null | undefined;

export interface XlsxColumn<K extends string = string> {
  /** The row field this column shows. */
  key: K;
  header: string;
  kind: XlsxColumnKind;
  /** Characters; defaults by kind and header length. */
  width?: number;
  /** money: the unit of the values given (default 'paise'). */
  unit?: 'paise' | 'rupees';
  /** quantity: decimals shown and kept (default 3). */
  decimals?: number;
  /** money, quantity: summed in the totals row (exactly; a SUM formula with its result). */
  total?: boolean;
}

export type XlsxRow<K extends string = string> = Partial<Record<K, XlsxValue>>;

export interface XlsxSheet<K extends string = string> {
  /** Bold first line and the sheet's name (cut to what Excel allows). */
  title: string;
  /** Lines under the title: site, vendor or account, period, generated on. */
  info?: readonly string[];
  columns: readonly XlsxColumn<K>[];
  /** The data rows, one at a time or a chunk (array) at a time. */
  rows: AsyncIterable<XlsxRow<K> | readonly XlsxRow<K>[]>;
  /** A bold row after the data: `label` in column `labelKey` (default the first), sums below. */
  totals?: { label: string; labelKey?: K };
  /** Rows written after the totals row, asked for once every data row is written. */
  after?: () => readonly XlsxRow<K>[];
}

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const FORMATS: Record<XlsxColumnKind, string> = {
  text: '@',
  date: 'dd-mm-yyyy',
  money: '#,##0.00',
  quantity: '#,##0.000',
  percent: '0.00%',
};

const DEFAULT_WIDTHS: Record<XlsxColumnKind, number> = {
  text: 18,
  date: 12,
  money: 15,
  quantity: 12,
  percent: 10,
};

/** Rows written between two checks that the client is keeping up. */
const PACE_ROWS = 500;

function numberFormat(column: XlsxColumn): string {
  if (column.kind === 'quantity' && column.decimals !== undefined) {
    return column.decimals > 0 ? `#,##0.${'0'.repeat(column.decimals)}` : '#,##0';
  }
  return FORMATS[column.kind];
}

const summed = (column: XlsxColumn) =>
  Boolean(column.total) && (column.kind === 'money' || column.kind === 'quantity');

/** What a summed column's integer sum is divided by: paise → rupees, thousandths → units. */
const sumScale = (column: XlsxColumn) =>
  column.kind === 'money' ? 100 : 10 ** (column.decimals ?? 3);

/** Integer paise of a money value (rupees are rounded to the paisa first, as stored). */
function toPaise(column: XlsxColumn, value: number): number {
  return column.unit === 'rupees' ? Math.round(value * 100) : Math.round(value);
}

/** 'YYYY-MM-DD' → a Date at UTC midnight, which exceljs writes as a whole Excel day. */
function toDate(value: string | Date): Date | string {
  if (value instanceof Date) return value;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** The cell value a column's kind asks for; exact decimals come from integer arithmetic. */
export function xlsxCellValue(column: XlsxColumn, value: XlsxValue): string | number | Date | null {
  if (value === null || value === undefined || value === '') return null;
  switch (column.kind) {
    case 'text':
      return value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
    case 'date':
      return typeof value === 'number' ? value : toDate(value);
    case 'money':
      // paise / 100 is the double nearest the exact rupee amount: what "1234.55" parses to.
      return typeof value === 'number' ? toPaise(column, value) / 100 : String(value);
    case 'quantity': {
      if (typeof value !== 'number') return String(value);
      const scale = 10 ** (column.decimals ?? 3);
      return Math.round(value * scale) / scale;
    }
    case 'percent':
      return typeof value === 'number' ? value / 100 : String(value);
  }
}

/** Excel refuses sheet names over 31 characters or with : \ / ? * [ ]. */
function sheetName(title: string): string {
  return (
    title
      .replace(/[:\\/?*[\]]/g, ' ')
      .trim()
      .slice(0, 31) || 'Sheet1'
  );
}

/** A1-style column letters of a 1-based column number. */
function columnLetters(index: number): string {
  let n = index;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/**
 * Waits while the client has not taken what was already zipped, so a slow download holds back
 * the reading of rows instead of piling them up in memory (the zip stream does not pass
 * backpressure on to exceljs).
 */
async function keepPace(out: PassThrough, zip: Readable): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  while (
    !out.destroyed &&
    (out.writableNeedDrain || out.readableLength > 0 || zip.readableLength > 0)
  ) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function fill<K extends string>(sheet: XlsxSheet<K>, out: PassThrough): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'SiteLedger';
  const { columns } = sheet;
  const info = sheet.info ?? [];
  const headerRow = 1 + info.length + 2;
  const worksheet = workbook.addWorksheet(sheetName(sheet.title), {
    views: [{ state: 'frozen', xSplit: 0, ySplit: headerRow }],
  });
  worksheet.columns = columns.map((column) => ({
    key: column.key,
    width: column.width ?? Math.max(DEFAULT_WIDTHS[column.kind], column.header.length + 2),
  }));
  // exceljs keeps its archiver stream here; its buffer tells whether the client keeps up.
  const zip = (workbook as unknown as { zip: Readable }).zip;

  type Value = string | number | Date | null | ExcelJS.CellFormulaValue;
  let rowNumber = 0;
  /** Data and totals cells take their column's number format; title and info lines do not. */
  const writeValues = (values: readonly Value[], font?: Partial<ExcelJS.Font>, typed = true) => {
    rowNumber += 1;
    const row = worksheet.getRow(rowNumber);
    values.forEach((value, index) => {
      const cell = row.getCell(index + 1);
      if (typed) cell.numFmt = numberFormat(columns[index]!);
      if (value !== null) cell.value = value;
      if (font) cell.font = font;
    });
    row.commit();
  };

  writeValues([sheet.title], { bold: true, size: 14 }, false);
  for (const line of info) writeValues([line], undefined, false);
  rowNumber += 1; // a blank row before the header
  rowNumber += 1;
  const header = worksheet.getRow(rowNumber);
  columns.forEach((column, index) => {
    const cell = header.getCell(index + 1);
    cell.value = column.header;
    cell.font = { bold: true };
    // Headers of number columns sit over their right-aligned numbers.
    const numeric = column.kind !== 'text' && column.kind !== 'date';
    cell.alignment = { horizontal: numeric ? 'right' : 'left' };
  });
  header.commit();

  const sums = columns.map(() => 0);
  const firstData = rowNumber + 1;
  let sinceCheck = 0;
  const writeData = (row: XlsxRow<K>) => {
    writeValues(
      columns.map((column, index) => {
        const raw = row[column.key];
        if (summed(column) && typeof raw === 'number') {
          // Money sums in integer paise, quantities in thousandths: exact, unlike float sums.
          sums[index]! +=
            column.kind === 'money' ? toPaise(column, raw) : Math.round(raw * sumScale(column));
        }
        return xlsxCellValue(column, raw);
      }),
    );
  };

  for await (const item of sheet.rows) {
    if (out.destroyed) return;
    const chunk: readonly XlsxRow<K>[] = Array.isArray(item) ? item : [item as XlsxRow<K>];
    for (const row of chunk) {
      writeData(row);
      sinceCheck += 1;
    }
    if (sinceCheck >= PACE_ROWS) {
      sinceCheck = 0;
      await keepPace(out, zip);
    }
  }
  const lastData = rowNumber;

  if (sheet.totals) {
    const labelIndex = Math.max(
      0,
      columns.findIndex((column) => column.key === sheet.totals?.labelKey),
    );
    writeValues(
      columns.map((column, index) => {
        if (index === labelIndex) return sheet.totals!.label;
        if (!summed(column)) return null;
        const result = sums[index]! / sumScale(column);
        if (lastData < firstData) return result;
        const letters = columnLetters(index + 1);
        return { formula: `SUM(${letters}${firstData}:${letters}${lastData})`, result };
      }),
      { bold: true },
    );
  }
  for (const row of sheet.after?.() ?? []) writeData(row);

  worksheet.autoFilter = {
    from: { row: headerRow, column: 1 },
    to: { row: Math.max(lastData, headerRow), column: columns.length },
  };
  worksheet.commit();
  await workbook.commit();
}

/**
 * Starts writing the workbook and hands back the byte stream at once. A failure after the first
 * byte can only end the download: it is reported to `onError` and the stream is destroyed.
 */
export function xlsxStream<K extends string>(
  sheet: XlsxSheet<K>,
  onError: (error: unknown) => void,
): Readable {
  const out = new PassThrough();
  fill(sheet, out).catch((error: unknown) => {
    onError(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
