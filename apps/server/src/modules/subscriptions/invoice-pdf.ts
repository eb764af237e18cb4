import { amountInWords, formatInr } from '@siteledger/domain';
import { businessToday } from '../../platform/business-time.js';
import {
  band,
  COLORS,
  drawText,
  fit,
  measure,
  PAGE,
  rule,
  type DrawOptions,
} from '../../documents/pdf-canvas.js';
import type { Column } from '../../documents/pdf-columns.js';
import { dateText, stateText } from '../../documents/pdf-format.js';
import { onePagePdf, wrap } from '../../documents/pdf-wrap.js';

export interface PlanInvoicePdfSource {
  seller: { name: string; address: string | null; gstin: string | null; stateCode: string | null };
  buyer: { name: string; gstin: string | null; stateCode: string | null; siteName: string };
  invoice: {
    /** e.g. "SL/2026-27/000001". */
    number: string;
    /** YYYY-MM-DD. */
    invoiceDate: string;
    sac: string;
    planName: string;
    billingCycle: 'monthly' | 'yearly';
    /** ISO instants; the end is exclusive (the first moment after the period). */
    periodStart: string;
    periodEnd: string;
    /** Razorpay payment id. */
    paymentId: string;
    /** Integer paise. */
    taxable: number;
    cgst: number;
    sgst: number;
    igst: number;
    total: number;
    ratePercent: number;
  };
}

type Doc = PDFKit.PDFDocument;

/** Invoice dates are the Indian calendar's, whatever zone the server runs in. */
const ZONE = 'Asia/Kolkata';
const WIDTH = PAGE.right - PAGE.left;
const FOOTER_RULE = 806;
const HEAD_HEIGHT = 20;
const LINE = 11;
const PAD = 6;
const BODY: DrawOptions = { size: 8.5 };
const MUTED: DrawOptions = { size: 7.5, color: COLORS.muted };
const LABEL: DrawOptions = { size: 7, weight: 'bold', color: COLORS.muted };
const NAME: DrawOptions = { size: 10.5, weight: 'bold' };
const NAME_LINE = 13;

/** The Indian calendar day of `iso` shifted by `shiftMs`, as "27 Nov 2026". */
function instantDate(iso: string, shiftMs = 0): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return dateText(businessToday(ZONE, new Date(time + shiftMs)));
}

/** Address lines as entered (one per line), each wrapped, at most `maxLines` in all. */
function addressLines(doc: Doc, address: string | null, width: number, maxLines: number) {
  const lines: string[] = [];
  for (const part of (address ?? '').split(/\r?\n/)) {
    if (!part.trim()) continue;
    if (lines.length >= maxLines) {
      lines[maxLines - 1] = fit(doc, `${lines[maxLines - 1] ?? ''}…`, width, BODY);
      break;
    }
    lines.push(...wrap(doc, part.replace(/,\s*$/, ''), width, BODY, maxLines - lines.length));
  }
  return lines;
}

/** An amount is never cut: a figure too wide for its column is set smaller instead. */
function drawAmount(doc: Doc, text: string, x: number, y: number, style: DrawOptions) {
  const width = style.width ?? 0;
  let size = style.size;
  while (size > 5.5 && measure(doc, text, { ...style, size }) > width) size -= 0.5;
  drawText(doc, text, x, y + (style.size - size) / 2, { ...style, size, align: 'right' });
}

// ---------------------------------------------------------------------------------------------
// Heading and parties

function drawHeading(doc: Doc, source: PlanInvoicePdfSource): void {
  const { invoice } = source;
  drawText(doc, 'Tax Invoice', PAGE.left, 34, { size: 20, weight: 'bold', color: COLORS.accent });
  drawText(doc, 'Original for recipient', PAGE.left, 62, { ...MUTED, size: 8.5 });
  const meta: [string, string][] = [
    ['Invoice no.', invoice.number],
    ['Invoice date', dateText(invoice.invoiceDate)],
  ];
  meta.forEach(([label, value], i) => {
    const y = 42 + i * 16;
    drawText(doc, label, PAGE.right - 240, y, { size: 8.5, color: COLORS.muted, width: 80 });
    const style = { size: 9.5, weight: 'bold' as const, width: 170, align: 'right' as const };
    drawText(doc, value, PAGE.right - 170, y, style);
  });
  rule(doc, 86, COLORS.accent, 1.2);
}

interface PartyLine {
  text: string;
  style: DrawOptions;
}

interface PartyBox {
  label: string;
  name: string[];
  lines: PartyLine[];
}

const BOX_TOP = 98;
const BOX_GAP = 12;
const BOX_WIDTH = (WIDTH - BOX_GAP) / 2;
const BOX_INNER = BOX_WIDTH - 20;
const BOX_LINE = 12;

