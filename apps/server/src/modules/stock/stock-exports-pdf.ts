import { formatInr } from '@siteledger/domain';
import {
  band,
  COLORS,
  createPdf,
  drawAmount,
  drawText,
  forgetLayouts,
  PAGE,
  rule,
  type DrawOptions,
} from '../../documents/pdf-canvas.js';
import { quantityText } from './stock-exports-labels.js';
import {
  totalsRow,
  type StockCells,
  type StockPdfColumn,
  type StockTable,
  type StockTableRow,
} from './stock-exports-tables.js';

type Doc = PDFKit.PDFDocument;

const HEAD_HEIGHT = 20;
const SINGLE_ROW = 16;
/** Rows with a grey second line (the statement's values under its quantities). */
const DOUBLE_ROW = 25;
const INFO_LINE = 12;
const FIRST_INFO_TOP = 62;
const NEXT_TABLE_TOP = 66;
const TABLE_BOTTOM = 798;
const FOOTER_RULE = 806;
const PAD = 4;
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
  const fits = (top: number) => Math.floor((TABLE_BOTTOM - top - HEAD_HEIGHT) / rowHeight);
  // Rows have one height, so the page count is known before drawing: "Page n of m" on each.
  const rows = Math.max(table.rows.length, 1) + 1;
  const first = fits(firstTableTop);
  const pages = rows <= first ? 1 : 1 + Math.ceil((rows - first) / fits(NEXT_TABLE_TOP));
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
    const inner = column.width - 2 * PAD;
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
      if (isText(layout, column)) drawText(doc, text, x + PAD, at, { ...style, width: inner });
      else drawFigure(doc, text, x + PAD, at, inner, style);
    });
    x += column.width;
  });
}

function drawTableHead<K extends string>(doc: Doc, layout: Layout<K>, y: number): number {
  band(doc, PAGE.left, y, PAGE.right - PAGE.left, HEAD_HEIGHT, COLORS.band);
  let x = PAGE.left;
  for (const column of layout.table.pdfColumns) {
    drawText(doc, column.header, x + PAD, y + 5, {
      size: BODY_SIZE,
      weight: 'bold',
      width: column.width - 2 * PAD,
      align: isText(layout, column) ? 'left' : 'right',
    });
    x += column.width;
  }
  rule(doc, y + HEAD_HEIGHT, COLORS.rule, 0.8);
  return y + HEAD_HEIGHT;
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

function drawNextHeading<K extends string>(doc: Doc, table: StockTable<K>): void {
  drawText(doc, table.title, PAGE.left, 38, { size: 10, weight: 'bold', color: COLORS.accent });
  drawText(doc, table.siteName, PAGE.right - 250, 40, {
    size: 8.5,
    color: COLORS.muted,
    width: 250,
    align: 'right',
  });
  rule(doc, 56, COLORS.accent, 1);
}

function drawFooter<K extends string>(doc: Doc, layout: Layout<K>, page: number): void {
  const { table, pages } = layout;
  rule(doc, FOOTER_RULE, COLORS.rule, 0.6);
  const style: DrawOptions = { size: 7.5, color: COLORS.muted };
  drawText(doc, `${table.siteName} · ${table.title}`, PAGE.left, FOOTER_RULE + 6, {
    ...style,
    width: 380,
  });
  drawText(doc, table.labels.page(page, pages), PAGE.right - 110, FOOTER_RULE + 6, {
    ...style,
    width: 110,
    align: 'right',
  });
}

/**
 * The table as an A4 PDF: heading with the info lines, the table with its head on every page,
 * a bold totals row, "Page n of m" in each footer. Drawn at once (a report is one row per item),
 * then ended; the caller reads the document's bytes.
 */
export function stockPdf<K extends string>(table: StockTable<K>): Doc {
  const layout = layoutOf(table);
  const doc = createPdf(table.title, table.siteName);
  let page = 1;
  drawFirstHeading(doc, table);
  drawFooter(doc, layout, page);
  let y = drawTableHead(doc, layout, layout.firstTableTop);
  let index = 0;

  const place = (row: StockTableRow<K>, strong: boolean) => {
    if (y + layout.rowHeight > TABLE_BOTTOM) {
      forgetLayouts(doc);
      doc.addPage();
      page += 1;
      drawNextHeading(doc, table);
      drawFooter(doc, layout, page);
      y = drawTableHead(doc, layout, NEXT_TABLE_TOP);
    }
    const width = PAGE.right - PAGE.left;
    if (strong) band(doc, PAGE.left, y, width, layout.rowHeight, COLORS.band);
    else if (index % 2 === 1) band(doc, PAGE.left, y, width, layout.rowHeight, COLORS.stripe);
    drawCells(doc, layout, row, y, strong);
    rule(doc, y + layout.rowHeight, COLORS.faint, 0.4);
    y += layout.rowHeight;
    index += 1;
  };

  if (table.rows.length === 0) {
    const first = table.pdfColumns[0]?.main;
    place({ unit: '', cells: first ? ({ [first]: table.empty } as StockCells<K>) : {} }, false);
  }
  for (const row of table.rows) place(row, false);
  place({ unit: '', cells: totalsRow(table) }, true);
  doc.end();
  return doc;
}
