import {
  amountInWords,
  numberInWordsIndian,
  panFromGstin,
  tdsRate,
  toPaise,
  type WorkOrder,
  type WorkOrderLine,
} from '@siteledger/domain';
import {
  band,
  COLORS,
  drawAmount,
  drawText,
  PAGE,
  rule,
  type DrawOptions,
} from '../../documents/pdf-canvas.js';
import {
  columnCells,
  drawColumnHeads,
  drawLineAmount,
  LINE,
  type Column,
} from '../../documents/pdf-columns.js';
import { dateText, inr, quantityText, stateText } from '../../documents/pdf-format.js';
import {
  amountWords,
  drawAcceptance,
  drawContinuationHeading,
  drawOrderHeading,
  drawSignatory,
  drawTotalBand,
  noteBlock,
  SIGNATURE_STYLE,
  textBlocks,
  TOTAL_STYLE,
  TOTALS_WIDTH,
  type MetaRow,
} from '../../documents/pdf-order-parts.js';
import {
  ALERT,
  BODY,
  CONTENT_WIDTH,
  drawPages,
  MUTED,
  paginate,
  TABLE_HEAD_HEIGHT,
  type Block,
  type TableHead,
} from '../../documents/pdf-pages.js';
import { drawParties, partyBoxes, type PdfParty } from '../../documents/pdf-parties.js';
import { onePagePdf, wrap } from '../../documents/pdf-wrap.js';

/** wo-download.ts writes the parties' states with it. */
export { stateText };

export interface WoPdfParty extends PdfParty {
  /** Absent: the GSTIN's (characters 3–12). */
  pan?: string | null;
  /** The site's TAN: the employer deducts the TDS under it. */
  tan?: string | null;
  /** The subcontractor's § 194C(6) declaration (a transporter): no TDS. */
  tds_194c6?: boolean;
}

export interface WoPdfSource {
  /** The employer: the site's business (its name, the site's, address, GSTIN, TAN). */
  site: WoPdfParty;
  /** The subcontractor. */
  vendor: WoPdfParty;
  /** Amounts in rupees, quantities in units. */
  wo: WorkOrder;
  /** YYYY-MM-DD. */
  today: string;
  preparedBy?: string | null;
  /** The business's logo (PNG or JPEG), drawn left of the title. */
  logo?: Buffer | null;
}

type Doc = PDFKit.PDFDocument;

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

// ---------------------------------------------------------------------------------------------
// The BOQ lines table

const COLUMNS: Column[] = [
  { label: '#', width: 26, align: 'right' },
  { label: 'Description of work', width: 219.28, align: 'left' },
  { label: 'Unit', width: 48, align: 'left' },
  { label: 'Quantity', width: 68, align: 'right' },
  { label: 'Rate', width: 72, align: 'right' },
  { label: 'Amount', width: 82, align: 'right' },
];

const cell = columnCells(COLUMNS);

interface RowText {
  description: string[];
  unit: string[];
  cells: [string, string, string, string];
}

function rowText(doc: Doc, line: WorkOrderLine, index: number): RowText {
  return {
    description: wrap(doc, line.description, cell(1).width, BODY, 3),
    unit: wrap(doc, line.unit, cell(2).width, BODY, 2),
    cells: [String(index + 1), quantityText(line.quantity), inr(line.rate), inr(line.amount)],
  };
}

const rowHeight = (row: RowText) => 8 + Math.max(row.description.length, row.unit.length) * LINE;

