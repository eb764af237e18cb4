import {
  amountInWords,
  formatInr,
  GST_STATES,
  numberInWordsIndian,
  panFromGstin,
  tdsRate,
  toPaise,
  type GstStateCode,
  type WorkOrder,
  type WorkOrderLine,
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

export interface WoPdfParty {
  name: string;
  company_name?: string | null;
  address?: string | null;
  phone?: string | null;
  email?: string | null;
  gstin?: string | null;
  /** Absent: the GSTIN's (characters 3–12). */
  pan?: string | null;
  /** The site's TAN: the employer deducts the TDS under it. */
  tan?: string | null;
  /** e.g. "Maharashtra (27)". */
  state?: string | null;
  /** The subcontractor's § 194C(6) declaration (a transporter): no TDS. */
  tds_194c6?: boolean;
}

export interface WoPdfSource {
  /** The employer: site name, address, GSTIN, TAN. */
  site: WoPdfParty;
  /** The subcontractor. */
  vendor: WoPdfParty;
  /** Amounts in rupees, quantities in units. */
  wo: WorkOrder;
  /** YYYY-MM-DD. */
  today: string;
  preparedBy?: string | null;
}

type Doc = PDFKit.PDFDocument;

const WIDTH = PAGE.right - PAGE.left;
const BOTTOM = 792;
const FOOTER_RULE = 806;
const HEAD_HEIGHT = 20;
const NEXT_TOP = 66;
const LINE = 10;
const PAD = 4;
const BODY: DrawOptions = { size: 8 };
const MUTED: DrawOptions = { size: 7, color: COLORS.muted };
const ALERT = '#b91c1c';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const qtyFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });

/** 2026-11-27 → "27 Nov 2026". */
export function dateText(date: string | null | undefined): string {
  const [year, month, day] = (date ?? '').split('-');
  const name = MONTHS[Number(month) - 1];
  return year && name && day ? `${day} ${name} ${year}` : (date ?? '');
}

export const inr = (rupees: number) => formatInr(toPaise(rupees));

/** "Maharashtra (27)" for a state code. */
export function stateText(code: string | null | undefined): string | null {
  if (!code) return null;
  const name = GST_STATES[code as GstStateCode];
  return name ? `${name} (${code})` : code;
}

/** 12.5 → "twelve point five": a percentage or a count as a contract writes it out. */
export function numberInWords(value: number): string {
  const [whole = '0', decimals = ''] = String(value).split('.');
  const digits = decimals
    .split('')
    .map((d) => numberInWordsIndian(Number(d)))
    .join(' ');
  const words = numberInWordsIndian(Number(whole)) + (digits ? ` point ${digits}` : '');
  return words.toLowerCase();
}

/** "5 % (five per cent)". */
const percentText = (value: number) => `${value} % (${numberInWords(value)} per cent)`;

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
// Pagination, shared with the statement PDF

/** A table's head, repeated at the top of each page the table runs onto. */
export interface TableHead {
  height: number;
  draw: (y: number) => void;
}

/** A piece of the document with a known height, drawn once its page and place are known. */
export interface Block {
  height: number;
  /** A row of a table: its head comes first on each page and after anything else. */
  head?: TableHead;
  /** Room the next blocks need on the same page (a title is never left alone at the bottom). */
  keep?: number;
  draw: (y: number) => void;
}

export interface Placed {
  y: number;
  draw: (y: number) => void;
}

export interface PageFrame {
  firstTop: number;
  nextTop: number;
  bottom: number;
}

/** Places every block on a page; a block that does not fit starts the next page. */
export function paginate(blocks: Block[], frame: PageFrame): Placed[][] {
  const pages: Placed[][] = [[]];
  let y = frame.firstTop;
  let headed: TableHead | undefined;
  for (const block of blocks) {
    // A row that starts its table (or a page) must leave room for the head too.
    const headNeeded = block.head !== undefined && block.head !== headed;
    const need = block.height + (block.keep ?? 0) + (headNeeded ? (block.head?.height ?? 0) : 0);
    if (y + need > frame.bottom) {
      pages.push([]);
      y = frame.nextTop;
      headed = undefined;
    }
    const page = pages[pages.length - 1] ?? [];
    if (block.head && block.head !== headed) {
      page.push({ y, draw: block.head.draw });
      y += block.head.height;
    }
    headed = block.head;
    page.push({ y, draw: block.draw });
    y += block.height;
  }
  return pages;
}

