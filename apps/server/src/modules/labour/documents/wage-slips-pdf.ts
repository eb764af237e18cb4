import { amountInWords, amountInWordsHindi, formatInr } from '@siteledger/domain';
import {
  band,
  COLORS,
  drawAmount,
  drawText,
  PAGE,
  rule,
  type DrawOptions,
} from '../../../documents/pdf-canvas.js';
import { dateText } from '../../../documents/pdf-format.js';
import {
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  drawPages,
  NEXT_TOP,
  paginate,
  type Block,
} from '../../../documents/pdf-pages.js';
import { onePagePdf, wrap } from '../../../documents/pdf-wrap.js';
import type { SheetHeading, SheetLine } from './labour-documents-repo.js';
import { milliText } from './labour-format.js';

type Doc = PDFKit.PDFDocument;

export interface WageSlipsSource {
  siteName: string;
  sheet: SheetHeading;
  lines: SheetLine[];
  /** YYYY-MM-DD. */
  today: string;
}

/** "01 Nov 2026 – 15 Nov 2026". */
export const periodText = (sheet: SheetHeading) =>
  `${dateText(sheet.period_from)} – ${dateText(sheet.period_to)}`;

/** Whether and how the sheet was paid, as the worker is told it. */
export function paidText(sheet: SheetHeading): string {
  if (sheet.status !== 'paid')
    return sheet.status === 'approved' ? 'Approved, not paid yet' : 'Draft, not paid yet';
  const on = sheet.payment_date ? ` on ${dateText(sheet.payment_date)}` : '';
  // A contractor's sheet is paid to the contractor (a bill), not from an account to the worker.
  if (sheet.contractor_name) return `Paid${on} through ${sheet.contractor_name}`;
  return `Paid${on}${sheet.account_name ? ` from ${sheet.account_name}` : ''}`;
}

/** What the slip says of the work (left) and of the money (right); money as "₹1,234.50". */
export function slipRows(line: SheetLine) {
  const work: [string, string][] = [
    ['Trade', line.trade],
    ['Daily wage', formatInr(line.daily_wage)],
    ['Days worked', `${milliText(line.man_days)} man-days`],
    ['Overtime', line.ot_hours > 0 ? `${milliText(line.ot_hours)} hours` : 'none'],
  ];
  const money: [string, string][] = [
    ['Wages', formatInr(line.wages)],
    ['Overtime amount', formatInr(line.ot_amount)],
    ['Gross', formatInr(line.gross)],
    ['Advances deducted', line.advances > 0 ? `− ${formatInr(line.advances)}` : formatInr(0)],
  ];
  return { work, money };
}

/** Three slips to an A4 page, cut apart along the dashed lines. */
const SLIP = (CONTENT_BOTTOM - NEXT_TOP) / 3;
const LABEL: DrawOptions = { size: 8, color: COLORS.muted };
const VALUE: DrawOptions = { size: 9 };
const HALF = CONTENT_WIDTH / 2;
const MONEY_X = PAGE.left + HALF + 20;
const MONEY_WIDTH = CONTENT_WIDTH - HALF - 20;

function drawHeader(doc: Doc, source: WageSlipsSource, line: SheetLine, y: number): void {
  drawText(doc, 'WAGE SLIP', PAGE.left, y + 10, { size: 11, weight: 'bold', color: COLORS.accent });
  const right = { size: 9, weight: 'bold' as const, width: 330, align: 'right' as const };
  drawText(
    doc,
    `${source.sheet.number} · ${periodText(source.sheet)}`,
    PAGE.right - 330,
    y + 11,
    right,
  );
  drawText(doc, source.siteName, PAGE.left, y + 26, { ...LABEL, size: 8.5, width: 250 });
  drawText(doc, paidText(source.sheet), PAGE.right - 330, y + 26, {
    ...LABEL,
    size: 8.5,
    width: 330,
    align: 'right',
  });
  rule(doc, y + 40, COLORS.faint, 0.6);
  drawText(doc, line.name, PAGE.left, y + 47, { size: 11, weight: 'bold', width: HALF });
}