function partyBoxes(doc: Doc, source: PlanInvoicePdfSource): PartyBox[] {
  const { seller, buyer } = source;
  const bold: DrawOptions = { ...BODY, weight: 'bold' };
  const sellerLines: PartyLine[] = addressLines(doc, seller.address, BOX_INNER, 4).map((text) => ({
    text,
    style: BODY,
  }));
  if (seller.gstin) sellerLines.push({ text: `GSTIN: ${seller.gstin}`, style: bold });
  const sellerState = stateText(seller.stateCode);
  if (sellerState) sellerLines.push({ text: `State: ${sellerState}`, style: BODY });

  // An unregistered buyer is said to be one: the GSTIN line is never simply missing.
  const buyerLines: PartyLine[] = [
    buyer.gstin
      ? { text: `GSTIN: ${buyer.gstin}`, style: bold }
      : { text: 'Unregistered', style: BODY },
  ];
  const buyerState = stateText(buyer.stateCode);
  if (buyerState) buyerLines.push({ text: `State: ${buyerState}`, style: BODY });
  for (const text of wrap(doc, `Site: ${buyer.siteName}`, BOX_INNER, BODY, 2)) {
    buyerLines.push({ text, style: BODY });
  }

  return [
    { label: 'Supplier', name: wrap(doc, seller.name, BOX_INNER, NAME, 2), lines: sellerLines },
    { label: 'Billed to', name: wrap(doc, buyer.name, BOX_INNER, NAME, 2), lines: buyerLines },
  ];
}

const detailTop = (box: PartyBox) => 38 + (box.name.length - 1) * NAME_LINE;

function boxesHeight(boxes: PartyBox[]): number {
  return 4 + Math.max(...boxes.map((box) => detailTop(box) + box.lines.length * BOX_LINE));
}

/** Draws the two party boxes; returns the y below them. */
function drawParties(doc: Doc, boxes: PartyBox[]): number {
  const height = boxesHeight(boxes);
  boxes.forEach((box, i) => {
    const x = PAGE.left + i * (BOX_WIDTH + BOX_GAP);
    band(doc, x, BOX_TOP, BOX_WIDTH, 16, COLORS.band);
    doc.save().rect(x, BOX_TOP, BOX_WIDTH, height).lineWidth(0.6).strokeColor(COLORS.rule);
    doc.stroke().restore();
    drawText(doc, box.label, x + 10, BOX_TOP + 4.5, LABEL);
    box.name.forEach((line, j) => {
      drawText(doc, line, x + 10, BOX_TOP + 21 + j * NAME_LINE, { ...NAME, width: BOX_INNER });
    });
    box.lines.forEach((line, j) => {
      const y = BOX_TOP + detailTop(box) + j * BOX_LINE;
      drawText(doc, line.text, x + 10, y, { ...line.style, width: BOX_INNER });
    });
  });
  return BOX_TOP + height;
}

/** Place of supply: the buyer's state, else (an unregistered buyer) the seller's. */
function drawSupply(doc: Doc, source: PlanInvoicePdfSource, y: number): void {
  const place = stateText(source.buyer.stateCode ?? source.seller.stateCode);
  if (place) drawText(doc, `Place of supply: ${place}`, PAGE.left, y, { size: 9, weight: 'bold' });
  // Rule 46(p) of the CGST Rules: an invoice says whether tax is payable on reverse charge.
  const right: DrawOptions = { size: 8.5, color: COLORS.muted, width: 200, align: 'right' };
  drawText(doc, 'Reverse charge: No', PAGE.right - 200, y + 0.5, right);
}

// ---------------------------------------------------------------------------------------------
// The line, the taxes and the total

const COLUMNS: Column[] = [
  { label: '#', width: 26, align: 'right' },
  { label: 'Description', width: 289.28, align: 'left' },
  { label: 'SAC', width: 80, align: 'left' },
  { label: 'Taxable value', width: 120, align: 'right' },
];

const columnX = (i: number) =>
  PAGE.left + COLUMNS.slice(0, i).reduce((total, column) => total + column.width, 0) + PAD;
const columnWidth = (i: number) => (COLUMNS[i]?.width ?? 0) - 2 * PAD;

/** The plan, then its period: a date is never split across lines. */
function description(source: PlanInvoicePdfSource): [string, string] {
  const { invoice } = source;
  const from = instantDate(invoice.periodStart);
  // The end is the first moment after the period: the last day covered is a millisecond before.
  const to = instantDate(invoice.periodEnd, -1);
  return [
    `SiteLedger ${invoice.planName} plan — ${invoice.billingCycle} subscription,`,
    `${from} to ${to}`,
  ];
}

