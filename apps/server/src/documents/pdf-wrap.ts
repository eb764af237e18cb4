/**
 * The one-page documents (purchase order, plan invoice): how they are streamed, and text wrapping: lines that fit a
 * width, broken at spaces, inside a word only when the word alone is too wide (Devanagari by whole
 * graphemes), and cut with an ellipsis after `maxLines`.
 */
import { createPdf, fit, measure, type TextStyle } from './pdf-canvas.js';

type Doc = PDFKit.PDFDocument;

const graphemes = new Intl.Segmenter('hi', { granularity: 'grapheme' });

/** The longest start of `word` (whole graphemes) that fits `width`; at least one grapheme. */
export function headThatFits(doc: Doc, word: string, width: number, style: TextStyle): string {
  const parts = Array.from(graphemes.segment(word), (s) => s.segment);
  let low = 1;
  let high = parts.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(doc, parts.slice(0, mid).join(''), style) <= width) low = mid;
    else high = mid - 1;
  }
  return parts.slice(0, low).join('');
}

/**
 * `text` wrapped at spaces (inside a word only when the word alone is too wide) into at most
 * `maxLines` lines; the last line ends in an ellipsis when text is left over.
 */
export function wrap(doc: Doc, text: string, width: number, style: TextStyle, maxLines: number) {
  const lines: string[] = [];
  let rest = text.replace(/\s+/g, ' ').trim();
  while (rest && lines.length < maxLines) {
    if (lines.length === maxLines - 1 || measure(doc, rest, style) <= width) {
      lines.push(fit(doc, rest, width, style));
      break;
    }
    const words = rest.split(' ');
    let line = '';
    let used = 0;
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (measure(doc, candidate, style) > width) break;
      line = candidate;
      used += 1;
    }
    if (used === 0) line = headThatFits(doc, words[0] ?? rest, width, style);
    lines.push(line);
    rest = rest.slice(line.length).trim();
  }
  return lines;
}

/**
 * A one-page document drawn on the next tick (so the caller can pipe it first) and ended; a
 * drawing error goes to `onError` and destroys the stream.
 */
export function onePagePdf(
  title: string,
  author: string,
  render: (doc: Doc) => void,
  onError: (error: unknown) => void,
): Doc {
  const doc = createPdf(title, author);
  const draw = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    render(doc);
    doc.end();
  };
  draw().catch((error: unknown) => {
    onError(error);
    doc.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return doc;
}