// ---------------------------------------------------------------------------------------------
// The BOQ lines table

interface Column {
  label: string;
  width: number;
  align: 'left' | 'right';
}

const COLUMNS: Column[] = [
  { label: '#', width: 26, align: 'right' },
  { label: 'Description of work', width: 219.28, align: 'left' },
  { label: 'Unit', width: 48, align: 'left' },
  { label: 'Quantity', width: 68, align: 'right' },
  { label: 'Rate', width: 72, align: 'right' },
  { label: 'Amount', width: 82, align: 'right' },
];

const xs = COLUMNS.reduce<number[]>((acc, c, i) => [...acc, (acc[i] ?? 0) + c.width], [PAGE.left]);
const cell = (i: number) => ({ x: (xs[i] ?? 0) + PAD, width: (COLUMNS[i]?.width ?? 0) - 2 * PAD });

interface RowText {
  description: string[];
  unit: string[];
  cells: [string, string, string, string];
}

function rowText(doc: Doc, line: WorkOrderLine, index: number): RowText {
  return {
    description: wrap(doc, line.description, cell(1).width, BODY, 3),
    unit: wrap(doc, line.unit, cell(2).width, BODY, 2),
    cells: [String(index + 1), qtyFormat.format(line.quantity), inr(line.rate), inr(line.amount)],
  };
}

const rowHeight = (row: RowText) => 8 + Math.max(row.description.length, row.unit.length) * LINE;

function drawTableHead(doc: Doc, y: number): void {
  band(doc, PAGE.left, y, WIDTH, HEAD_HEIGHT, COLORS.band);
  COLUMNS.forEach((column, i) => {
    const style = { size: 7.5, weight: 'bold' as const, align: column.align };
    drawText(doc, column.label, cell(i).x, y + 5.5, { ...style, width: cell(i).width });
  });
  rule(doc, y, COLORS.rule, 0.8);
  rule(doc, y + HEAD_HEIGHT, COLORS.rule, 0.8);
}

function drawRow(doc: Doc, row: RowText, y: number, striped: boolean): void {
  const height = rowHeight(row);
  if (striped) band(doc, PAGE.left, y, WIDTH, height, COLORS.stripe);
  const top = y + 4.5;
  const [number, quantity, rate, amount] = row.cells;
  drawText(doc, number, cell(0).x, top, {
    ...BODY,
    color: COLORS.muted,
    ...cell(0),
    align: 'right',
  });
  row.description.forEach((text, i) =>
    drawText(doc, text, cell(1).x, top + i * LINE, { ...BODY, ...cell(1) }),
  );
  row.unit.forEach((text, i) =>
    drawText(doc, text, cell(2).x, top + i * LINE, { ...BODY, ...cell(2) }),
  );
  drawLineAmount(doc, quantity, cell(3).x, top, cell(3).width);
  drawLineAmount(doc, rate, cell(4).x, top, cell(4).width);
  drawLineAmount(doc, amount, cell(5).x, top, cell(5).width, true);
  rule(doc, y + height, COLORS.faint, 0.4);
}

// ---------------------------------------------------------------------------------------------
// Page furniture

function partyLines(doc: Doc, party: WoPdfParty, width: number) {
  const address = (party.address ?? '').replace(/[\s,]*[\r\n]+\s*/g, ', ').trim();
  const contact = [party.phone, party.email].filter(Boolean).join(' · ');
  const pan = party.pan ?? (party.gstin ? panFromGstin(party.gstin) : null);
  const ids = [party.gstin ? `GSTIN: ${party.gstin}` : '', pan ? `PAN: ${pan}` : '']
    .filter(Boolean)
    .join('   ');
  const lines: { text: string; style: DrawOptions }[] = [];
  const add = (text: string, style: DrawOptions) => lines.push({ text, style });
  if (party.company_name && party.company_name !== party.name) add(party.company_name, BODY);
  for (const text of wrap(doc, address, width, BODY, 3)) add(text, BODY);
  if (party.state) add(`State: ${party.state}`, BODY);
  if (ids) add(ids, { ...BODY, weight: 'bold' });
  if (party.tan) add(`TAN: ${party.tan}`, { ...BODY, weight: 'bold' });
  if (contact) add(contact, { ...BODY, color: COLORS.muted });
  return lines;
}

const BOX_TOP = 98;
const BOX_GAP = 12;
const NAME: DrawOptions = { size: 10.5, weight: 'bold' };
const NAME_LINE = 13;

