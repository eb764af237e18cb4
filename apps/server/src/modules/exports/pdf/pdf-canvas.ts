import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);

/**
 * Noto Sans Devanagari has Latin, digits, Devanagari and ₹, so one family renders every
 * statement. Resolved at run time: the bundle keeps npm packages external (node_modules).
 */
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf',
} as const;

export type FontWeight = keyof typeof FONT_FILES;

export const COLORS = {
  text: '#111827',
  muted: '#6b7280',
  rule: '#d1d5db',
  faint: '#e5e7eb',
  band: '#f3f4f6',
  stripe: '#f9fafb',
  accent: '#1e3a5f',
} as const;

/** A4 in points, with the margins every page uses. */
export const PAGE = {
  width: 595.28,
  height: 841.89,
  left: 40,
  right: 555.28,
  top: 40,
} as const;

export function createPdf(title: string, subject: string): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    // Everything is placed at absolute positions; tiny margins keep pdfkit from adding pages.
    margins: { top: 10, bottom: 10, left: PAGE.left, right: PAGE.width - PAGE.right },
    info: { Title: title, Subject: subject, Author: 'SiteLedger', Creator: 'SiteLedger' },
    lang: 'en-IN',
  });
  doc.registerFont('regular', require.resolve(FONT_FILES.regular));
  doc.registerFont('bold', require.resolve(FONT_FILES.bold));
  return doc;
}

const DEVANAGARI = /[\u0900-\u097f]/;
const segmenter = new Intl.Segmenter('hi', { granularity: 'grapheme' });

export interface TextStyle {
  weight?: FontWeight;
  size: number;
  color?: string;
}

function applyStyle(doc: PDFKit.PDFDocument, style: TextStyle): void {
  doc
    .font(style.weight ?? 'regular')
    .fontSize(style.size)
    .fillColor(style.color ?? COLORS.text);
}

/** Width of `text` in `style`. */
export function measure(doc: PDFKit.PDFDocument, text: string, style: TextStyle): number {
  applyStyle(doc, style);
  return doc.widthOfString(text);
}

/**
 * `text` cut to `width` with an ellipsis, never inside a grapheme (a Devanagari syllable stays
 * whole). Rows have one fixed height, which is what lets the page count be known up front.
 */
export function fit(
  doc: PDFKit.PDFDocument,
  text: string,
  width: number,
  style: TextStyle,
): string {
  if (measure(doc, text, style) <= width) return text;
  const graphemes = Array.from(segmenter.segment(text), (s) => s.segment);
  let low = 0;
  let high = graphemes.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    const candidate = `${graphemes.slice(0, mid).join('').trimEnd()}…`;
    if (doc.widthOfString(candidate) <= width) low = mid;
    else high = mid - 1;
  }
  return low === 0 ? '' : `${graphemes.slice(0, low).join('').trimEnd()}…`;
}

export interface DrawOptions extends TextStyle {
  width?: number;
  align?: 'left' | 'right';
}

/**
 * One line of text at (x, y), cut to `width`; right-aligned text ends at x + width. Shaped
 * Devanagari is stored as glyphs in visual order, so such text is wrapped in a span whose
 * ActualText carries the original characters: copy, search and text extraction read it right.
 */
export function drawText(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  options: DrawOptions,
): number {
  const shown = options.width === undefined ? text : fit(doc, text, options.width, options);
  applyStyle(doc, options);
  const textWidth = doc.widthOfString(shown);
  const left =
    options.align === 'right' && options.width !== undefined ? x + options.width - textWidth : x;
  const marked = DEVANAGARI.test(shown);
  if (marked) doc.markContent('Span', { actual: shown });
  doc.text(shown, left, y, { lineBreak: false });
  if (marked) doc.endMarkedContent();
  return textWidth;
}

export function rule(
  doc: PDFKit.PDFDocument,
  y: number,
  color: string = COLORS.rule,
  width = 0.6,
  from: number = PAGE.left,
  to: number = PAGE.right,
): void {
  doc.save().moveTo(from, y).lineTo(to, y).lineWidth(width).strokeColor(color).stroke().restore();
}

export function band(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  width: number,
  height: number,
  color: string,
): void {
  doc.save().rect(x, y, width, height).fill(color).restore();
}

interface CachedFont {
  layoutCache?: Record<string, unknown>;
}

/**
 * pdfkit caches the shaping of every distinct word for the life of the document (each date,
 * amount and reference of a 100 000-row statement), yet shaping without the cache is several
 * times slower. Emptying the caches after each chunk of rows keeps both speed and memory flat.
 * `_fontFamilies` is pdfkit's own table of loaded fonts; if it ever moves, this does nothing.
 */
export function forgetLayouts(doc: PDFKit.PDFDocument): void {
  const fonts = (doc as unknown as { _fontFamilies?: Record<string, CachedFont> })._fontFamilies;
  for (const font of Object.values(fonts ?? {})) {
    if (font.layoutCache) font.layoutCache = Object.create(null) as Record<string, unknown>;
  }
}

/**
 * Lets the pages drawn so far go out, and waits while the document's unread output is above
 * `limit` bytes. With SQLite the rows arrive without ever leaving the microtask queue, so without
 * this turn of the event loop nothing would be sent until the whole file was drawn; and pdfkit
 * pushes pages whether or not the client keeps up, so a slow download must slow the drawing
 * instead of piling the file up in memory (polled: a paused stream emits no event to wait on).
 */
export async function roomFor(doc: PDFKit.PDFDocument, limit = 1 << 20): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  while (doc.readableLength > limit && !doc.destroyed) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
