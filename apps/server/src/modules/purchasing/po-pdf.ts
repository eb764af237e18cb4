import {
  amountInWords,
  formatInr,
  toPaise,
  type PurchaseOrder,
  type PurchaseOrderLine,
} from '@siteledger/domain';
import {
  band,
  COLORS,
  drawAmount,
  drawText,
  fit,
  measure,
  PAGE,
  rule,
  type DrawOptions,
  type TextStyle,
} from '../../documents/pdf-canvas.js';
import { onePagePdf, wrap } from '../../documents/pdf-wrap.js';

export interface PoPdfParty {
  name: string;
  company_name?: string | null;
  address?: string | null;
  phone?: string | null;
  email?: string | null;
  gstin?: string | null;
  /** e.g. "Maharashtra (27)". */
  state?: string | null;
}

export interface PoPdfSource {
  /** The buyer: site name, address, GSTIN. */
  site: PoPdfParty;
  /** The supplier. */
  vendor: PoPdfParty;
  /** Amounts in rupees, quantities in units. */
  po: PurchaseOrder;
  /** YYYY-MM-DD. */
  today: string;
  preparedBy?: string | null;
}

type Doc = PDFKit.PDFDocument;

const WIDTH = PAGE.right - PAGE.left;
const BOTTOM = 792;
const FOOTER_RULE = 806;
const HEAD_HEIGHT = 20;
const LINE = 10;
const PAD = 4;
const BODY: DrawOptions = { size: 8 };
const MUTED: DrawOptions = { size: 7, color: COLORS.muted };
const ALERT = '#b91c1c';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const qtyFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });

/** 2026-11-27 → "27 Nov 2026". */
function dateText(date: string | null | undefined): string {
  const [year, month, day] = (date ?? '').split('-');
  const name = MONTHS[Number(month) - 1];
  return year && name && day ? `${day} ${name} ${year}` : (date ?? '');
}

const inr = (rupees: number) => formatInr(toPaise(rupees));

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

/** An amount is never cut: a figure too wide for its column is set smaller instead. */
function drawLineAmount(doc: Doc, text: string, x: number, y: number, width: number, bold = false) {
  drawAmount(doc, text, x, y, { size: BODY.size, weight: bold ? 'bold' : 'regular', width });
}

// ---------------------------------------------------------------------------------------------
// The lines table

interface Column {
  label: string;
  width: number;
  align: 'left' | 'right';
}

function columns(po: PurchaseOrder): Column[] {
  const igst = po.lines.some((l) => l.igst_amount > 0);
  const local = po.lines.some((l) => l.cgst_amount > 0 || l.sgst_amount > 0);
  const gstHead = igst && !local ? 'IGST' : local && !igst ? 'CGST+SGST' : 'GST';
  return [
    { label: '#', width: 26, align: 'right' },
    { label: 'Item', width: 157, align: 'left' },
    { label: 'Qty', width: 62, align: 'right' },
    { label: 'Rate', width: 62, align: 'right' },
    { label: 'GST %', width: 32, align: 'right' },
    { label: 'Taxable value', width: 66, align: 'right' },
    { label: gstHead, width: 52, align: 'right' },
    { label: 'Amount', width: 58.28, align: 'right' },
  ];
}

interface RowText {
  item: string[];
  hsn: string;
  qty: string[];
  cells: string[];
}

function rowText(doc: Doc, line: PurchaseOrderLine, index: number, cols: Column[]): RowText {
  const inner = (i: number) => (cols[i]?.width ?? 0) - 2 * PAD;
  const quantity = qtyFormat.format(line.quantity);
  const together = `${quantity} ${line.unit}`;
  const qty =
    measure(doc, together, BODY) <= inner(2)
      ? [together]
      : [quantity, fit(doc, line.unit, inner(2), MUTED)];
  const taxable = toPaise(line.total_amount);
  const gst = toPaise(line.cgst_amount) + toPaise(line.sgst_amount) + toPaise(line.igst_amount);
  return {
    item: wrap(doc, line.item_name, inner(1), BODY, 2),
    hsn: line.hsn_code ? `HSN ${line.hsn_code}` : '',
    qty,
    cells: [
      String(index + 1),
      inr(line.unit_price),
      line.gst_rate === null ? '–' : `${line.gst_rate}%`,
      formatInr(taxable),
      line.gst_rate === null ? '–' : formatInr(gst),
      formatInr(taxable + gst),
    ],
  };
}