function partyBoxes(doc: Doc, source: WoPdfSource) {
  const width = (WIDTH - BOX_GAP) / 2;
  const inner = width - 20;
  const boxes = [
    { label: 'EMPLOYER (SITE)', party: source.site },
    { label: 'SUBCONTRACTOR', party: source.vendor },
  ].map((box) => ({
    ...box,
    name: wrap(doc, box.party.name, inner, NAME, 2),
    lines: partyLines(doc, box.party, inner),
  }));
  const detailTop = (name: string[]) => 38 + (name.length - 1) * NAME_LINE;
  const height = 2 + Math.max(...boxes.map((b) => detailTop(b.name) + b.lines.length * 12));
  return { boxes, width, inner, detailTop, height };
}

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
function drawWatermark(doc: Doc, text: string): void {
  const size = text.length > 5 ? 84 : 120;
  const style = { size, weight: 'bold' as const, color: COLORS.muted };
  const x = (PAGE.width - measure(doc, text, style)) / 2;
  doc.save().rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
  doc.fillOpacity(0.1);
  drawText(doc, text, x, PAGE.height / 2 - size * 0.7, style);
  doc.restore();
}

function statusMeta(wo: WorkOrder): [string, string, string?] {
  if (wo.status === 'cancelled')
    return ['Status', `Cancelled ${dateText(wo.cancelled_at?.slice(0, 10))}`, ALERT];
  if (wo.status === 'completed')
    return ['Status', `Completed ${dateText(wo.completed_at?.slice(0, 10))}`];
  return ['Status', wo.status === 'draft' ? 'Draft' : 'Issued'];
}

function drawFirstHeading(doc: Doc, source: WoPdfSource, parties: ReturnType<typeof partyBoxes>) {
  const { wo } = source;
  drawText(doc, 'WORK ORDER', PAGE.left, 34, { size: 20, weight: 'bold', color: COLORS.accent });
  if (wo.number) drawText(doc, wo.number, PAGE.left, 62, { size: 12, weight: 'bold', width: 280 });
  else
    drawText(doc, 'DRAFT — not issued', PAGE.left, 62, { size: 12, weight: 'bold', color: ALERT });
  const meta: [string, string, string?][] = [
    ['Order date', dateText(wo.order_date)],
    statusMeta(wo),
  ];
  meta.forEach(([label, value, color], i) => {
    const y = 42 + i * 14;
    drawText(doc, label, PAGE.right - 200, y, { size: 8.5, color: COLORS.muted, width: 80 });
    const style = { size: 9, weight: 'bold' as const, color, width: 150, align: 'right' as const };
    drawText(doc, value.trim(), PAGE.right - 150, y, style);
  });
  rule(doc, 86, COLORS.accent, 1.2);
  drawParties(doc, parties);
}

const titleLine = (wo: WorkOrder) => `Work order ${wo.number ?? '(draft)'}`;

function drawContinuationHeading(doc: Doc, source: WoPdfSource): void {
  const style = { size: 10, weight: 'bold' as const, color: COLORS.accent, width: 260 };
  drawText(doc, titleLine(source.wo), PAGE.left, 38, style);
  const right: DrawOptions = { size: 8.5, color: COLORS.muted, width: 250, align: 'right' };
  drawText(doc, `To ${source.vendor.name}`, PAGE.right - 250, 40, right);
  rule(doc, 56, COLORS.accent, 1);
}

function drawFooter(doc: Doc, source: WoPdfSource, page: number, pages: number): void {
  rule(doc, FOOTER_RULE, COLORS.rule, 0.6);
  const style: DrawOptions = { size: 7.5, color: COLORS.muted };
  const left = `${source.site.name} · ${titleLine(source.wo)} · ${dateText(source.today)}`;
  drawText(doc, left, PAGE.left, FOOTER_RULE + 6, { ...style, width: 320 });
  const right = `Page ${page} of ${pages} · Generated by SiteLedger`;
  drawText(doc, right, PAGE.right - 190, FOOTER_RULE + 6, { ...style, width: 190, align: 'right' });
}

// ---------------------------------------------------------------------------------------------
// The blocks: the work's title, the table, totals, terms of payment, variations, signatures

