import {
  band,
  COLORS,
  drawText,
  forgetLayouts,
  PAGE,
  rule,
  type DrawOptions,
} from './pdf-canvas.js';

/*
 * The paged A4 table the reports share (account and vendor statements, stock reports): a head
 * band repeated on every page, rows of one height, and a footer with "Page n of m". Rows have one
 * height, so the page count is known before the first row is drawn and each footer is written
 * as its page is made.
 */

type Doc = PDFKit.PDFDocument;

const TABLE_HEAD_HEIGHT = 20;
/** Where a row may end at the lowest, above the footer. */
const TABLE_BOTTOM = 798;
const FOOTER_RULE = 806;
/** Where the table starts on the pages after the first (under the running heading). */
const NEXT_TABLE_TOP = 66;
/** Space between a column's edge and its text. */
export const CELL_PAD = 4;

/** How many rows fit between `tableTop` and the bottom, under the table's head. */
function rowsThatFit(tableTop: number, rowHeight: number): number {
  return Math.floor((TABLE_BOTTOM - tableTop - TABLE_HEAD_HEIGHT) / rowHeight);
}

/** The pages `rows` rows of `rowHeight` take when the first page's table starts at `firstTop`. */
export function tablePageCount(rows: number, rowHeight: number, firstTop: number): number {
  const first = rowsThatFit(firstTop, rowHeight);
  if (rows <= first) return 1;
  return 1 + Math.ceil((rows - first) / rowsThatFit(NEXT_TABLE_TOP, rowHeight));
}

/** A column's title in the head band. */
export interface HeadCell {
  text: string;
  width: number;
  align: 'left' | 'right';
}

/** The head band with the column titles at `y`; answers where the first row goes. */
function drawTableHead(doc: Doc, y: number, cells: readonly HeadCell[]): number {
  band(doc, PAGE.left, y, PAGE.right - PAGE.left, TABLE_HEAD_HEIGHT, COLORS.band);
  let x = PAGE.left;
  for (const cell of cells) {
    drawText(doc, cell.text, x + CELL_PAD, y + 5, {
      size: 8,
      weight: 'bold',
      width: cell.width - 2 * CELL_PAD,
      align: cell.align,
    });
    x += cell.width;
  }
  rule(doc, y + TABLE_HEAD_HEIGHT, COLORS.rule, 0.8);
  return y + TABLE_HEAD_HEIGHT;
}

/** The heading of the pages after the first: the title, the site on the right, a rule. */
function drawRunningHeading(
  doc: Doc,
  title: string,
  siteName: string,
  widths: { title?: number; site: number },
): void {
  drawText(doc, title, PAGE.left, 38, {
    size: 10,
    weight: 'bold',
    color: COLORS.accent,
    width: widths.title,
  });
  drawText(doc, siteName, PAGE.right - widths.site, 40, {
    size: 8.5,
    color: COLORS.muted,
    width: widths.site,
    align: 'right',
  });
  rule(doc, 56, COLORS.accent, 1);
}

/** The footer: a rule, what the document is on the left, the page ("Page n of m") on the right. */
function drawPageFooter(doc: Doc, what: string, page: string, pageWidth: number): void {
  rule(doc, FOOTER_RULE, COLORS.rule, 0.6);
  const style: DrawOptions = { size: 7.5, color: COLORS.muted };
  drawText(doc, what, PAGE.left, FOOTER_RULE + 6, { ...style, width: 380 });
  drawText(doc, page, PAGE.right - pageWidth, FOOTER_RULE + 6, {
    ...style,
    width: pageWidth,
    align: 'right',
  });
}

export interface TableFlowOptions {
  rowHeight: number;
  /** Where the first page's table head goes (under the caller's heading). */
  firstTop: number;
  pages: number;
  /** The column titles, on every page. */
  head: readonly HeadCell[];
  /** The footer: what the document is, and "Page n of m" in a box `pageWidth` wide. */
  footer: { what: string; page: (page: number, pages: number) => string; pageWidth: number };
  /** The heading of the later pages, and how wide its title and site may be. */
  running: { title: string; siteName: string; titleWidth?: number; siteWidth: number };
  /** Strong rows (totals) sit on the head's band; else they are striped like the others. */
  bandStrong?: boolean;
}

/**
 * Draws the first page's footer and table head, and answers a function that places rows one
 * under the other: every second row striped, a faint rule under each, and a new page (running
 * heading, footer, head) when a row would pass the bottom. The caller has drawn the first page's
 * heading.
 */
export function tableFlow(doc: Doc, options: TableFlowOptions) {
  const { rowHeight, footer, running } = options;
  const width = PAGE.right - PAGE.left;
  const drawFooter = (page: number) =>
    drawPageFooter(doc, footer.what, footer.page(page, options.pages), footer.pageWidth);
  let page = 1;
  drawFooter(page);
  let y = drawTableHead(doc, options.firstTop, options.head);
  let index = 0;
  return (drawRow: (y: number) => void, strong: boolean): void => {
    if (y + rowHeight > TABLE_BOTTOM) {
      // The word-shaping caches are emptied as a page ends (see forgetLayouts); output unchanged.
      forgetLayouts(doc);
      doc.addPage();
      page += 1;
      drawRunningHeading(doc, running.title, running.siteName, {
        title: running.titleWidth,
        site: running.siteWidth,
      });
      drawFooter(page);
      y = drawTableHead(doc, NEXT_TABLE_TOP, options.head);
    }
    if (strong && options.bandStrong) band(doc, PAGE.left, y, width, rowHeight, COLORS.band);
    else if (index % 2 === 1) band(doc, PAGE.left, y, width, rowHeight, COLORS.stripe);
    drawRow(y);
    rule(doc, y + rowHeight, COLORS.faint, 0.4);
    y += rowHeight;
    index += 1;
  };
}