function rowHeight(row: RowText): number {
  const lines = Math.max(row.item.length + (row.hsn ? 1 : 0), row.qty.length);
  return 8 + lines * LINE;
}

function drawTableHead(doc: Doc, cols: Column[], y: number): number {
  band(doc, PAGE.left, y, WIDTH, HEAD_HEIGHT, COLORS.band);
  let x = PAGE.left;
  for (const column of cols) {
    const style = { size: 7.5, weight: 'bold' as const, align: column.align };
    drawText(doc, column.label, x + PAD, y + 5.5, { ...style, width: column.width - 2 * PAD });
    x += column.width;
  }
  rule(doc, y, COLORS.rule, 0.8);
  rule(doc, y + HEAD_HEIGHT, COLORS.rule, 0.8);
  return y + HEAD_HEIGHT;
}

function drawRow(doc: Doc, cols: Column[], row: RowText, y: number, striped: boolean) {
  const height = rowHeight(row);
  if (striped) band(doc, PAGE.left, y, WIDTH, height, COLORS.stripe);
  const top = y + 4.5;
  const xs = cols.reduce<number[]>((acc, c, i) => [...acc, (acc[i] ?? 0) + c.width], [PAGE.left]);
  const at = (i: number) => ({ x: (xs[i] ?? 0) + PAD, width: (cols[i]?.width ?? 0) - 2 * PAD });
  const [number = '', rate = '', gstRate = '', taxable = '', gst = '', amount = ''] = row.cells;
  drawText(doc, number, at(0).x, top, { ...BODY, color: COLORS.muted, ...at(0), align: 'right' });
  row.item.forEach((text, i) =>
    drawText(doc, text, at(1).x, top + i * LINE, { ...BODY, ...at(1) }),
  );
  if (row.hsn) drawText(doc, row.hsn, at(1).x, top + row.item.length * LINE + 0.5, MUTED);
  row.qty.forEach((text, i) => {
    const style = i === 0 ? BODY : MUTED;
    drawText(doc, text, at(2).x, top + i * LINE, { ...style, ...at(2), align: 'right' });
  });
  [rate, gstRate, taxable, gst].forEach((text, i) => {
    drawLineAmount(doc, text, at(i + 3).x, top, at(i + 3).width);
  });
  drawLineAmount(doc, amount, at(7).x, top, at(7).width, true);
  rule(doc, y + height, COLORS.faint, 0.4);
}

// ---------------------------------------------------------------------------------------------
// Page furniture

function partyLines(doc: Doc, party: PoPdfParty, width: number) {
  const address = (party.address ?? '').replace(/[\s,]*[\r\n]+\s*/g, ', ').trim();
  const contact = [party.phone, party.email].filter(Boolean).join(' · ');
  const lines: { text: string; style: DrawOptions }[] = [];
  const add = (text: string, style: DrawOptions) => lines.push({ text, style });
  if (party.company_name && party.company_name !== party.name) add(party.company_name, BODY);
  for (const text of wrap(doc, address, width, BODY, 3)) add(text, BODY);
  if (party.state) add(`State: ${party.state}`, BODY);
  if (party.gstin) add(`GSTIN: ${party.gstin}`, { ...BODY, weight: 'bold' });
  if (contact) add(contact, { ...BODY, color: COLORS.muted });
  return lines;
}

const BOX_TOP = 98;
const BOX_GAP = 12;

const NAME: DrawOptions = { size: 10.5, weight: 'bold' };
const NAME_LINE = 13;