function subjectBlock(doc: Doc, wo: WorkOrder): Block {
  const style: DrawOptions = { size: 10, weight: 'bold' };
  const lines = wrap(doc, wo.title, WIDTH - 50, style, 2);
  const draw = (y: number) => {
    drawText(doc, 'Work', PAGE.left, y + 1.5, { ...MUTED, size: 8 });
    lines.forEach((line, i) => drawText(doc, line, PAGE.left + 40, y + i * 13, style));
  };
  return { height: lines.length * 13 + 8, draw };
}

const TOTALS_WIDTH = 220;

function totalsBlock(doc: Doc, wo: WorkOrder): Block {
  const wordsWidth = WIDTH - TOTALS_WIDTH - 24;
  const wordStyle: DrawOptions = { size: 8.5, weight: 'bold' };
  const words = wrap(doc, amountInWords(toPaise(wo.total_amount)), wordsWidth, wordStyle, 4);
  // The order's value is before GST: each bill adds GST on what it measures.
  const gstNote = wo.gst_rate === null ? 'No GST' : `GST at ${wo.gst_rate} % extra on each bill`;
  const height = 12 + Math.max(44, 14 + words.length * 12);
  const draw = (top: number) => {
    const y = top + 12;
    drawText(doc, 'Amount in words', PAGE.left, y, MUTED);
    words.forEach((w, i) => drawText(doc, w, PAGE.left, y + 12 + i * 12, wordStyle));
    const x = PAGE.right - TOTALS_WIDTH;
    band(doc, x, y - 5, TOTALS_WIDTH, 22, COLORS.accent);
    const total = { size: 10, weight: 'bold' as const, color: '#ffffff' };
    drawText(doc, 'Total', x + 10, y, total);
    drawAmount(doc, inr(wo.total_amount), x + 60, y, { ...total, width: 150 });
    const note = { ...MUTED, size: 7.5, width: TOTALS_WIDTH - 10, align: 'right' as const };
    drawText(doc, gstNote, x, y + 22, note);
  };
  return { height, draw };
}

/** The payment terms in words, one numbered clause each. */
export function paymentTerms(wo: WorkOrder, vendor: WoPdfParty): string[] {
  const clauses: string[] = [];
  clauses.push(
    wo.retention_percent > 0
      ? `Retention: ${percentText(wo.retention_percent)} of the gross amount of each RA bill is ` +
          `retained, and released ${wo.retention_due_days} ` +
          `(${numberInWords(wo.retention_due_days)}) days after the date of the final bill ` +
          '(the defect-liability period).'
      : 'Retention: none is held.',
  );
  if (wo.advance_amount > 0) {
    const amount = `${inr(wo.advance_amount)} (${amountInWords(toPaise(wo.advance_amount))})`;
    clauses.push(
      wo.advance_recovery_percent > 0
        ? `Mobilisation advance: ${amount}, recovered at ` +
            `${percentText(wo.advance_recovery_percent)} of the gross amount of each RA bill; ` +
            'whatever is left is recovered in full from the final bill.'
        : `Mobilisation advance: ${amount}, recovered in full from the final bill.`,
    );
  } else clauses.push('Mobilisation advance: none.');
  const place = stateText(wo.place_of_supply);
  clauses.push(
    wo.gst_rate === null
      ? 'GST: the work is billed without GST.'
      : `GST: ${wo.gst_rate} % on the gross amount of each RA bill, against the subcontractor's ` +
          `tax invoice (CGST and SGST, or IGST, by the place of supply${place ? `, ${place}` : ''}).`,
  );
  clauses.push(tdsClause(wo, vendor));
  clauses.push(
    'Each RA bill is paid its net amount: gross + GST − retention − advance recovered − TDS.',
  );
  return clauses;
}

function tdsClause(wo: WorkOrder, vendor: WoPdfParty): string {
  const section = wo.tds_section;
  if (section === null) return 'TDS: none is deducted on this work order.';
  const pan = vendor.pan ?? (vendor.gstin ? panFromGstin(vendor.gstin) : null);
  const rate = tdsRate(section, pan, vendor.tds_194c6 ?? false);
  if (rate === 0)
    return `TDS: none is deducted under section ${section}: the subcontractor has given the declaration of section 194C(6).`;
  // Without a PAN the higher rate of section 206AA applies; the subcontractor should know why.
  const why = pan ? '' : ' (no PAN furnished: section 206AA)';
  const advance = wo.advance_amount > 0 ? ', and on the advance when it is paid' : '';
  return (
    `TDS will be deducted under section ${section} at ${rate} %${why} of each RA bill's gross ` +
    `amount less the advance it recovers (GST excluded)${advance}, once the section's ` +
    'thresholds are crossed.'
  );
}

