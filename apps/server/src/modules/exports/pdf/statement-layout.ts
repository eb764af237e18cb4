import {
  band,
  COLORS,
  drawAmount,
  drawText,
  forgetLayouts,
  PAGE,
  roomFor,
  rule,
  type DrawOptions,
} from '../../../documents/pdf-canvas.js';
import { CELL_PAD, tableFlow, tablePageCount } from '../../../documents/pdf-table.js';

/** A figure of the summary box: "Outstanding  ₹12,000.00". */
export interface SummaryLine {
  label: string;
  value: string;
  strong?: boolean;
}

/** What the first page says above the table. */
export interface StatementHeading {
  title: string;
  siteName: string;
  /** "Vendor" / "Account". */
  partyLabel: string;
  partyName: string;
  /** One line each (GSTIN, phone, bank, …); long lines are cut, so the layout stays fixed. */
  partyDetails: string[];
  period: string;
  generated: string;
  summary: SummaryLine[];
  /** A sentence under the summary saying what the balance means. */
  note: string;
  /** Head of the second column: "Type / Description", "Category / Description". */
  kindLabel: string;
  /** Table rows that will follow (entries, without the opening and closing rows). */
  rowCount: number;
}

/** One table row, every cell already formatted (amounts as ₹1,23,456.78, blank for none). */
export interface StatementRow {
  date: string;
  kind: string;
  detail: string;
  reference: string;
  debit: string;
  credit: string;
  balance: string;
}

const ROW_HEIGHT = 16;
const DETAIL_LINE = 13;
const SUMMARY_LINE = 15;
const SUMMARY_WIDTH = 215;
/** Rows after the entries: the period's totals and the closing balance. */
export const TRAILING_ROWS = 2;
const BODY: DrawOptions = { size: 8 };

interface Column {
  key: keyof StatementRow;
  label: string;
  width: number;
  align: 'left' | 'right';
}

const COLUMNS: Column[] = [
  { key: 'date', label: 'Date', width: 58, align: 'left' },
  { key: 'kind', label: '', width: 168, align: 'left' },
  { key: 'reference', label: 'Reference', width: 82, align: 'left' },
  { key: 'debit', label: 'Debit', width: 69, align: 'right' },
  { key: 'credit', label: 'Credit', width: 69, align: 'right' },
  { key: 'balance', label: 'Balance', width: 69.28, align: 'right' },
];

/** Height of the first page's heading, from its content alone (no drawing needed). */
function headingHeight(heading: StatementHeading): number {
  const party = 30 + heading.partyDetails.length * DETAIL_LINE;
  const summary = heading.summary.length * SUMMARY_LINE + 12 + 14;
  return Math.max(party, summary);
}

const FIRST_BLOCK_TOP = 98;

function firstTableTop(heading: StatementHeading): number {
  return FIRST_BLOCK_TOP + headingHeight(heading) + 16;
}

/**
 * Pages the statement will have. Rows have one height, so this is known before the first row
 * is read: "Page n of m" is written as each page is made and no page waits in memory.
 */
export function pageCount(heading: StatementHeading): number {
  const rows = heading.rowCount + 1 + TRAILING_ROWS;
  return tablePageCount(rows, ROW_HEIGHT, firstTableTop(heading));
}

