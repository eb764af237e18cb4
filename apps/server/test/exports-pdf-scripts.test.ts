import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPdf, drawText, fit, measure } from '../src/documents/pdf-canvas.js';
import { splitScripts } from '../src/documents/pdf-scripts.js';
import { createSite, registerUser, type Registered } from './helpers/api.js';
import { download } from './helpers/export-fixtures.js';
import { moneyKit, type MoneyKit } from './helpers/payment-fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

// As in exports-pdf.test.ts: without poppler the render checks are skipped on a developer's
// machine only (that file fails the run in CI when poppler is missing).
const hasPoppler = spawnSync('pdftotext', ['-v']).status === 0;
const skipRender = !hasPoppler && !process.env.CI;

/** Where the rendered first pages are kept for a person to look at. */
const ARTIFACTS = path.join(os.tmpdir(), 'siteledger-exports');

/** Vendor names in each script beside Devanagari, with the font family that must draw them. */
const NAMES = [
  { script: 'Tamil', name: 'முருகன் கட்டுமானம்' },
  { script: 'Telugu', name: 'శ్రీ వెంకటేశ్వర ట్రేడర్స్' },
  { script: 'Kannada', name: 'ಮಂಜುನಾಥ ಬಿಲ್ಡರ್ಸ್' },
  { script: 'Bengali', name: 'শ্রী দুর্গা এন্টারপ্রাইজ' },
  { script: 'Gujarati', name: 'શ્રી ગણેશ ટ્રેડર્સ' },
  { script: 'Gurmukhi', name: 'ਸਿੰਘ ਬਿਲਡਰਜ਼' },
  { script: 'Malayalam', name: 'ശ്രീ കൃഷ്ണ ട്രേഡേഴ്സ്' },
  { script: 'Oriya', name: 'ଜଗନ୍ନାଥ ଟ୍ରେଡର୍ସ' },
] as const;

const SCRIPT_FONTS = NAMES.map((entry) => `NotoSans${entry.script}`);

let server: TestServer;
let owner: Registered;
let kit: MoneyKit;
let work: string;

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  const siteId = (await createSite(server.url, owner.token, { name: 'Lakeview Towers' })).id;
  kit = moneyKit(server, siteId, owner.token);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'siteledger-pdf-scripts-'));
  fs.mkdirSync(ARTIFACTS, { recursive: true });
});
afterAll(async () => {
  await server?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) throw new Error(`${command}: ${result.error.message}`);
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

/** The PDF at `pathName` of the site, saved to a file. */
async function pdf(pathName: string, file: string): Promise<string> {
  const res = await download(server, kit.url(pathName), owner.token);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const target = path.join(work, file);
  fs.writeFileSync(target, res.bytes);
  return target;
}

/** The text as pdftotext reads it (through the ActualText spans), spaces runs made one. */
const text = (file: string) => run('pdftotext', [file, '-']).replace(/[ \t]+/g, ' ');

/** Font names embedded in the file, without their subset tags: "NotoSansTamil-Bold". */
function fonts(file: string): string[] {
  return run('pdffonts', [file])
    .split('\n')
    .slice(2)
    .map((line) => line.split(/\s+/)[0]?.replace(/^[A-Z]{6}\+/, '') ?? '')
    .filter(Boolean)
    .sort();
}

/** Page 1 as an image at 80 dpi, kept for a person to look at. */
function renderFirstPage(file: string, name: string): void {
  const prefix = path.join(ARTIFACTS, name);
  run('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', file, prefix]);
  expect(fs.readFileSync(`${prefix}.png`).subarray(1, 4).toString('latin1')).toBe('PNG');
}

/** A vendor with one delivery, and its ledger as a PDF. */
async function vendorPdf(name: string, file: string): Promise<string> {
  const vendor = await kit.vendor(name);
  await kit.delivery(vendor, 1200, '2026-03-01');
  return pdf(`/vendors/${vendor}/export?format=pdf`, file);
}

const segmenter = new Intl.Segmenter('hi', { granularity: 'grapheme' });
/** Where graphemes of `text` end (in UTF-16 units). */
const graphemeEnds = (text: string) =>
  Array.from(segmenter.segment(text), (s) => s.index + s.segment.length);

