import { formatInr, toPaise, type PurchaseOrder, type PurchaseOrderLine } from '@siteledger/domain';
import { band, COLORS, drawText, fit, measure, PAGE, rule } from '../../documents/pdf-canvas.js';
import {
  columnCells,
  drawColumnHeads,
  drawLineAmount,
  LINE,
  type Column,
} from '../../documents/pdf-columns.js';
import { dateText, inr, quantityText } from '../../documents/pdf-format.js';
import {
  amountWords,
  drawAcceptance,
  drawContinuationHeading,
  drawOrderHeading,
  drawSignatory,
  drawTotalBand,
  noteBlock,
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

export type PoPdfParty = PdfParty & { pan?: string | null };

export interface PoPdfSource {
  /** The buyer: the site's business (its name, the site's, address, GSTIN). */
  site: PoPdfParty;
  /** The supplier. */
  vendor: PoPdfParty;
  /** Amounts in rupees, quantities in units. */
  po: PurchaseOrder;
  /** YYYY-MM-DD. */
  today: string;
  preparedBy?: string | null;
  /** The business's logo (PNG or JPEG), drawn left of the title. */
  logo?: Buffer | null;
}

type Doc = PDFKit.PDFDocument;

// ---------------------------------------------------------------------------------------------
// The lines table

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

type Cell = ReturnType<typeof columnCells>;

interface RowText {
  item: string[];
  hsn: string;
  qty: string[];
  cells: string[];
}

function rowText(doc: Doc, line: PurchaseOrderLine, index: number, cell: Cell): RowText {
  const quantity = quantityText(line.quantity);
  const together = `${quantity} ${line.unit}`;
  const qty =
    measure(doc, together, BODY) <= cell(2).width
      ? [together]
      : [quantity, fit(doc, line.unit, cell(2).width, MUTED)];
  const taxable = toPaise(line.total_amount);
  const gst = toPaise(line.cgst_amount) + toPaise(line.sgst_amount) + toPaise(line.igst_amount);
  return {
    item: wrap(doc, line.item_name, cell(1).width, BODY, 2),
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

function drawRow(doc: Doc, at: Cell, row: RowText, y: number, striped: boolean) {
  const height = rowHeight(row);
  if (striped) band(doc, PAGE.left, y, CONTENT_WIDTH, height, COLORS.stripe);
  const top = y + 4.5;
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

function parties(doc: Doc, source: PoPdfSource) {
  // A GSTIN carries the PAN; a buyer without one shows its PAN.
  const ids = (party: PoPdfParty) =>
    party.gstin ? [`GSTIN: ${party.gstin}`] : party.pan ? [`PAN: ${party.pan}`] : [];
  return partyBoxes(doc, [
    { label: 'FROM (BUYER)', party: source.site, ids: ids(source.site) },
    { label: 'TO (SUPPLIER)', party: source.vendor, ids: ids(source.vendor) },
  ]);
}

function drawFirstHeading(doc: Doc, po: PurchaseOrder, logo: Buffer | null): void {
  const meta: MetaRow[] = [
    ['Order date', dateText(po.order_date)],
    ['Delivery by', po.expected_date ? dateText(po.expected_date) : 'As agreed'],
  ];
  if (po.status === 'cancelled')
    meta.push(['Status', `Cancelled ${dateText(po.cancelled_at?.slice(0, 10))}`, ALERT]);
  if (po.status === 'closed')
    meta.push(['Status', `Closed ${dateText(po.closed_at?.slice(0, 10))}`]);
  drawOrderHeading(doc, 'PURCHASE ORDER', po.number, meta, logo);
}

function titleLine(po: PurchaseOrder): string {
  return `Purchase order ${po.number ?? '(draft)'}`;
}

// ---------------------------------------------------------------------------------------------
// What follows the table: totals, amount in words, terms, notes, signatures

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
  const words = amountWords(doc, po.total_amount);
  const boxHeight = shown.length * 15 + 30;
  const height = 12 + Math.max(boxHeight, words.height);
  const draw = (top: number) => {
    const y = top + 12;
    words.draw(y);
    const x = PAGE.right - TOTALS_WIDTH;
    shown.forEach(([label, value], i) => {
      const rowY = y + i * 15;
      drawText(doc, label, x + 10, rowY, { size: 8.5, width: 100 });
      drawLineAmount(doc, inr(value), x + 110, rowY, TOTALS_WIDTH - 120);
    });
    const totalY = y + shown.length * 15 + 2;
    const amountX = drawTotalBand(doc, totalY);
    const style = { ...TOTAL_STYLE, width: 150, align: 'right' as const };
    drawText(doc, inr(po.total_amount), amountX, totalY, style);
  };
  return { height, draw };
}

function signatureBlock(doc: Doc, source: PoPdfSource): Block[] {
  const blocks: Block[] = [];
  if (source.po.number) {
    const text = `Please quote ${source.po.number} on every invoice, delivery challan and package.`;
    blocks.push(noteBlock(doc, text));
  }
  const width = 220;
  const draw = (top: number) => {
    const y = top + 18;
    drawSignatory(doc, source.site.name, y, width, 60);
    if (source.preparedBy) {
      drawText(doc, `Prepared by: ${source.preparedBy}`, PAGE.left, y, { size: 8, width });
    }
    drawAcceptance(doc, 'Accepted by supplier (signature & stamp)', y, 160);
  };
  blocks.push({ height: 82, draw });
  return blocks;
}

// ---------------------------------------------------------------------------------------------
// Pages

function render(doc: Doc, source: PoPdfSource): void {
  const { po } = source;
  const cols = columns(po);
  const cell = columnCells(cols);
  const boxes = parties(doc, source);
  const head: TableHead = {
    height: TABLE_HEAD_HEIGHT,
    draw: (y) => drawColumnHeads(doc, cols, y),
  };
  const rows: Block[] = po.lines.map((line, i) => {
    const text = rowText(doc, line, i, cell);
    return { height: rowHeight(text), head, draw: (y) => drawRow(doc, cell, text, y, i % 2 === 1) };
  });
  const blocks = [
    ...rows,
    totalsBlock(doc, po),
    ...textBlocks(doc, 'Terms and conditions', po.terms),
    ...textBlocks(doc, 'Notes', po.notes),
    ...signatureBlock(doc, source),
  ];
  drawPages(doc, paginate(blocks, boxes.bottom + 14), {
    heading: (i) => {
      if (i > 0) return drawContinuationHeading(doc, titleLine(po), source.vendor.name);
      drawFirstHeading(doc, po, source.logo ?? null);
      drawParties(doc, boxes);
    },
    footer: `${source.site.name} · ${titleLine(po)} · ${dateText(source.today)}`,
    watermark: po.number === null ? 'DRAFT' : po.status === 'cancelled' ? 'CANCELLED' : null,
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
