/**
 * The parts a purchase order and a work order share around their lines: the first page's heading
 * and the later pages' one, the total with the amount in words, titled text (terms, notes), and
 * the signature lines.
 */
import { amountInWords, toPaise } from '@siteledger/domain';
import {
  band,
  COLORS,
  drawText,
  fit,
  PAGE,
  rule,
  type DrawOptions,
  type TextStyle,
} from './pdf-canvas.js';
import { drawLogo, LOGO_GAP } from './pdf-logo.js';
import { ALERT, CONTENT_WIDTH, MUTED, type Block } from './pdf-pages.js';
import { wrap } from './pdf-wrap.js';

type Doc = PDFKit.PDFDocument;

// ---------------------------------------------------------------------------------------------
// Headings

/** A line of the heading's right side: label, value, and the value's colour. */
export type MetaRow = [string, string, string?];

/**
 * The first page's heading: the business's logo when it has one (issue 47), the document's title
 * and its number right of it (a draft says it is not issued), and up to three rows of dates and
 * status on the right, above a rule.
 */
export function drawOrderHeading(
  doc: Doc,
  title: string,
  number: string | null,
  meta: MetaRow[],
  logo?: Buffer | null,
): void {
  const logoWidth = drawLogo(doc, logo, PAGE.left, 38);
  const x = logoWidth > 0 ? PAGE.left + logoWidth + LOGO_GAP : PAGE.left;
  const width = PAGE.right - 208 - x;
  drawText(doc, title, x, 34, { size: 20, weight: 'bold', color: COLORS.accent, width });
  const numberStyle = { size: 12, weight: 'bold' as const, width: Math.min(280, width) };
  if (number) drawText(doc, number, x, 62, numberStyle);
  else drawText(doc, 'DRAFT — not issued', x, 62, { ...numberStyle, color: ALERT });
  const top = meta.length > 2 ? 34 : 42;
  meta.forEach(([label, value, color], i) => {
    const y = top + i * 14;
    drawText(doc, label, PAGE.right - 200, y, { size: 8.5, color: COLORS.muted, width: 80 });
    const style = { size: 9, weight: 'bold' as const, color, width: 150, align: 'right' as const };
    drawText(doc, value.trim(), PAGE.right - 150, y, style);
  });
  rule(doc, 86, COLORS.accent, 1.2);
}

/** The later pages' heading: the document on the left, whom it is to on the right. */
export function drawContinuationHeading(doc: Doc, title: string, to: string): void {
  const style = { size: 10, weight: 'bold' as const, color: COLORS.accent, width: 260 };
  drawText(doc, title, PAGE.left, 38, style);
  const right: DrawOptions = { size: 8.5, color: COLORS.muted, width: 250, align: 'right' };
  drawText(doc, `To ${to}`, PAGE.right - 250, 40, right);
  rule(doc, 56, COLORS.accent, 1);
}

// ---------------------------------------------------------------------------------------------
// The total

export const TOTALS_WIDTH = 220;
export const TOTAL_STYLE = { size: 10, weight: 'bold' as const, color: '#ffffff' };

/** The amount in words, left of the totals: its height, and a function that draws it at `y`. */
export function amountWords(doc: Doc, rupees: number) {
  const width = CONTENT_WIDTH - TOTALS_WIDTH - 24;
  const style: DrawOptions = { size: 8.5, weight: 'bold' };
  const words = wrap(doc, amountInWords(toPaise(rupees)), width, style, 4);
  const draw = (y: number) => {
    drawText(doc, 'Amount in words', PAGE.left, y, MUTED);
    words.forEach((w, i) => drawText(doc, w, PAGE.left, y + 12 + i * 12, style));
  };
  return { height: 14 + words.length * 12, draw };
}

/** The band of the total, "Total" on it; answers where its amount goes (x, in `TOTAL_STYLE`). */
export function drawTotalBand(doc: Doc, y: number): number {
  const x = PAGE.right - TOTALS_WIDTH;
  band(doc, x, y - 5, TOTALS_WIDTH, 22, COLORS.accent);
  drawText(doc, 'Total', x + 10, y, TOTAL_STYLE);
  return x + 60;
}

// ---------------------------------------------------------------------------------------------
// Text

/** Paragraphs (newline-separated) wrapped to `width`, at most `maxLines` lines in all. */
function paragraphs(doc: Doc, text: string, width: number, style: TextStyle, maxLines: number) {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    if (lines.length >= maxLines) {
      lines[maxLines - 1] = fit(doc, `${lines[maxLines - 1] ?? ''}…`, width, style);
      break;
    }
    if (!paragraph.trim()) continue;
    lines.push(...wrap(doc, paragraph, width, style, maxLines - lines.length));
  }
  return lines;
}

const TEXT_STYLE: DrawOptions = { size: 8 };

/** A titled section (terms, notes): the title stays with its first line. */
export function textBlocks(doc: Doc, title: string, text: string | null): Block[] {
  if (!text?.trim()) return [];
  const lines = paragraphs(doc, text, CONTENT_WIDTH, TEXT_STYLE, 60);
  return lines.map((line, i) => {
    const first = i === 0;
    const height = first ? 32 : 11;
    const draw = (y: number) => {
      if (first) drawText(doc, title, PAGE.left, y + 10, { size: 9, weight: 'bold' });
      drawText(doc, line, PAGE.left, y + height - 11, TEXT_STYLE);
    };
    return { height, draw };
  });
}

/** A grey line of its own ("Please quote … on every invoice"). */
export function noteBlock(doc: Doc, text: string): Block {
  return { height: 22, draw: (y) => drawText(doc, text, PAGE.left, y + 12, MUTED) };
}

// ---------------------------------------------------------------------------------------------
// Signatures

export const SIGNATURE_STYLE = { size: 8.5, weight: 'bold' as const };

/**
 * The signatory on the right, in a column `width` wide: "For <site>", the line to sign on (from
 * `inset` into the column), "Authorised signatory".
 */
export function drawSignatory(doc: Doc, site: string, y: number, width: number, inset: number) {
  const right = PAGE.right - width;
  drawText(doc, `For ${site}`, right, y, { ...SIGNATURE_STYLE, width, align: 'right' });
  rule(doc, y + 46, COLORS.text, 0.6, right + inset, PAGE.right);
  drawText(doc, 'Authorised signatory', right, y + 50, { size: 8, width, align: 'right' });
}

/** The other party's line on the left, `length` long, and what signing it means under it. */
export function drawAcceptance(doc: Doc, text: string, y: number, length: number): void {
  rule(doc, y + 46, COLORS.text, 0.6, PAGE.left, PAGE.left + length);
  drawText(doc, text, PAGE.left, y + 50, { size: 8 });
}