describe.skipIf(skipRender)('vendor names in the Indian scripts beside Devanagari', () => {
  it.each(NAMES)('a $script name prints, in its font in both weights', async ({ script, name }) => {
    const file = await vendorPdf(name, `${script}.pdf`);
    const content = text(file);
    // The heading (bold) and the footer (regular) both carry the name.
    expect(content.split(name).length - 1, content).toBeGreaterThanOrEqual(2);
    expect(content).toContain('₹1,200.00');
    expect(fonts(file)).toEqual(
      [
        'NotoSansDevanagari-Bold',
        'NotoSansDevanagari-Regular',
        `NotoSans${script}-Bold`,
        `NotoSans${script}-Regular`,
      ].sort(),
    );
  });

  it('a name of Latin and Gujarati prints in order, each script in its font', async () => {
    const name = 'Shree ગણેશ Traders';
    const file = await vendorPdf(name, 'mixed.pdf');
    expect(text(file)).toContain(name);
    expect(fonts(file)).toEqual([
      'NotoSansDevanagari-Bold',
      'NotoSansDevanagari-Regular',
      'NotoSansGujarati-Bold',
      'NotoSansGujarati-Regular',
    ]);
    renderFirstPage(file, 'vendor-statement-gujarati');
  });

  it('a plain statement embeds no font but Noto Sans Devanagari', async () => {
    const file = await vendorPdf('शर्मा & Sons "Cement"', 'plain.pdf');
    expect(text(file)).toContain('शर्मा & Sons "Cement"');
    expect(fonts(file)).toEqual(['NotoSansDevanagari-Bold', 'NotoSansDevanagari-Regular']);
  });

  it('a name too long for the heading is cut between syllables', async () => {
    const name = 'முருகன் கட்டுமானம் மற்றும் கட்டிடப் பொருட்கள் விநியோகஸ்தர்கள் சென்னை';
    const file = await vendorPdf(name, 'long-tamil.pdf');
    const content = text(file);
    const cut = /(முருகன்[^…\n]*)…/.exec(content)?.[1];
    expect(cut, content).toBeDefined();
    expect(name.startsWith(cut!)).toBe(true);
    expect(cut!.length).toBeLessThan(name.length);
    expect(graphemeEnds(name)).toContain(cut!.length);
    renderFirstPage(file, 'vendor-statement-tamil');
  });

  it('an account statement prints a Telugu account name', async () => {
    const name = 'ఆంధ్ర బ్యాంక్ కరెంట్';
    const account = await kit.account(250_000, { name });
    const file = await pdf(`/accounts/${account}/statement?format=pdf`, 'account-telugu.pdf');
    const content = text(file);
    expect(content).toContain(name);
    expect(content).toContain('₹2,50,000.00');
    renderFirstPage(file, 'account-statement-telugu');
    expect(fonts(file)).toContain('NotoSansTelugu-Bold');
    expect(fonts(file).filter((font) => SCRIPT_FONTS.some((f) => font.startsWith(f)))).toEqual([
      'NotoSansTelugu-Bold',
      'NotoSansTelugu-Regular',
    ]);
  });
});

describe('text split by script', () => {
  it('keeps a name of one script whole, spaces and dandas included', () => {
    expect(splitScripts('முருகன் கட்டுமானம்')).toEqual([{ text: 'முருகன் கட்டுமானம்', script: 'tamil' }]);
    expect(splitScripts('শর্মা।')).toEqual([{ text: 'শর্মা।', script: 'bengali' }]);
    expect(splitScripts('ಕನ್ನಡ\u200dಅ')).toEqual([{ text: 'ಕನ್ನಡ\u200dಅ', script: 'kannada' }]);
  });

  it('gives Latin, digits, ₹ and Devanagari to the base font', () => {
    expect(splitScripts('Shree ગણેશ Traders')).toEqual([
      { text: 'Shree ', script: null },
      { text: 'ગણેશ', script: 'gujarati' },
      { text: ' Traders', script: null },
    ]);
    expect(splitScripts('शर्मा தமிழ் ₹1,000')).toEqual([
      { text: 'शर्मा ', script: null },
      { text: 'தமிழ்', script: 'tamil' },
      { text: ' ₹1,000', script: null },
    ]);
    expect(splitScripts('Plain ₹1,000 शर्मा')).toEqual([
      { text: 'Plain ₹1,000 शर्मा', script: null },
    ]);
    expect(splitScripts('')).toEqual([]);
  });
});

describe('measuring and cutting mixed text', () => {
  const style = { size: 10 };

  it('measures each script in its font and draws to the same width', () => {
    const doc = createPdf('t', 't');
    const mixed = 'Shree ગણેશ Traders';
    const parts = ['Shree ', 'ગણેશ', ' Traders'].map((part) => measure(doc, part, style));
    const whole = measure(doc, mixed, style);
    expect(whole).toBeCloseTo(parts[0]! + parts[1]! + parts[2]!, 6);
    expect(drawText(doc, mixed, 300, 100, { ...style, width: 200, align: 'right' })).toBeCloseTo(
      whole,
      6,
    );
    doc.end();
  });

  it('cuts to the width with an ellipsis, never inside a grapheme', () => {
    const doc = createPdf('t', 't');
    for (const { name } of NAMES) {
      const full = measure(doc, name, style);
      for (const width of [full * 0.3, full * 0.6, full * 0.9]) {
        const shown = fit(doc, name, width, style);
        expect(measure(doc, shown, style)).toBeLessThanOrEqual(width);
        if (shown === '') {
          // Not even the first syllable and the ellipsis fit.
          const first = name.slice(0, graphemeEnds(name)[0]);
          expect(measure(doc, `${first}…`, style)).toBeGreaterThan(width);
          continue;
        }
        expect(shown.endsWith('…'), `${name} in ${width}: ${shown}`).toBe(true);
        const kept = shown.slice(0, -1);
        expect(name.startsWith(kept), `${name} → ${shown}`).toBe(true);
        if (kept) expect(graphemeEnds(name)).toContain(kept.trimEnd().length);
      }
      expect(fit(doc, name, full, style)).toBe(name);
    }
    doc.end();
  });
});