function drawSlip(doc: Doc, source: WageSlipsSource, line: SheetLine, y: number): void {
  drawHeader(doc, source, line, y);
  const { work, money } = slipRows(line);
  work.forEach(([label, value], i) => {
    const top = y + 66 + i * 14;
    drawText(doc, label, PAGE.left, top, { ...LABEL, width: 80 });
    drawText(doc, value, PAGE.left + 85, top, { ...VALUE, width: HALF - 85 });
  });
  money.forEach(([label, value], i) => {
    const top = y + 50 + i * 14;
    drawText(doc, label, MONEY_X, top, { ...LABEL, width: 110 });
    drawAmount(doc, value, MONEY_X + 110, top, { ...VALUE, width: MONEY_WIDTH - 116 });
  });
  const netTop = y + 50 + money.length * 14 + 2;
  band(doc, MONEY_X - 6, netTop - 4, MONEY_WIDTH + 6, 18, COLORS.accent);
  const white = { size: 10, weight: 'bold' as const, color: '#ffffff' };
  drawText(doc, 'Net paid', MONEY_X, netTop, { ...white, width: 110 });
  drawAmount(doc, formatInr(line.net), MONEY_X + 110, netTop, {
    ...white,
    width: MONEY_WIDTH - 116,
  });
  drawWords(doc, line.net, y + 134);
  drawSignature(doc, y);
  // The cut line between slips.
  doc.save().dash(3, { space: 3 }).lineWidth(0.5).strokeColor(COLORS.rule);
  doc
    .moveTo(PAGE.left, y + SLIP - 4)
    .lineTo(PAGE.right, y + SLIP - 4)
    .stroke()
    .undash()
    .restore();
}

/** The net in words, in English and in Hindi: a worker may read only the one. */
function drawWords(doc: Doc, net: number, y: number): void {
  const style: DrawOptions = { size: 8.5, weight: 'bold' };
  const width = CONTENT_WIDTH - 90;
  drawText(doc, 'Net in words', PAGE.left, y, LABEL);
  const english = wrap(doc, amountInWords(net), width, style, 2);
  english.forEach((text, i) => drawText(doc, text, PAGE.left + 90, y + i * 12, style));
  const hindi = wrap(doc, amountInWordsHindi(net), width, { size: 8.5 }, 1);
  hindi.forEach((text) =>
    drawText(doc, text, PAGE.left + 90, y + english.length * 12 + 1, { size: 8.5 }),
  );
}

function drawSignature(doc: Doc, y: number): void {
  const top = y + SLIP - 30;
  rule(doc, top, COLORS.text, 0.5, PAGE.right - 200, PAGE.right);
  const at = { size: 7.5, width: 200, align: 'right' as const };
  drawText(doc, "Worker's signature / thumb (received the net)", PAGE.right - 200, top + 4, at);
  rule(doc, top, COLORS.text, 0.5, PAGE.left, PAGE.left + 170);
  drawText(doc, 'Paid by (site in-charge)', PAGE.left, top + 4, { size: 7.5 });
}

function drawHeading(doc: Doc, source: WageSlipsSource): void {
  const style = { size: 10, weight: 'bold' as const, color: COLORS.accent, width: 300 };
  drawText(doc, `Wage slips · ${source.sheet.number}`, PAGE.left, 38, style);
  const right: DrawOptions = { size: 8.5, color: COLORS.muted, width: 250, align: 'right' };
  drawText(doc, source.siteName, PAGE.right - 250, 40, right);
  rule(doc, 56, COLORS.accent, 1);
}

function render(doc: Doc, source: WageSlipsSource): void {
  const blocks: Block[] = source.lines.map((line) => ({
    height: SLIP,
    draw: (y: number) => drawSlip(doc, source, line, y),
  }));
  drawPages(doc, paginate(blocks, NEXT_TOP), {
    heading: () => drawHeading(doc, source),
    footer: `${source.siteName} · Wage slips ${source.sheet.number} · ${periodText(source.sheet)} · ${dateText(source.today)}`,
    // A draft's figures may still change: its slips say so.
    watermark: source.sheet.status === 'draft' ? 'DRAFT' : null,
  });
}

/** A wage sheet's slips: one per worker line, three to an A4 page. */
export function wageSlipsPdf(source: WageSlipsSource, onError: (error: unknown) => void): Doc {
  const title = `Wage slips ${source.sheet.number} – ${source.siteName}`;
  return onePagePdf(title, source.siteName, (doc) => render(doc, source), onError);
}
