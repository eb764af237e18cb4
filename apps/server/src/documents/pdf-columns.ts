/**
 * The columns of an order's tables (the lines of a purchase or work order, its variations): where
 * each cell's text goes, the head band with the titles, and amounts that are never cut.
 */
import { band, COLORS, drawAmount, drawText, PAGE, rule } from './pdf-canvas.js';
import { BODY, CONTENT_WIDTH, TABLE_HEAD_HEIGHT } from './pdf-pages.js';

type Doc = PDFKit.PDFDocument;

export interface Column {
  label: string;
  width: number;
  align: 'left' | 'right';
}

/** The height of a line of text in a row. */
export const LINE = 10;
/** Space between a column's edge and its text. */
export const PAD = 4;

/** Where the text of column `i` goes: its left edge and width inside the padding. */
export function columnCells(columns: readonly Column[]) {
  const xs = columns.reduce<number[]>(
    (acc, c, i) => [...acc, (acc[i] ?? 0) + c.width],
    [PAGE.left],
  );
  return (i: number) => ({ x: (xs[i] ?? 0) + PAD, width: (columns[i]?.width ?? 0) - 2 * PAD });
}

/** The head band at `y` with the columns' titles. */
export function drawColumnHeads(doc: Doc, columns: readonly Column[], y: number): void {
  band(doc, PAGE.left, y, CONTENT_WIDTH, TABLE_HEAD_HEIGHT, COLORS.band);
  const cell = columnCells(columns);
  columns.forEach((column, i) => {
    const style = { size: 7.5, weight: 'bold' as const, align: column.align };
    drawText(doc, column.label, cell(i).x, y + 5.5, { ...style, width: cell(i).width });
  });
  rule(doc, y, COLORS.rule, 0.8);
  rule(doc, y + TABLE_HEAD_HEIGHT, COLORS.rule, 0.8);
}

/** An amount is never cut: a figure too wide for its column is set smaller instead. */
export function drawLineAmount(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  bold = false,
): void {
  drawAmount(doc, text, x, y, { size: BODY.size, weight: bold ? 'bold' : 'regular', width });
}