const TERM_STYLE: DrawOptions = { size: 8 };
const INDENT = 14;

/** "Terms of payment": numbered clauses with a hanging indent; the title stays with clause 1. */
function paymentBlocks(doc: Doc, source: WoPdfSource): Block[] {
  const blocks: Block[] = [];
  paymentTerms(source.wo, source.vendor).forEach((clause, n) => {
    const lines = wrap(doc, clause, WIDTH - INDENT, TERM_STYLE, 6);
    lines.forEach((line, i) => {
      const title = n === 0 && i === 0;
      const gap = i === 0 ? 3 : 0;
      const height = (title ? 32 : 11) + gap;
      const draw = (y: number) => {
        if (title)
          drawText(doc, 'Terms of payment', PAGE.left, y + 10, { size: 9, weight: 'bold' });
        const top = y + height - 11;
        if (i === 0) drawText(doc, `${n + 1}.`, PAGE.left, top, TERM_STYLE);
        drawText(doc, line, PAGE.left + INDENT, top, TERM_STYLE);
      };
      blocks.push({ height, draw });
    });
  });
  return blocks;
}

const VARIATION_COLUMNS = [
  { label: 'Date', width: 62, align: 'left' },
  { label: 'Line', width: 165.28, align: 'left' },
  { label: 'Was', width: 60, align: 'right' },
  { label: 'Now', width: 60, align: 'right' },
  { label: 'Reason', width: 168, align: 'left' },
] as const;

/** Each approved change of a line's quantity: which line, what it was, what it is, why. */
function variationBlocks(doc: Doc, wo: WorkOrder): Block[] {
  if (wo.variations.length === 0) return [];
  const vx = VARIATION_COLUMNS.reduce<number[]>(
    (acc, c, i) => [...acc, (acc[i] ?? 0) + c.width],
    [PAGE.left],
  );
  const at = (i: number) => ({
    x: (vx[i] ?? 0) + PAD,
    width: (VARIATION_COLUMNS[i]?.width ?? 0) - 2 * PAD,
  });
  const units = new Map(wo.lines.map((line) => [line.id, line.unit]));
  const index = new Map(wo.lines.map((line, i) => [line.id, i + 1]));
  const head: TableHead = { height: HEAD_HEIGHT, draw: (y) => drawVariationHead(doc, y) };
  const rows = wo.variations.map((v, i): Block => {
    const number = index.get(v.work_order_line);
    const line = wrap(doc, `${number ? `${number}. ` : ''}${v.description}`, at(1).width, BODY, 2);
    const reason = wrap(doc, v.reason, at(4).width, BODY, 3);
    const unit = units.get(v.work_order_line) ?? '';
    const height = 8 + Math.max(line.length, reason.length) * LINE;
    const draw = (y: number) => {
      if (i % 2 === 1) band(doc, PAGE.left, y, WIDTH, height, COLORS.stripe);
      const top = y + 4.5;
      drawText(doc, dateText(v.variation_date), at(0).x, top, { ...BODY, ...at(0) });
      line.forEach((t, j) => drawText(doc, t, at(1).x, top + j * LINE, { ...BODY, ...at(1) }));
      const was = `${qtyFormat.format(v.old_quantity)} ${unit}`;
      drawLineAmount(doc, was, at(2).x, top, at(2).width);
      drawLineAmount(
        doc,
        `${qtyFormat.format(v.new_quantity)} ${unit}`,
        at(3).x,
        top,
        at(3).width,
        true,
      );
      reason.forEach((t, j) => drawText(doc, t, at(4).x, top + j * LINE, { ...BODY, ...at(4) }));
      rule(doc, y + height, COLORS.faint, 0.4);
    };
    return { height, head, draw };
  });
  const title: Block = {
    height: 22,
    keep: HEAD_HEIGHT + (rows[0]?.height ?? 0),
    draw: (y) => drawText(doc, 'Variations', PAGE.left, y + 10, { size: 9, weight: 'bold' }),
  };
  return [title, ...rows];
}