function partyBoxes(doc: Doc, source: PoPdfSource) {
  const width = (WIDTH - BOX_GAP) / 2;
  const inner = width - 20;
  const boxes = [
    { label: 'FROM (BUYER)', party: source.site },
    { label: 'TO (SUPPLIER)', party: source.vendor },
  ].map((box) => ({
    ...box,
    name: wrap(doc, box.party.name, inner, NAME, 2),
    lines: partyLines(doc, box.party, inner),
  }));
  const detailTop = (name: string[]) => 38 + (name.length - 1) * NAME_LINE;
  const height = 2 + Math.max(...boxes.map((b) => detailTop(b.name) + b.lines.length * 12));
  return { boxes, width, inner, detailTop, height };
}

/** Draws the two party boxes. */
function drawParties(doc: Doc, parties: ReturnType<typeof partyBoxes>): void {
  const { width, inner, detailTop, height } = parties;
  parties.boxes.forEach((box, i) => {
    const x = PAGE.left + i * (width + BOX_GAP);
    band(doc, x, BOX_TOP, width, 16, COLORS.band);
    doc.save().rect(x, BOX_TOP, width, height).lineWidth(0.6).strokeColor(COLORS.rule).stroke();
    doc.restore();
    const label = { size: 7, weight: 'bold' as const, color: COLORS.muted };
    drawText(doc, box.label, x + 10, BOX_TOP + 4, label);
    box.name.forEach((line, j) => {
      drawText(doc, line, x + 10, BOX_TOP + 21 + j * NAME_LINE, { ...NAME, width: inner });
    });
    box.lines.forEach((line, j) => {
      const y = BOX_TOP + detailTop(box.name) + j * 12;
      drawText(doc, line.text, x + 10, y, { ...line.style, width: inner });
    });
  });
}

/** Across the page, over everything, faint: the page stays readable. */
function drawWatermark(doc: Doc, text: string) {
  const size = text.length > 5 ? 84 : 120;
  const style = { size, weight: 'bold' as const, color: COLORS.muted };
  const x = (PAGE.width - measure(doc, text, style)) / 2;
  doc.save().rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
  doc.fillOpacity(0.1);
  drawText(doc, text, x, PAGE.height / 2 - size * 0.7, style);
  doc.restore();
}

function drawFirstHeading(doc: Doc, source: PoPdfSource, parties: ReturnType<typeof partyBoxes>) {
  const { po } = source;
  drawText(doc, 'PURCHASE ORDER', PAGE.left, 34, {
    size: 20,
    weight: 'bold',
    color: COLORS.accent,
  });
  if (po.number) drawText(doc, po.number, PAGE.left, 62, { size: 12, weight: 'bold', width: 280 });
  else
    drawText(doc, 'DRAFT — not issued', PAGE.left, 62, { size: 12, weight: 'bold', color: ALERT });
  const meta: [string, string, string?][] = [
    ['Order date', dateText(po.order_date)],
    ['Delivery by', po.expected_date ? dateText(po.expected_date) : 'As agreed'],
  ];
  if (po.status === 'cancelled')
    meta.push(['Status', `Cancelled ${dateText(po.cancelled_at?.slice(0, 10))}`, ALERT]);
  if (po.status === 'closed')
    meta.push(['Status', `Closed ${dateText(po.closed_at?.slice(0, 10))}`]);
  const top = meta.length > 2 ? 34 : 42;
  meta.forEach(([label, value, color], i) => {
    const y = top + i * 14;
    drawText(doc, label, PAGE.right - 200, y, { size: 8.5, color: COLORS.muted, width: 80 });
    const style = { size: 9, weight: 'bold' as const, color, width: 150, align: 'right' as const };
    drawText(doc, value.trim(), PAGE.right - 150, y, style);
  });
  rule(doc, 86, COLORS.accent, 1.2);
  drawParties(doc, parties);
}

function titleLine(po: PurchaseOrder): string {
  return `Purchase order ${po.number ?? '(draft)'}`;
}

function drawContinuationHeading(doc: Doc, source: PoPdfSource): void {
  const style = { size: 10, weight: 'bold' as const, color: COLORS.accent, width: 260 };
  drawText(doc, titleLine(source.po), PAGE.left, 38, style);
  const right: DrawOptions = { size: 8.5, color: COLORS.muted, width: 250, align: 'right' };
  drawText(doc, `To ${source.vendor.name}`, PAGE.right - 250, 40, right);
  rule(doc, 56, COLORS.accent, 1);
}

