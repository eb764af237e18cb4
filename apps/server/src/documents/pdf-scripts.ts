/**
 * The Indian scripts beside Devanagari, each with its own Noto Sans family. Text is split into
 * runs by script so that each run is shaped by a font that has its glyphs; Latin, digits, ₹,
 * punctuation and Devanagari stay in the base (Devanagari) font.
 */

/** Unicode blocks of 128 code points each, in order from U+0980. */
const SCRIPTS = [
  'bengali',
  'gurmukhi',
  'gujarati',
  'oriya',
  'tamil',
  'telugu',
  'kannada',
  'malayalam',
] as const;

export type Script = (typeof SCRIPTS)[number];

const FIRST = 0x0980;
const LAST = 0x0d7f;

/** Any character of a script beside Devanagari: the one test plain text pays for. */
export const OTHER_SCRIPT = /[\u0980-\u0d7f]/;

/**
 * Characters that belong to whatever precedes them: combining marks, the joiners (which pick a
 * conjunct's form) and the dandas, which Bengali, Gurmukhi, Oriya and others share with
 * Devanagari (every one of these fonts has them).
 */
const ATTACHED = /^(?:\p{M}|\u200c|\u200d|\u0964|\u0965)$/u;
const SPACES = /^[ \u00a0]+$/;

export interface TextRun {
  text: string;
  /** null: the base font. */
  script: Script | null;
}

function scriptOf(code: number): Script | null {
  return code >= FIRST && code <= LAST ? (SCRIPTS[(code - FIRST) >> 7] ?? null) : null;
}

/**
 * `text` as runs of one script each, joined back they give `text`. Spaces between two words of
 * one script stay in that script's run (its font has a space), so a name is one shaped run.
 */
export function splitScripts(text: string): TextRun[] {
  const runs: TextRun[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const last = runs.at(-1);
    let script = scriptOf(code);
    if (script === null && last && ATTACHED.test(char)) script = last.script;
    if (last && last.script === script) last.text += char;
    else runs.push({ text: char, script });
  }
  // Word, spaces, word of one script: one run.
  const merged: TextRun[] = [];
  for (const run of runs) {
    const [before, gap] = [merged.at(-2), merged.at(-1)];
    if (
      run.script !== null &&
      before?.script === run.script &&
      gap?.script === null &&
      SPACES.test(gap.text)
    ) {
      before.text += gap.text + run.text;
      merged.pop();
    } else {
      merged.push(run);
    }
  }
  return merged;
}

const PACKAGE_NAMES: Record<Script, string> = {
  bengali: 'Bengali',
  gurmukhi: 'Gurmukhi',
  gujarati: 'Gujarati',
  oriya: 'Oriya',
  tamil: 'Tamil',
  telugu: 'Telugu',
  kannada: 'Kannada',
  malayalam: 'Malayalam',
};

/** The npm path of a script's font, resolved at run time like the Devanagari one. */
export function scriptFontFile(script: Script, weight: 'regular' | 'bold'): string {
  const name = PACKAGE_NAMES[script];
  const style = weight === 'bold' ? '700Bold' : '400Regular';
  return `@expo-google-fonts/noto-sans-${script}/${style}/NotoSans${name}_${style}.ttf`;
}

type ApplyAnchor = (this: unknown, markRecord: unknown, baseAnchor: unknown, index: number) => void;

interface LoadedFont {
  _font?: { font?: { _layoutEngine?: { engine?: { GPOSProcessor?: object | null } } } };
}

let anchorsGuarded = false;

/**
 * fontkit 2.0.4 throws on a null anchor in a GPOS mark lookup, which the OpenType spec allows
 * ("no anchor for this mark class") and the Noto Sans Telugu, Gurmukhi and Malayalam fonts have:
 * "శ్రీ" alone would end the export. This makes such an attachment do nothing, as HarfBuzz does
 * (fontkit issue #367). Called with a script font selected; it patches fontkit's GPOS processor
 * once for the process, and does nothing if fontkit's internals ever move.
 */
export function guardNullAnchors(doc: PDFKit.PDFDocument): void {
  if (anchorsGuarded) return;
  const gpos = (doc as unknown as LoadedFont)._font?.font?._layoutEngine?.engine?.GPOSProcessor;
  if (!gpos) return;
  const processor = Object.getPrototypeOf(gpos) as { applyAnchor?: ApplyAnchor };
  const original = processor.applyAnchor;
  if (typeof original !== 'function') return;
  processor.applyAnchor = function (markRecord, baseAnchor, index) {
    const mark = markRecord as { markAnchor?: unknown } | null;
    if (!baseAnchor || !mark?.markAnchor) return;
    original.call(this, markRecord, baseAnchor, index);
  };
  anchorsGuarded = true;
}
