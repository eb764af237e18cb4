import {
  toPaise,
  type ConsumptionReport,
  type Language,
  type StockReport,
  type StockStatement,
} from '@siteledger/domain';
import { indianDate } from '../../documents/format.js';
import { STOCK_LABELS, stockPeriod, type StockLabels } from './stock-exports-labels.js';

/**
 * One table per report, in the reader's language, that the CSV, Excel and PDF writers each lay
 * out their own way: the three files of a report always agree on rows and totals.
 */

/** text: as is; quantity: units (≤ 3 decimals); money: integer paise; count: whole number. */
export type StockCellKind = 'text' | 'quantity' | 'money' | 'count';

export interface StockColumn<K extends string> {
  key: K;
  header: string;
  kind: StockCellKind;
  /** Summed into the totals row (money and counts; quantities of different units are not). */
  total?: boolean;
  /** Excel width in characters. */
  width?: number;
}

export type StockCells<K extends string> = Partial<Record<K, string | number | null>>;

export interface StockTableRow<K extends string> {
  cells: StockCells<K>;
  /** The unit the row's quantities are in. */
  unit: string;
  /** Below its minimum: the PDF shows it in red. */
  alert?: boolean;
}

/** A PDF column: `main` on the first text line, `sub` (if any) under it in grey. */
export interface StockPdfColumn<K extends string> {
  header: string;
  /** Points; a table's columns fill the 515 pt between the margins. */
  width: number;
  main: K;
  sub?: K;
}

export interface StockTable<K extends string> {
  labels: StockLabels;
  title: string;
  siteName: string;
  /** Lines under the title: site, date or period, generated on… */
  info: string[];
  columns: StockColumn<K>[];
  pdfColumns: StockPdfColumn<K>[];
  rows: StockTableRow<K>[];
  /** The totals row: `label` in `labelKey`, every `total` column summed. */
  totals: { label: string; labelKey: K };
  /** Shown when there are no rows (PDF). */
  empty: string;
}

export interface StockExportContext {
  siteName: string;
  lang: Language;
  /** The business day (YYYY-MM-DD): the "generated" line and a report without a date. */
  today: string;
}

/** The totals row's cells: exact integer sums of the summed columns, the label in its place. */
export function totalsRow<K extends string>(table: StockTable<K>): StockCells<K> {
  const cells: StockCells<K> = {};
  for (const column of table.columns) {
    if (!column.total) continue;
    cells[column.key] = table.rows.reduce<number>((sum, row) => {
      const value = row.cells[column.key];
      return sum + (typeof value === 'number' ? Math.round(value) : 0);
    }, 0);
  }
  cells[table.totals.labelKey] = table.totals.label;
  return cells;
}

function heading(ctx: StockExportContext, title: string, lines: string[]) {
  const labels = STOCK_LABELS[ctx.lang];
  return {
    labels,
    title,
    siteName: ctx.siteName,
    info: [
      `${labels.site}: ${ctx.siteName}`,
      ...lines,
      `${labels.generated}: ${indianDate(ctx.today)}`,
    ],
  };
}

type StockKey = 'name' | 'unit' | 'on_hand' | 'minimum' | 'average' | 'value' | 'status';

export function stockTable(report: StockReport, ctx: StockExportContext): StockTable<StockKey> {
  const l = STOCK_LABELS[ctx.lang];
  const lines = [
    `${l.asOf}: ${indianDate(report.date ?? ctx.today)}`,
    l.lowCount(report.low_count),
  ];
  return {
    ...heading(ctx, l.stockTitle, lines),
    columns: [
      { key: 'name', header: l.item, kind: 'text', width: 32 },
      { key: 'unit', header: l.unit, kind: 'text', width: 8 },
      { key: 'on_hand', header: l.onHand, kind: 'quantity' },
      { key: 'minimum', header: l.minimum, kind: 'quantity' },
      { key: 'average', header: l.averageCost, kind: 'money' },
      { key: 'value', header: l.value, kind: 'money', total: true },
      { key: 'status', header: l.status, kind: 'text', width: 12 },
    ],
    pdfColumns: [
      { header: l.item, width: 160, main: 'name' },
      { header: l.onHand, width: 80, main: 'on_hand' },
      { header: l.minimum, width: 75, main: 'minimum' },
      { header: l.averageCost, width: 75, main: 'average' },
      { header: l.value, width: 80, main: 'value' },
      { header: l.status, width: 45, main: 'status' },
    ],
    rows: report.items.map((row) => ({
      unit: row.unit,
      alert: row.low,
      cells: {
        name: row.name,
        unit: row.unit,
        on_hand: row.on_hand,
        minimum: row.min_stock_level,
        average: toPaise(row.average_cost),
        value: toPaise(row.value),
        status: row.low ? l.low : null,
      },
    })),
    totals: { label: l.total, labelKey: 'name' },
    empty: l.noItems,
  };
}