function drawFooter(doc: Doc, source: PoPdfSource, page: number, pages: number) {
  rule(doc, FOOTER_RULE, COLORS.rule, 0.6);
  const style: DrawOptions = { size: 7.5, color: COLORS.muted };
  const left = `${source.site.name} · ${titleLine(source.po)} · ${dateText(source.today)}`;
  drawText(doc, left, PAGE.left, FOOTER_RULE + 6, { ...style, width: 320 });
  const right = `Page ${page} of ${pages} · Generated by SiteLedger`;
  drawText(doc, right, PAGE.right - 190, FOOTER_RULE + 6, { ...style, width: 190, align: 'right' });
}

// ---------------------------------------------------------------------------------------------
// What follows the table: totals, amount in words, terms, notes, signatures

/** A piece of the document with a known height, drawn once its page and place are known. */
interface Block {
  height: number;
  /** A row of the lines table: the table head comes first on each page. */
  row?: boolean;
  draw: (y: number) => void;
}

const TOTALS_WIDTH = 220;

function totalsBlock(doc: Doc, po: PurchaseOrder): Block {
  // One GST rate on every taxed line: the heads say it ("CGST @ 9%").
  const rates = new Set(po.lines.filter((l) => l.gst_rate).map((l) => l.gst_rate ?? 0));
  const rate = rates.size === 1 ? [...rates][0] : undefined;
  const at = (share: number) => (rate === undefined ? '' : ` @ ${rate * share}%`);
  const heads: [string, number][] = [
    [`CGST${at(0.5)}`, po.cgst_amount],
    [`SGST${at(0.5)}`, po.sgst_amount],
    [`IGST${at(1)}`, po.igst_amount],
  ];
  const shown = [
    ['Taxable value', po.items_total] as [string, number],
    ...heads.filter(([, value]) => value !== 0),
  ];
  const wordsWidth = WIDTH - TOTALS_WIDTH - 24;
  const wordStyle: DrawOptions = { size: 8.5, weight: 'bold' };
  const words = wrap(doc, amountInWords(toPaise(po.total_amount)), wordsWidth, wordStyle, 4);
  const boxHeight = shown.length * 15 + 30;
  const height = 12 + Math.max(boxHeight, 14 + words.length * 12);
  const draw = (top: number) => {
    const y = top + 12;
    drawText(doc, 'Amount in words', PAGE.left, y, MUTED);
    words.forEach((w, i) => drawText(doc, w, PAGE.left, y + 12 + i * 12, wordStyle));
    const x = PAGE.right - TOTALS_WIDTH;
    shown.forEach(([label, value], i) => {
      const rowY = y + i * 15;
      drawText(doc, label, x + 10, rowY, { size: 8.5, width: 100 });
      drawLineAmount(doc, inr(value), x + 110, rowY, TOTALS_WIDTH - 120);
    });
    const totalY = y + shown.length * 15 + 2;
    band(doc, x, totalY - 5, TOTALS_WIDTH, 22, COLORS.accent);
    const total = { size: 10, weight: 'bold' as const, color: '#ffffff' };
    drawText(doc, 'Total', x + 10, totalY, total);
    drawText(doc, inr(po.total_amount), x + 60, totalY, { ...total, width: 150, align: 'right' });
  };
  return { height, draw };
}

/** A titled section (terms, notes): the title stays with its first line. */
function textBlocks(doc: Doc, title: string, text: string | null): Block[] {
  if (!text?.trim()) return [];
  const style: DrawOptions = { size: 8 };
  const lines = paragraphs(doc, text, WIDTH, style, 60);
  return lines.map((line, i) => {
    const first = i === 0;
    const height = first ? 32 : 11;
    const draw = (y: number) => {
      if (first) drawText(doc, title, PAGE.left, y + 10, { size: 9, weight: 'bold' });
      drawText(doc, line, PAGE.left, y + height - 11, style);
    };
    return { height, draw };
  });
}