function drawVariationHead(doc: Doc, y: number): void {
  band(doc, PAGE.left, y, WIDTH, HEAD_HEIGHT, COLORS.band);
  let x = PAGE.left;
  for (const column of VARIATION_COLUMNS) {
    const style = { size: 7.5, weight: 'bold' as const, align: column.align };
    drawText(doc, column.label, x + PAD, y + 5.5, { ...style, width: column.width - 2 * PAD });
    x += column.width;
  }
  rule(doc, y, COLORS.rule, 0.8);
  rule(doc, y + HEAD_HEIGHT, COLORS.rule, 0.8);
}

/** A titled section (terms, notes): the title stays with its first line. */
function textBlocks(doc: Doc, title: string, text: string | null): Block[] {
  if (!text?.trim()) return [];
  const lines = paragraphs(doc, text, WIDTH, TERM_STYLE, 60);
  return lines.map((line, i) => {
    const first = i === 0;
    const height = first ? 32 : 11;
    const draw = (y: number) => {
      if (first) drawText(doc, title, PAGE.left, y + 10, { size: 9, weight: 'bold' });
      drawText(doc, line, PAGE.left, y + height - 11, TERM_STYLE);
    };
    return { height, draw };
  });
}

function signatureBlocks(doc: Doc, source: WoPdfSource): Block[] {
  const blocks: Block[] = [];
  const { wo } = source;
  if (wo.number) {
    const text = `Please quote ${wo.number} on every RA bill, tax invoice and letter.`;
    blocks.push({ height: 22, draw: (y) => drawText(doc, text, PAGE.left, y + 12, MUTED) });
  }
  const width = 230;
  const draw = (top: number) => {
    const y = top + 18;
    const right = PAGE.right - width;
    const bold = { size: 8.5, weight: 'bold' as const, width };
    drawText(doc, `For ${source.site.name}`, right, y, { ...bold, align: 'right' });
    rule(doc, y + 46, COLORS.text, 0.6, right + 70, PAGE.right);
    const sign = { size: 8, width, align: 'right' as const };
    drawText(doc, 'Authorised signatory', right, y + 50, sign);
    if (source.preparedBy) {
      const prepared = { ...MUTED, width, align: 'right' as const };
      drawText(doc, `Prepared by: ${source.preparedBy}`, right, y + 62, prepared);
    }
    drawText(doc, `For ${source.vendor.name}`, PAGE.left, y, bold);
    rule(doc, y + 46, COLORS.text, 0.6, PAGE.left, PAGE.left + 180);
    drawText(doc, 'Accepted by subcontractor (signature & stamp)', PAGE.left, y + 50, { size: 8 });
    drawText(doc, 'Date:', PAGE.left, y + 62, MUTED);
  };
  blocks.push({ height: 92, draw });
  return blocks;
}

// ---------------------------------------------------------------------------------------------
// Pages

function render(doc: Doc, source: WoPdfSource): void {
  const { wo } = source;
  const parties = partyBoxes(doc, source);
  const head: TableHead = { height: HEAD_HEIGHT, draw: (y) => drawTableHead(doc, y) };
  const rows: Block[] = wo.lines.map((line, i) => {
    const text = rowText(doc, line, i);
    return { height: rowHeight(text), head, draw: (y) => drawRow(doc, text, y, i % 2 === 1) };
  });
  const blocks: Block[] = [
    subjectBlock(doc, wo),
    ...rows,
    totalsBlock(doc, wo),
    ...paymentBlocks(doc, source),
    ...variationBlocks(doc, wo),
    ...textBlocks(doc, 'Terms and conditions', wo.terms),
    ...textBlocks(doc, 'Notes', wo.notes),
    ...signatureBlocks(doc, source),
  ];
  const frame = { firstTop: BOX_TOP + parties.height + 14, nextTop: NEXT_TOP, bottom: BOTTOM };
  const pages = paginate(blocks, frame);
  const watermark = wo.number === null ? 'DRAFT' : wo.status === 'cancelled' ? 'CANCELLED' : null;
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
 * The work order as the PDF a subcontractor signs: A4, employer and subcontractor with GSTIN and
 * PAN, the BOQ lines, the total in words, the terms of payment (retention, advance recovery, GST,
 * TDS) written out, variations, terms, notes and both signatures. Drawn after the caller has the
 * document (a readable stream) in hand; a failure goes to `onError` and destroys it.
 */
export function workOrderPdf(source: WoPdfSource, onError: (error: unknown) => void): Doc {
  const title = `Work order ${source.wo.number ?? '(draft)'} – ${source.vendor.name}`;
  return onePagePdf(title, source.site.name, (doc) => render(doc, source), onError);
}
