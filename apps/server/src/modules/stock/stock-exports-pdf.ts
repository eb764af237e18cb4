import { formatInr } from '@siteledger/domain';
import {
  COLORS,
  createPdf,
  drawAmount,
  drawText,
  PAGE,
  rule,
  type DrawOptions,
} from '../../documents/pdf-canvas.js';
import { CELL_PAD, tableFlow, tablePageCount } from '../../documents/pdf-table.js';
import { quantityText } from './stock-exports-labels.js';
import {
  totalsRow,
  type StockCells,
  type StockPdfColumn,
  type StockTable,
  type StockTableRow,
} from './stock-exports-tables.js';

type Doc = PDFKit.PDFDocument;

const SINGLE_ROW = 16;
/** Rows with a grey second line (the statement's values under its quantities). */
const DOUBLE_ROW = 25;
const INFO_LINE = 12;
const FIRST_INFO_TOP = 62;
const BODY_SIZE = 8;
const ALERT = '#b91c1c';

interface Layout<K extends string> {
  table: StockTable<K>;
  kinds: Map<K, string>;
  rowHeight: number;
  firstTableTop: number;
  pages: number;
}

function layoutOf<K extends string>(table: StockTable<K>): Layout<K> {
  const rowHeight = table.pdfColumns.some((c) => c.sub) ? DOUBLE_ROW : SINGLE_ROW;
  const firstTableTop = FIRST_INFO_TOP + table.info.length * INFO_LINE + 14;
  // The rows (or the line saying there are none) and the totals row.
  const pages = tablePageCount(Math.max(table.rows.length, 1) + 1, rowHeight, firstTableTop);
  const kinds = new Map(table.columns.map((column) => [column.key, column.kind]));
  return { table, kinds, rowHeight, firstTableTop, pages };
}

/** A cell as text: "1,250.5 bag", "₹12,500.00", a count, or the text itself. */
function cellText<K extends string>(layout: Layout<K>, key: K, cells: StockCells<K>, unit: string) {
  const value = cells[key];
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  switch (layout.kinds.get(key)) {
    case 'money':
      return formatInr(value);
    case 'quantity':
      return quantityText(value, unit);
    default:
      return String(value);
  }
}

const isText = <K extends string>(layout: Layout<K>, column: StockPdfColumn<K>) =>
  layout.kinds.get(column.main) === 'text';

/** Figures are never cut: one too wide for its column is set smaller instead. */
function drawFigure(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  style: DrawOptions,
) {
  drawAmount(doc, text, x, y, { ...style, width });
}

function drawCells<K extends string>(
  doc: Doc,
  layout: Layout<K>,
  row: StockTableRow<K>,
  y: number,
  strong: boolean,
) {
  let x = PAGE.left;
  layout.table.pdfColumns.forEach((column, index) => {
    const inner = column.width - 2 * CELL_PAD;
    const weight = strong ? 'bold' : 'regular';
    const lines = [column.main, column.sub]
      .filter((key): key is K => key !== undefined)
      .map((key) => cellText(layout, key, row.cells, row.unit))
      .filter(Boolean);
    lines.forEach((text, line) => {
      // A low item's quantities and status in red; its name and values as usual.
      const flagged = row.alert && index > 0 && layout.kinds.get(column.main) !== 'money';
      const color = line > 0 ? COLORS.muted : flagged ? ALERT : COLORS.text;
      const style: DrawOptions = { size: line > 0 ? 7 : BODY_SIZE, weight, color };
      const at = y + 4 + line * 10;
      if (isText(layout, column)) drawText(doc, text, x + CELL_PAD, at, { ...style, width: inner });
      else drawFigure(doc, text, x + CELL_PAD, at, inner, style);
    });
    x += column.width;
  });
}

function drawFirstHeading<K extends string>(doc: Doc, table: StockTable<K>): void {
  drawText(doc, table.title, PAGE.left, 30, { size: 19, weight: 'bold', color: COLORS.accent });
  table.info.forEach((line, i) => {
    drawText(doc, line, PAGE.left, FIRST_INFO_TOP + i * INFO_LINE, {
      size: 9,
      color: i === 0 ? COLORS.text : COLORS.muted,
      width: PAGE.right - PAGE.left,
    });
  });
  rule(doc, FIRST_INFO_TOP + table.info.length * INFO_LINE + 4, COLORS.accent, 1.2);
}

/**
 * The table as an A4 PDF: heading with the info lines, the table with its head on every page,
 * a bold totals row, "Page n of m" in each footer. Drawn at once (a report is one row per item),
 * then ended; the caller reads the document's bytes.
 */
export function stockPdf<K extends string>(table: StockTable<K>): Doc {
  const layout = layoutOf(table);
  const doc = createPdf(table.title, table.siteName);
  drawFirstHeading(doc, table);
  const place = tableFlow(doc, {
    rowHeight: layout.rowHeight,
    firstTop: layout.firstTableTop,
    pages: layout.pages,
    head: table.pdfColumns.map((column) => ({
      text: column.header,
      width: column.width,
      align: isText(layout, column) ? 'left' : 'right',
    })),
    footer: {
      what: `${table.siteName} · ${table.title}`,
      page: (page, pages) => table.labels.page(page, pages),
      pageWidth: 110,
    },
    running: { title: table.title, siteName: table.siteName, siteWidth: 250 },
    bandStrong: true,
  });
  const placeRow = (row: StockTableRow<K>, strong: boolean) =>
    place((y) => drawCells(doc, layout, row, y, strong), strong);

  if (table.rows.length === 0) {
    const first = table.pdfColumns[0]?.main;
    placeRow({ unit: '', cells: first ? ({ [first]: table.empty } as StockCells<K>) : {} }, false);
  }
  for (const row of table.rows) placeRow(row, false);
  placeRow({ unit: '', cells: totalsRow(table) }, true);
  doc.end();
  return doc;
}