type StatementKey =
  | 'name'
  | 'unit'
  | 'opening_quantity'
  | 'opening_value'
  | 'in_quantity'
  | 'in_value'
  | 'out_quantity'
  | 'out_value'
  | 'closing_quantity'
  | 'closing_value';

export function statementTable(
  statement: StockStatement,
  ctx: StockExportContext,
): StockTable<StatementKey> {
  const l = STOCK_LABELS[ctx.lang];
  const period = `${l.period}: ${stockPeriod(l, statement.from, statement.to)}`;
  const pair = (main: StatementKey, sub: StatementKey, header: string) => ({
    header,
    width: 95,
    main,
    sub,
  });
  return {
    ...heading(ctx, l.statementTitle, [period, l.statementNote]),
    columns: [
      { key: 'name', header: l.item, kind: 'text', width: 32 },
      { key: 'unit', header: l.unit, kind: 'text', width: 8 },
      { key: 'opening_quantity', header: l.openingQuantity, kind: 'quantity' },
      { key: 'opening_value', header: l.openingValue, kind: 'money', total: true },
      { key: 'in_quantity', header: l.inQuantity, kind: 'quantity' },
      { key: 'in_value', header: l.inValue, kind: 'money', total: true },
      { key: 'out_quantity', header: l.outQuantity, kind: 'quantity' },
      { key: 'out_value', header: l.outValue, kind: 'money', total: true },
      { key: 'closing_quantity', header: l.closingQuantity, kind: 'quantity' },
      { key: 'closing_value', header: l.closingValue, kind: 'money', total: true },
    ],
    pdfColumns: [
      { header: l.item, width: 135, main: 'name' },
      pair('opening_quantity', 'opening_value', l.opening),
      pair('in_quantity', 'in_value', l.in),
      pair('out_quantity', 'out_value', l.out),
      pair('closing_quantity', 'closing_value', l.closing),
    ],
    rows: statement.items.map((row) => ({
      unit: row.unit,
      cells: {
        name: row.name,
        unit: row.unit,
        opening_quantity: row.opening_quantity,
        opening_value: toPaise(row.opening_value),
        in_quantity: row.in_quantity,
        in_value: toPaise(row.in_value),
        out_quantity: row.out_quantity,
        out_value: toPaise(row.out_value),
        closing_quantity: row.closing_quantity,
        closing_value: toPaise(row.closing_value),
      },
    })),
    totals: { label: l.total, labelKey: 'name' },
    empty: l.noItems,
  };
}

type ConsumptionKey = 'work' | 'name' | 'unit' | 'quantity' | 'value' | 'entries';

export function consumptionTable(
  report: ConsumptionReport,
  ctx: StockExportContext,
): StockTable<ConsumptionKey> {
  const l = STOCK_LABELS[ctx.lang];
  const byWork = report.group === 'work';
  const lines = [
    `${l.period}: ${stockPeriod(l, report.from, report.to)}`,
    `${l.groupedBy}: ${byWork ? l.work : l.item}`,
  ];
  const columns: StockColumn<ConsumptionKey>[] = [
    { key: 'name', header: l.item, kind: 'text', width: 32 },
    { key: 'unit', header: l.unit, kind: 'text', width: 8 },
    { key: 'quantity', header: l.quantity, kind: 'quantity' },
    { key: 'value', header: l.value, kind: 'money', total: true },
    { key: 'entries', header: l.entries, kind: 'count', total: true },
  ];
  const pdfColumns: StockPdfColumn<ConsumptionKey>[] = [
    { header: l.item, width: byWork ? 160 : 235, main: 'name' },
    { header: l.quantity, width: byWork ? 95 : 110, main: 'quantity' },
    { header: l.entries, width: 60, main: 'entries' },
    { header: l.value, width: byWork ? 90 : 110, main: 'value' },
  ];
  if (byWork) {
    columns.unshift({ key: 'work', header: l.work, kind: 'text', width: 24 });
    pdfColumns.unshift({ header: l.work, width: 110, main: 'work' });
  }
  return {
    ...heading(ctx, l.consumptionTitle, lines),
    columns,
    pdfColumns,
    rows: report.rows.map((row) => ({
      unit: row.unit,
      cells: {
        work: row.used_for ?? l.notSaid,
        name: row.name,
        unit: row.unit,
        quantity: row.quantity,
        value: toPaise(row.value),
        entries: row.entries,
      },
    })),
    totals: { label: l.total, labelKey: byWork ? 'work' : 'name' },
    empty: l.noConsumption,
  };
}