function signatureBlock(doc: Doc, source: PoPdfSource): Block[] {
  const blocks: Block[] = [];
  if (source.po.number) {
    const text = `Please quote ${source.po.number} on every invoice, delivery challan and package.`;
    blocks.push({ height: 22, draw: (y) => drawText(doc, text, PAGE.left, y + 12, MUTED) });
  }
  const width = 220;
  const draw = (top: number) => {
    const y = top + 18;
    const right = PAGE.right - width;
    const forSite = { size: 8.5, weight: 'bold' as const, width, align: 'right' as const };
    drawText(doc, `For ${source.site.name}`, right, y, forSite);
    rule(doc, y + 46, COLORS.text, 0.6, right + 60, PAGE.right);
    const sign = { size: 8, width, align: 'right' as const };
    drawText(doc, 'Authorised signatory', right, y + 50, sign);
    if (source.preparedBy) {
      drawText(doc, `Prepared by: ${source.preparedBy}`, PAGE.left, y, { size: 8, width });
    }
    rule(doc, y + 46, COLORS.text, 0.6, PAGE.left, PAGE.left + 160);
    drawText(doc, 'Accepted by supplier (signature & stamp)', PAGE.left, y + 50, { size: 8 });
  };
  blocks.push({ height: 82, draw });
  return blocks;
}

// ---------------------------------------------------------------------------------------------
// Pages

const NEXT_TOP = 66;

interface Placed {
  y: number;
  draw: (y: number) => void;
}

/** Places every block on a page; a block that does not fit starts the next page. */
function paginate(blocks: Block[], firstTop: number, head: (y: number) => void): Placed[][] {
  const pages: Placed[][] = [[]];
  let y = firstTop;
  let headed = false;
  for (const block of blocks) {
    const need = block.height + (block.row && !headed ? HEAD_HEIGHT : 0);
    if (y + need > BOTTOM) {
      pages.push([]);
      y = NEXT_TOP;
      headed = false;
    }
    const page = pages[pages.length - 1] ?? [];
    if (block.row && !headed) {
      page.push({ y, draw: head });
      y += HEAD_HEIGHT;
      headed = true;
    }
    page.push({ y, draw: block.draw });
    y += block.height;
  }
  return pages;
}

function render(doc: Doc, source: PoPdfSource): void {
  const { po } = source;
  const cols = columns(po);
  const parties = partyBoxes(doc, source);
  const rows: Block[] = po.lines.map((line, i) => {
    const text = rowText(doc, line, i, cols);
    return {
      height: rowHeight(text),
      row: true,
      draw: (y) => drawRow(doc, cols, text, y, i % 2 === 1),
    };
  });
  const blocks = [
    ...rows,
    totalsBlock(doc, po),
    ...textBlocks(doc, 'Terms and conditions', po.terms),
    ...textBlocks(doc, 'Notes', po.notes),
    ...signatureBlock(doc, source),
  ];
  const pages = paginate(blocks, BOX_TOP + parties.height + 14, (y) => drawTableHead(doc, cols, y));
  const watermark = po.number === null ? 'DRAFT' : po.status === 'cancelled' ? 'CANCELLED' : null;
  pages.forEach((placed, i) => {
    if (i > 0) doc.addPage();
    if (i === 0) drawFirstHeading(doc, source, parties);
    else drawContinuationHeading(doc, source);
    drawFooter(doc, source, i + 1, pages.length);
    for (const block of placed) block.draw(block.y);
    if (watermark) drawWatermark(doc, watermark);
  });
}

/**
 * The purchase order as a PDF a vendor accepts: A4, buyer and supplier with their GSTINs, the
 * lines with GST, totals and the amount in words, terms, notes and the signatory. Drawn after the
 * caller has the document (a readable stream) in hand; a failure goes to `onError` and destroys it.
 */
export function purchaseOrderPdf(source: PoPdfSource, onError: (error: unknown) => void): Doc {
  const title = `Purchase order ${source.po.number ?? '(draft)'} – ${source.vendor.name}`;
  return onePagePdf(title, source.site.name, (doc) => render(doc, source), onError);
}