function drawHeading(doc: PDFKit.PDFDocument, h: StatementHeading): void {
  const right = PAGE.right;
  drawText(doc, h.title, PAGE.left, 36, { size: 19, weight: 'bold', color: COLORS.accent });
  drawText(doc, h.siteName, PAGE.left, 64, { size: 11, color: COLORS.text, width: 300 });
  const meta: DrawOptions = { size: 8.5, color: COLORS.muted, width: 200, align: 'right' };
  drawText(doc, `Period: ${h.period}`, right - 200, 44, { ...meta, color: COLORS.text });
  drawText(doc, `Generated: ${h.generated}`, right - 200, 58, meta);
  rule(doc, 86, COLORS.accent, 1.2);

  const top = FIRST_BLOCK_TOP;
  const partyWidth = PAGE.right - PAGE.left - SUMMARY_WIDTH - 24;
  drawText(doc, h.partyLabel.toUpperCase(), PAGE.left, top, { size: 7.5, color: COLORS.muted });
  drawText(doc, h.partyName, PAGE.left, top + 10, { size: 13, weight: 'bold', width: partyWidth });
  h.partyDetails.forEach((line, i) => {
    drawText(doc, line, PAGE.left, top + 30 + i * DETAIL_LINE, { size: 8.5, width: partyWidth });
  });

  const boxX = PAGE.right - SUMMARY_WIDTH;
  const boxHeight = h.summary.length * SUMMARY_LINE + 12;
  band(doc, boxX, top - 4, SUMMARY_WIDTH, boxHeight, COLORS.band);
  h.summary.forEach((line, i) => {
    const y = top + 2 + i * SUMMARY_LINE;
    const style: DrawOptions = { size: 8.5, weight: line.strong ? 'bold' : 'regular' };
    if (line.strong && i > 0) rule(doc, y - 3, COLORS.rule, 0.6, boxX + 8, PAGE.right - 8);
    drawText(doc, line.label, boxX + 10, y, { ...style, width: 110 });
    drawText(doc, line.value, boxX + 120, y, {
      ...style,
      width: SUMMARY_WIDTH - 130,
      align: 'right',
    });
  });
  drawText(doc, h.note, boxX, top - 4 + boxHeight + 4, {
    size: 7,
    color: COLORS.muted,
    width: SUMMARY_WIDTH,
  });
}

/** Amounts are never cut: a figure too wide for its column is set smaller instead. */
function drawStatementAmount(
  doc: PDFKit.PDFDocument,
  text: string,
  at: { x: number; y: number; width: number },
  weight: 'regular' | 'bold',
) {
  drawAmount(doc, text, at.x, at.y, { size: BODY.size, weight, width: at.width });
}

function drawRow(doc: PDFKit.PDFDocument, row: StatementRow, y: number, strong: boolean): void {
  const textY = y + 3.5;
  let x = PAGE.left;
  for (const column of COLUMNS) {
    const inner = column.width - 2 * CELL_PAD;
    const weight = strong ? 'bold' : 'regular';
    if (column.key === 'kind') {
      const used = drawText(doc, row.kind, x + CELL_PAD, textY, { ...BODY, weight, width: inner });
      const rest = inner - used - 4;
      if (row.detail && rest > 12) {
        drawText(doc, row.detail, x + CELL_PAD + used + 4, textY, {
          ...BODY,
          color: COLORS.muted,
          width: rest,
        });
      }
    } else if (column.align === 'right') {
      const at = { x: x + CELL_PAD, y: textY, width: inner };
      if (row[column.key]) drawStatementAmount(doc, row[column.key], at, weight);
    } else {
      drawText(doc, row[column.key], x + CELL_PAD, textY, { ...BODY, weight, width: inner });
    }
    x += column.width;
  }
}

/**
 * Draws the statement: heading, table with its head on every page, an opening row, the rows as
 * they arrive (a chunk at a time) and the trailing rows (totals, closing balance; asked for once
 * every row is drawn), with "Page n of m" in every footer. Ends the document; the caller streams
 * it.
 */
export async function renderStatement(
  doc: PDFKit.PDFDocument,
  heading: StatementHeading,
  opening: StatementRow,
  rows: AsyncIterable<StatementRow[]>,
  trailing: () => [StatementRow, StatementRow],
): Promise<void> {
  const pages = pageCount(heading);
  drawHeading(doc, heading);
  const flow = tableFlow(doc, {
    rowHeight: ROW_HEIGHT,
    firstTop: firstTableTop(heading),
    pages,
    head: COLUMNS.map((column) => ({
      text: column.key === 'kind' ? heading.kindLabel : column.label,
      width: column.width,
      align: column.align,
    })),
    footer: {
      what: `${heading.siteName} · ${heading.title} · ${heading.partyName}`,
      page: (page, count) => `Page ${page} of ${count}`,
      pageWidth: 100,
    },
    running: {
      title: `${heading.title} · ${heading.partyName}`,
      siteName: heading.siteName,
      titleWidth: 330,
      siteWidth: 180,
    },
  });
  const place = (row: StatementRow, strong: boolean) =>
    flow((y) => drawRow(doc, row, y, strong), strong);

  place(opening, true);
  for await (const chunk of rows) {
    if (doc.destroyed) return;
    for (const row of chunk) place(row, false);
    forgetLayouts(doc);
    await roomFor(doc);
  }
  if (doc.destroyed) return; // the client went away
  for (const row of trailing()) place(row, true);
  doc.end();
}
