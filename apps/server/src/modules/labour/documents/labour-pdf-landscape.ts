/**
 * A4 landscape for the labour registers: 31 day columns, or twelve of wages and a column to sign
 * in, do not fit the portrait page every other document uses.
 *
 * `createPdf` opens the first page, portrait, before a caller can choose; nothing is drawn on it
 * yet, so it is made landscape in place (its size, and a shift for the flip pdfkit wrote for the
 * portrait height), and the later pages are opened landscape. (A portrait page turned by /Rotate
 * was tried: poppler then loses the ActualText of Devanagari names and of ¾.) The shared pager
 * (pdf-pages.ts) is fixed to the portrait page's height, so the pages are laid out here; all that
 * is on them is drawn with the shared primitives (text, amounts, bands, rules, columns) unchanged.
 */
import {
  band,
  COLORS,
  drawText,
  forgetLayouts,
  PAGE,
  rule,
} from '../../../documents/pdf-canvas.js';
import type { DrawOptions } from '../../../documents/pdf-canvas.js';

type Doc = PDFKit.PDFDocument;

/** The landscape page, with the portrait page's left margin, so pdf-columns' cells line up. */
export const SHEET = {
  width: PAGE.height,
  height: PAGE.width,
  left: PAGE.left,
  right: PAGE.height - PAGE.left,
} as const;
export const SHEET_WIDTH = SHEET.right - SHEET.left;
/** Where a block may end at the lowest, above the footer. */
export const SHEET_BOTTOM = 548;
const FOOTER_RULE = 558;
/** Where the content starts on the pages after the first (under the running heading). */
export const SHEET_NEXT_TOP = 62;

interface OpenPage {
  width: number;
  height: number;
  dictionary: { data: { MediaBox: number[] } };
}

/**
 * Makes the document's first page (open, still blank) A4 landscape. pdfkit flipped its y axis
 * with the portrait height when it opened the page: a shift by the difference puts y = 0 at the
 * top of the landscape page. Text goes through the same transform, whatever the page's size.
 */
export function landscapeFirstPage(doc: Doc): void {
  const page = doc.page as unknown as OpenPage;
  const shift = page.height - SHEET.height;
  page.width = SHEET.width;
  page.height = SHEET.height;
  page.dictionary.data.MediaBox = [0, 0, SHEET.width, SHEET.height];
  doc.translate(0, shift);
}

/** Opens the next page, A4 landscape. */
export function addLandscapePage(doc: Doc): void {
  doc.addPage({ ...doc.options, size: 'A4', layout: 'landscape' });
}

/** A piece with a known height, drawn once its page and place are known. */
export interface SheetBlock {
  height: number;
  /** A row of the table: the table's head is drawn above it at the top of each page. */
  row?: boolean;
  draw: (y: number) => void;
}

export interface PlacedBlock {
  /** The block's index in the list given. */
  index: number;
  y: number;
}

export interface SheetPage {
  /** Where the table's head goes on this page, if a row starts the page's table. */
  headAt: number | null;
  blocks: PlacedBlock[];
}

/**
 * Places the blocks page by page from `firstTop`: a block that does not fit starts the next page,
 * and the first row after the page's top or after another block gets the table's head above it.
 */
export function layoutSheet(
  heights: readonly { height: number; row?: boolean }[],
  firstTop: number,
  headHeight: number,
): SheetPage[] {
  const pages: SheetPage[] = [{ headAt: null, blocks: [] }];
  let y = firstTop;
  let headed = false;
  heights.forEach((block, index) => {
    const needHead = block.row === true && !headed;
    if (y + block.height + (needHead ? headHeight : 0) > SHEET_BOTTOM && y > SHEET_NEXT_TOP) {
      pages.push({ headAt: null, blocks: [] });
      y = SHEET_NEXT_TOP;
      headed = false;
    }
    const page = pages[pages.length - 1] ?? { headAt: null, blocks: [] };
    if (block.row === true && !headed) {
      page.headAt = y;
      y += headHeight;
    }
    headed = block.row === true;
    page.blocks.push({ index, y });
    y += block.height;
  });
  return pages;
}

export interface SheetFurniture {
  /** Draws the first page's heading; answers where its content starts. */
  heading: () => number;
  /** Draws the heading of the pages after the first. */
  running: () => void;
  /** The table's head, repeated on each page the table runs onto. */
  head: { height: number; draw: (y: number) => void };
  /** What the document is, on the left of every footer. */
  footer: string;
}