function drawRow(doc: Doc, row: RowText, y: number, striped: boolean): void {
  const height = rowHeight(row);
  if (striped) band(doc, PAGE.left, y, CONTENT_WIDTH, height, COLORS.stripe);
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

const panOf = (party: WoPdfParty) => party.pan ?? (party.gstin ? panFromGstin(party.gstin) : null);

/** The GSTIN and PAN on one line, the TAN on the next. */
function partyIds(party: WoPdfParty): string[] {
  const pan = panOf(party);
  const ids = [party.gstin ? `GSTIN: ${party.gstin}` : '', pan ? `PAN: ${pan}` : '']
    .filter(Boolean)
    .join('   ');
  return [ids, party.tan ? `TAN: ${party.tan}` : ''].filter(Boolean);
}

function parties(doc: Doc, source: WoPdfSource) {
  return partyBoxes(doc, [
    { label: 'EMPLOYER', party: source.site, ids: partyIds(source.site) },
    { label: 'SUBCONTRACTOR', party: source.vendor, ids: partyIds(source.vendor) },
  ]);
}

function statusMeta(wo: WorkOrder): MetaRow {
  if (wo.status === 'cancelled')
    return ['Status', `Cancelled ${dateText(wo.cancelled_at?.slice(0, 10))}`, ALERT];
  if (wo.status === 'completed')
    return ['Status', `Completed ${dateText(wo.completed_at?.slice(0, 10))}`];
  return ['Status', wo.status === 'draft' ? 'Draft' : 'Issued'];
}

const titleLine = (wo: WorkOrder) => `Work order ${wo.number ?? '(draft)'}`;

// ---------------------------------------------------------------------------------------------
// The blocks: the work's title, the table, totals, terms of payment, variations, signatures

function subjectBlock(doc: Doc, wo: WorkOrder): Block {
  const style: DrawOptions = { size: 10, weight: 'bold' };
  const lines = wrap(doc, wo.title, CONTENT_WIDTH - 50, style, 2);
  const draw = (y: number) => {
    drawText(doc, 'Work', PAGE.left, y + 1.5, { ...MUTED, size: 8 });
    lines.forEach((line, i) => drawText(doc, line, PAGE.left + 40, y + i * 13, style));
  };
  return { height: lines.length * 13 + 8, draw };
}

function totalsBlock(doc: Doc, wo: WorkOrder): Block {
  const words = amountWords(doc, wo.total_amount);
  // The order's value is before GST: each bill adds GST on what it measures.
  const gstNote = wo.gst_rate === null ? 'No GST' : `GST at ${wo.gst_rate} % extra on each bill`;
  const height = 12 + Math.max(44, words.height);
  const draw = (top: number) => {
    const y = top + 12;
    words.draw(y);
    const amountX = drawTotalBand(doc, y);
    drawAmount(doc, inr(wo.total_amount), amountX, y, { ...TOTAL_STYLE, width: 150 });
    const note = { ...MUTED, size: 7.5, width: TOTALS_WIDTH - 10, align: 'right' as const };
    drawText(doc, gstNote, PAGE.right - TOTALS_WIDTH, y + 22, note);
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
  const pan = panOf(vendor);
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
    const lines = wrap(doc, clause, CONTENT_WIDTH - INDENT, TERM_STYLE, 6);
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
  const at = columnCells(VARIATION_COLUMNS);
  const units = new Map(wo.lines.map((line) => [line.id, line.unit]));
  const index = new Map(wo.lines.map((line, i) => [line.id, i + 1]));
  const head: TableHead = {
    height: TABLE_HEAD_HEIGHT,
    draw: (y) => drawColumnHeads(doc, VARIATION_COLUMNS, y),
  };
  const rows = wo.variations.map((v, i): Block => {
    const number = index.get(v.work_order_line);
    const line = wrap(doc, `${number ? `${number}. ` : ''}${v.description}`, at(1).width, BODY, 2);
    const reason = wrap(doc, v.reason, at(4).width, BODY, 3);
    const unit = units.get(v.work_order_line) ?? '';
    const height = 8 + Math.max(line.length, reason.length) * LINE;
    const draw = (y: number) => {
      if (i % 2 === 1) band(doc, PAGE.left, y, CONTENT_WIDTH, height, COLORS.stripe);
      const top = y + 4.5;
      drawText(doc, dateText(v.variation_date), at(0).x, top, { ...BODY, ...at(0) });
      line.forEach((t, j) => drawText(doc, t, at(1).x, top + j * LINE, { ...BODY, ...at(1) }));
      const was = `${quantityText(v.old_quantity)} ${unit}`;
      drawLineAmount(doc, was, at(2).x, top, at(2).width);
      drawLineAmount(
        doc,
        `${quantityText(v.new_quantity)} ${unit}`,
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
    keep: TABLE_HEAD_HEIGHT + (rows[0]?.height ?? 0),
    draw: (y) => drawText(doc, 'Variations', PAGE.left, y + 10, { size: 9, weight: 'bold' }),
  };
  return [title, ...rows];
}

function signatureBlocks(doc: Doc, source: WoPdfSource): Block[] {
  const blocks: Block[] = [];
  const { wo } = source;
  if (wo.number) {
    const text = `Please quote ${wo.number} on every RA bill, tax invoice and letter.`;
    blocks.push(noteBlock(doc, text));
  }
  const width = 230;
  const draw = (top: number) => {
    const y = top + 18;
    drawSignatory(doc, source.site.name, y, width, 70);
    if (source.preparedBy) {
      const prepared = { ...MUTED, width, align: 'right' as const };
      drawText(doc, `Prepared by: ${source.preparedBy}`, PAGE.right - width, y + 62, prepared);
    }
    drawText(doc, `For ${source.vendor.name}`, PAGE.left, y, { ...SIGNATURE_STYLE, width });
    drawAcceptance(doc, 'Accepted by subcontractor (signature & stamp)', y, 180);
    drawText(doc, 'Date:', PAGE.left, y + 62, MUTED);
  };
  blocks.push({ height: 92, draw });
  return blocks;
}

// ---------------------------------------------------------------------------------------------
// Pages

function render(doc: Doc, source: WoPdfSource): void {
  const { wo } = source;
  const boxes = parties(doc, source);
  const head: TableHead = {
    height: TABLE_HEAD_HEIGHT,
    draw: (y) => drawColumnHeads(doc, COLUMNS, y),
  };
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
  drawPages(doc, paginate(blocks, boxes.bottom + 14), {
    heading: (i) => {
      if (i > 0) return drawContinuationHeading(doc, titleLine(wo), source.vendor.name);
      drawOrderHeading(
        doc,
        'WORK ORDER',
        wo.number,
        [['Order date', dateText(wo.order_date)], statusMeta(wo)],
        source.logo,
      );
      drawParties(doc, boxes);
    },
    footer: `${source.site.name} · ${titleLine(wo)} · ${dateText(source.today)}`,
    watermark: wo.number === null ? 'DRAFT' : wo.status === 'cancelled' ? 'CANCELLED' : null,
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