/** Draws the table of the one line; returns the y below it. */
function drawTable(doc: Doc, source: PlanInvoicePdfSource, top: number): number {
  band(doc, PAGE.left, top, WIDTH, HEAD_HEIGHT, COLORS.band);
  COLUMNS.forEach((column, i) => {
    const style = { size: 7.5, weight: 'bold' as const, align: column.align };
    drawText(doc, column.label, columnX(i), top + 6, { ...style, width: columnWidth(i) });
  });
  rule(doc, top, COLORS.rule, 0.8);
  rule(doc, top + HEAD_HEIGHT, COLORS.rule, 0.8);

  const [plan, period] = description(source);
  const text = [
    ...wrap(doc, plan, columnWidth(1), BODY, 2),
    ...wrap(doc, period, columnWidth(1), BODY, 1),
  ];
  const y = top + HEAD_HEIGHT + 7;
  drawText(doc, '1', columnX(0), y, {
    ...BODY,
    color: COLORS.muted,
    width: columnWidth(0),
    align: 'right',
  });
  text.forEach((line, i) => {
    drawText(doc, line, columnX(1), y + i * LINE, { ...BODY, width: columnWidth(1) });
  });
  drawText(doc, source.invoice.sac, columnX(2), y, { ...BODY, width: columnWidth(2) });
  const taxable = formatInr(source.invoice.taxable);
  drawAmount(doc, taxable, columnX(3), y, { ...BODY, width: columnWidth(3) });
  const bottom = y + text.length * LINE + 5;
  rule(doc, bottom, COLORS.rule, 0.8);
  return bottom;
}

const TOTALS_WIDTH = 220;
const TOTALS_ROW = 16;

/** "9" for 9, "2.5" for 2.5: the rate as a person writes it. */
const percent = (rate: number) => String(Math.round(rate * 100) / 100);

/** Amount in words on the left, the tax rows and the total on the right; returns the y below. */
function drawTotals(doc: Doc, source: PlanInvoicePdfSource, top: number): number {
  const { invoice } = source;
  const half = percent(invoice.ratePercent / 2);
  const rows: [string, number][] =
    invoice.igst > 0
      ? [
          ['Taxable value', invoice.taxable],
          [`IGST @ ${percent(invoice.ratePercent)}%`, invoice.igst],
        ]
      : [
          ['Taxable value', invoice.taxable],
          [`CGST @ ${half}%`, invoice.cgst],
          [`SGST @ ${half}%`, invoice.sgst],
        ];
  const x = PAGE.right - TOTALS_WIDTH;
  const y = top + 12;
  rows.forEach(([label, value], i) => {
    const rowY = y + i * TOTALS_ROW;
    drawText(doc, label, x + 10, rowY, { size: 8.5, width: 100 });
    drawAmount(doc, formatInr(value), x + 110, rowY, { size: 8.5, width: TOTALS_WIDTH - 120 });
  });
  const totalY = y + rows.length * TOTALS_ROW + 4;
  band(doc, x, totalY - 6, TOTALS_WIDTH, 24, COLORS.accent);
  const total: DrawOptions = { size: 10.5, weight: 'bold', color: '#ffffff' };
  drawText(doc, 'Total', x + 10, totalY, total);
  drawAmount(doc, formatInr(invoice.total), x + 60, totalY, { ...total, width: TOTALS_WIDTH - 70 });

  const wordsWidth = WIDTH - TOTALS_WIDTH - 24;
  const wordStyle: DrawOptions = { size: 9, weight: 'bold' };
  drawText(doc, 'Amount in words:', PAGE.left, y, MUTED);
  const words = wrap(doc, amountInWords(invoice.total), wordsWidth, wordStyle, 4);
  words.forEach((w, i) => drawText(doc, w, PAGE.left, y + 13 + i * 13, wordStyle));

  return Math.max(totalY + 18, y + 13 + words.length * 13);
}

function drawPayment(doc: Doc, source: PlanInvoicePdfSource, top: number): void {
  const y = top + 22;
  rule(doc, y - 10, COLORS.faint, 0.6);
  const text = `Paid by card/UPI through Razorpay, payment ${source.invoice.paymentId}`;
  drawText(doc, text, PAGE.left, y, { ...BODY, width: WIDTH });
}

function drawFooter(doc: Doc, source: PlanInvoicePdfSource): void {
  rule(doc, FOOTER_RULE, COLORS.rule, 0.6);
  const style: DrawOptions = { size: 7.5, color: COLORS.muted };
  const note = 'This is a computer-generated invoice and needs no signature.';
  drawText(doc, note, PAGE.left, FOOTER_RULE + 6, { ...style, width: 320 });
  const right = `${source.invoice.number} · Generated by SiteLedger`;
  drawText(doc, right, PAGE.right - 190, FOOTER_RULE + 6, { ...style, width: 190, align: 'right' });
}

function render(doc: Doc, source: PlanInvoicePdfSource): void {
  drawHeading(doc, source);
  const below = drawParties(doc, partyBoxes(doc, source));
  drawSupply(doc, source, below + 14);
  const table = drawTable(doc, source, below + 36);
  const totals = drawTotals(doc, source, table);
  drawPayment(doc, source, totals);
  drawFooter(doc, source);
}

/**
 * The GST tax invoice for a plan fee: A4, one page, seller and buyer with their GSTINs, the plan
 * and period with its SAC, CGST + SGST or IGST, the total and the amount in words. Drawn after the
 * caller has the document (a readable stream) in hand; a failure goes to `onError` and destroys it.
 */
export function planInvoicePdf(
  source: PlanInvoicePdfSource,
  onError: (error: unknown) => void,
): Doc {
  return onePagePdf(
    `Tax invoice ${source.invoice.number}`,
    source.seller.name,
    (doc) => render(doc, source),
    onError,
  );
}