/** Draws the turned pages: headings, footers, the table's heads and the blocks. */
export function drawSheet(
  doc: Doc,
  blocks: readonly SheetBlock[],
  furniture: SheetFurniture,
): void {
  landscapeFirstPage(doc);
  // The first heading is drawn before the layout: where it ends is where the table starts.
  const pages = layoutSheet(blocks, furniture.heading(), furniture.head.height);
  pages.forEach((page, i) => {
    if (i > 0) {
      // The word-shaping caches are emptied as a page ends (pdf-canvas.ts forgetLayouts).
      forgetLayouts(doc);
      addLandscapePage(doc);
      furniture.running();
    }
    drawFooter(doc, furniture.footer, i + 1, pages.length);
    if (page.headAt !== null) furniture.head.draw(page.headAt);
    for (const placed of page.blocks) blocks[placed.index]?.draw(placed.y);
  });
}

function drawFooter(doc: Doc, what: string, page: number, pages: number): void {
  rule(doc, FOOTER_RULE, COLORS.rule, 0.6, SHEET.left, SHEET.right);
  const style: DrawOptions = { size: 7.5, color: COLORS.muted };
  drawText(doc, what, SHEET.left, FOOTER_RULE + 6, { ...style, width: 480 });
  const right = `Page ${page} of ${pages} · Generated by SiteLedger`;
  const at = { ...style, width: 220, align: 'right' as const };
  drawText(doc, right, SHEET.right - 220, FOOTER_RULE + 6, at);
}

/** The later pages' heading: what the document is on the left, the site on the right. */
export function drawSheetRunningHeading(doc: Doc, title: string, site: string): void {
  const style = { size: 10, weight: 'bold' as const, color: COLORS.accent, width: 420 };
  drawText(doc, title, SHEET.left, 34, style);
  const right: DrawOptions = { size: 8.5, color: COLORS.muted, width: 300, align: 'right' };
  drawText(doc, site, SHEET.right - 300, 36, right);
  rule(doc, 52, COLORS.accent, 1, SHEET.left, SHEET.right);
}

/**
 * The first page's heading: the title with the form it follows under it, the info lines on the
 * left, short figures on the right; answers where the table may start.
 */
export function drawSheetHeading(
  doc: Doc,
  heading: {
    title: string;
    form: string;
    info: string[];
    /** A small grey line under the info (a legend). */
    note?: string;
    figures: [string, string][];
  },
): number {
  drawText(doc, heading.title, SHEET.left, 28, { size: 16, weight: 'bold', color: COLORS.accent });
  drawText(doc, heading.form, SHEET.left, 48, { size: 7.5, color: COLORS.muted, width: 460 });
  let y = 64;
  for (const line of heading.info) {
    drawText(doc, line, SHEET.left, y, { size: 9, width: 460 });
    y += 13;
  }
  if (heading.note) {
    drawText(doc, heading.note, SHEET.left, y + 1, {
      size: 7.5,
      color: COLORS.muted,
      width: SHEET_WIDTH - 250,
    });
    y += 12;
  }
  heading.figures.forEach(([label, value], i) => {
    const top = 30 + i * 13;
    const x = SHEET.right - 230;
    drawText(doc, label, x, top, { size: 8, color: COLORS.muted, width: 120 });
    const style = { size: 9, weight: 'bold' as const, width: 110, align: 'right' as const };
    drawText(doc, value, SHEET.right - 110, top, style);
  });
  const bottom = Math.max(y, 30 + heading.figures.length * 13) + 2;
  rule(doc, bottom, COLORS.accent, 1.2, SHEET.left, SHEET.right);
  return bottom + 8;
}

/** The head band of a landscape table, `height` tall, from the left margin to the right. */
export function drawSheetHeadBand(doc: Doc, y: number, height: number): void {
  band(doc, SHEET.left, y, SHEET_WIDTH, height, COLORS.band);
  rule(doc, y, COLORS.rule, 0.8, SHEET.left, SHEET.right);
  rule(doc, y + height, COLORS.rule, 0.8, SHEET.left, SHEET.right);
}

/**
 * The site in-charge's signature under a register, as the rules ask of the employer's
 * representative: "For <site>", a line, and what the signature attests.
 */
export function signatureBlock(
  doc: Doc,
  siteName: string,
  width: number,
  note: string,
): SheetBlock {
  const draw = (y: number) => {
    const x = SHEET.right - width;
    drawText(doc, `For ${siteName}`, x, y + 14, {
      size: 8.5,
      weight: 'bold',
      width,
      align: 'right',
    });
    doc
      .save()
      .lineWidth(0.6)
      .strokeColor(COLORS.text)
      .moveTo(x + 60, y + 50)
      .lineTo(SHEET.right, y + 50)
      .stroke()
      .restore();
    drawText(doc, note, x, y + 54, { size: 8, width, align: 'right' });
  };
  return { height: 70, draw };
}
