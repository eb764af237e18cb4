import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import {
  guardNullAnchors,
  OTHER_SCRIPT,
  scriptFontFile,
  splitScripts,
  type Script,
  type TextRun,
} from './pdf-scripts.js';

const require = createRequire(import.meta.url);

/**
 * Noto Sans Devanagari has Latin, digits, Devanagari and ₹: the base font of every statement.
 * The other Indic scripts get their own Noto Sans family (pdf-scripts.ts), added only when a
 * document's text needs one. Resolved at run time: the bundle keeps npm packages external.
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

/** The script fonts each document has registered so far. */
const scriptFonts = new WeakMap<PDFKit.PDFDocument, Set<string>>();

/**
 * Selects `script`'s font (null: the base font) in `weight`. A script's font is registered the
 * first time a document's text needs it, and pdfkit embeds only the fonts selected: a statement
 * in Latin and Devanagari carries no other font.
 */
function useFont(doc: PDFKit.PDFDocument, weight: FontWeight, script: Script | null): void {
  if (script === null) {
    doc.font(weight);
    return;
  }
  const name = `${weight}-${script}`;
  let names = scriptFonts.get(doc);
  if (!names) {
    names = new Set();
    scriptFonts.set(doc, names);
  }
  if (!names.has(name)) {
    doc.registerFont(name, require.resolve(scriptFontFile(script, weight)));
    names.add(name);
  }
  doc.font(name);
  guardNullAnchors(doc);
}

/** Width of each run in its own font; the size must already be set. */
function runWidths(doc: PDFKit.PDFDocument, runs: TextRun[], weight: FontWeight): number[] {
  return runs.map((run) => {
    useFont(doc, weight, run.script);
    return doc.widthOfString(run.text);
  });
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * Width of `text`, style applied. `mixed` says whether it may hold another Indic script: one test
 * per string, so Latin and Devanagari (nearly every cell) are measured in one call as before.
 */
function widthOf(doc: PDFKit.PDFDocument, text: string, style: TextStyle, mixed: boolean): number {
  applyStyle(doc, style);
  if (!mixed) return doc.widthOfString(text);
  return sum(runWidths(doc, splitScripts(text), style.weight ?? 'regular'));
}

/** Width of `text` in `style`, each script in its own font. */
export function measure(doc: PDFKit.PDFDocument, text: string, style: TextStyle): number {
  return widthOf(doc, text, style, OTHER_SCRIPT.test(text));
}

function fitTo(
  doc: PDFKit.PDFDocument,
  text: string,
  width: number,
  style: TextStyle,
  mixed: boolean,
): string {
  if (widthOf(doc, text, style, mixed) <= width) return text;
  const graphemes = Array.from(segmenter.segment(text), (s) => s.segment);
  let low = 0;
  let high = graphemes.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    const candidate = `${graphemes.slice(0, mid).join('').trimEnd()}…`;
    if (widthOf(doc, candidate, style, mixed) <= width) low = mid;
    else high = mid - 1;
  }
  return low === 0 ? '' : `${graphemes.slice(0, low).join('').trimEnd()}…`;
}

/**
 * `text` cut to `width` with an ellipsis, never inside a grapheme (a Devanagari or Tamil
 * syllable stays whole). Rows have one fixed height, which is what lets the page count be known
 * up front.
 */
export function fit(
  doc: PDFKit.PDFDocument,
  text: string,
  width: number,
  style: TextStyle,
): string {
  return fitTo(doc, text, width, style, OTHER_SCRIPT.test(text));
}

/** Smallest size an amount is set in before it is scaled exactly to its column. */
const AMOUNT_FLOOR = 5.5;

/**
 * The size at which `text` (an amount) fits `width`: `style.size`, else smaller in half points
 * down to 5.5, else exactly what fits. An amount is never cut (issue 40: ₹1 crore and more).
 */
export function amountSize(
  doc: PDFKit.PDFDocument,
  text: string,
  width: number,
  style: TextStyle,
): number {
  let size = style.size;
  while (size > AMOUNT_FLOOR && measure(doc, text, { ...style, size }) > width) size -= 0.5;
  const wide = measure(doc, text, { ...style, size });
  return wide > width ? Math.floor(((size * width) / wide) * 100) / 100 : size;
}

/** An amount right-aligned in `width`, smaller when it must be, on the row's baseline. */
export function drawAmount(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  options: TextStyle & { width: number },
): number {
  const size = amountSize(doc, text, options.width, options);
  const top = y + (options.size - size) / 2;
  return drawText(doc, text, x, top, { ...options, size, align: 'right' });
}

export interface DrawOptions extends TextStyle {
  width?: number;
  align?: 'left' | 'right';
}

/** Where text `textWidth` wide starts: right-aligned text ends at x + width. */
const leftEdge = (x: number, options: DrawOptions, textWidth: number) =>
  options.align === 'right' && options.width !== undefined ? x + options.width - textWidth : x;

/** Draws inside a span whose ActualText is `text` when `marked` (shaped text, see drawText). */
function inSpan(doc: PDFKit.PDFDocument, text: string, marked: boolean, draw: () => void): void {
  if (marked) doc.markContent('Span', { actual: text });
  draw();
  if (marked) doc.endMarkedContent();
}

/**
 * Draws `text`'s runs side by side, each in its script's font, all on the base font's baseline
 * (pdfkit places text by its own font's ascender, which differs from script to script). One
 * ActualText span covers the whole string, not each run: a reader then gets the name as one
 * piece of text, in order, as it does for a Devanagari string.
 */
function drawRuns(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  options: DrawOptions,
): number {
  const weight = options.weight ?? 'regular';
  const runs = splitScripts(text);
  const widths = runWidths(doc, runs, weight);
  const textWidth = sum(widths);
  let left = leftEdge(x, options, textWidth);
  doc.font(weight);
  const ascender = (doc as unknown as { _font?: { ascender?: number } })._font?.ascender;
  const baseline = ascender === undefined ? undefined : (-ascender / 1000) * options.size;
  const marked = runs.some((run) => run.script !== null) || DEVANAGARI.test(text);
  inSpan(doc, text, marked, () =>
    runs.forEach((run, i) => {
      useFont(doc, weight, run.script);
      doc.text(run.text, left, y, { lineBreak: false, baseline });
      left += widths[i] ?? 0;
    }),
  );
  return textWidth;
}

/**
 * One line of text at (x, y), cut to `width`; right-aligned text ends at x + width. Shaped
 * text (Devanagari and the other Indic scripts) is stored as glyphs in visual order, so it is
 * wrapped in a span whose ActualText carries the original characters: copy, search and text
 * extraction read it right.
 */
export function drawText(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  options: DrawOptions,
): number {
  const mixed = OTHER_SCRIPT.test(text);
  const shown =
    options.width === undefined ? text : fitTo(doc, text, options.width, options, mixed);
  applyStyle(doc, options);
  if (mixed) return drawRuns(doc, shown, x, y, options);
  const textWidth = doc.widthOfString(shown);
  const left = leftEdge(x, options, textWidth);
  inSpan(doc, shown, DEVANAGARI.test(shown), () => doc.text(shown, left, y, { lineBreak: false }));
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
