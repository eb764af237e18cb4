import type { Readable } from 'node:stream';
import { formatInr, toPaise, type RaBill, type WorkOrderStatement } from '@siteledger/domain';
import { formatDownload, type Download } from '../../documents/download.js';
import {
  band,
  COLORS,
  drawAmount,
  drawText,
  PAGE,
  rule,
  type DrawOptions,
} from '../../documents/pdf-canvas.js';
import { dateText, inr } from '../../documents/pdf-format.js';
import { drawLogo, LOGO_BOX, LOGO_GAP } from '../../documents/pdf-logo.js';
import {
  CONTENT_WIDTH,
  drawPages,
  NEXT_TOP,
  paginate,
  TABLE_HEAD_HEIGHT,
  type Block,
  type TableHead,
} from '../../documents/pdf-pages.js';
import { onePagePdf, wrap } from '../../documents/pdf-wrap.js';
import { xlsxStream, type XlsxColumn, type XlsxRow } from '../../documents/xlsx-writer.js';
import { businessToday } from '../../platform/business-time.js';
import type { SiteScope } from '../../platform/scope.js';
import { workOrderFileName, workOrderParties } from './wo-download.js';
import type { WoPdfParty } from './wo-pdf.js';
import { workOrderStatement } from './ra-bill-actions.js';

export interface StatementSource {
  statement: WorkOrderStatement;
  site: WoPdfParty;
  vendor: WoPdfParty;
  /** YYYY-MM-DD. */
  today: string;
  /** The business's logo (PNG or JPEG), drawn left of the title (the PDF only). */
  logo?: Buffer | null;
}

const STATUS_LABELS = {
  draft: 'Draft',
  issued: 'Issued',
  completed: 'Completed',
  cancelled: 'Cancelled',
} as const;

/** What a row of the statement is: a running bill, the final one, or retention paid back. */
export function billKind(bill: RaBill): string {
  if (bill.kind === 'retention_release') return 'Retention release';
  return bill.final ? 'Final bill' : 'RA bill';
}

const ids = (party: WoPdfParty) =>
  [party.gstin ? `GSTIN ${party.gstin}` : '', party.pan ? `PAN ${party.pan}` : '']
    .filter(Boolean)
    .join(', ');

const named = (party: WoPdfParty) => (ids(party) ? `${party.name} (${ids(party)})` : party.name);

/** The lines under the title, in both files. */
function infoLines(source: StatementSource): string[] {
  const wo = source.statement.work_order;
  const due = wo.retention_due_date ? ` · retention due ${dateText(wo.retention_due_date)}` : '';
  return [
    `Work order: ${wo.number ?? 'draft'} – ${wo.title}`,
    // The employer is the site's business (issue 47), the site on a line of its own.
    ...(source.site.site
      ? [`Employer: ${named(source.site)}`, `Site: ${source.site.site}`]
      : [`Site: ${named(source.site)}`]),
    `Subcontractor: ${named(source.vendor)}`,
    `Order value: ${inr(wo.total_amount)} · ${STATUS_LABELS[wo.status]}${due}`,
    `Generated: ${dateText(source.today)}`,
  ];
}

/** The summary under the bills: the advance, retention, TDS and what was paid and is owed. */
function summaryRows(source: StatementSource): [string, number][] {
  const { totals, work_order: wo } = source.statement;
  const rows: [string, number][] = [];
  if (wo.advance_amount > 0 || totals.advance_paid > 0) {
    rows.push(['Advance paid (TDS included)', totals.advance_paid]);
    rows.push(['TDS on the advance', totals.advance_tds]);
    rows.push(['Advance recovered', totals.advance_recovery]);
  }
  rows.push(['Retention held', totals.retention_held]);
  rows.push(['Retention released', totals.retention_released]);
  rows.push(['TDS in all (bills and advance)', totals.tds_total]);
  rows.push(['Paid in all', totals.paid_total]);
  rows.push(['Outstanding', totals.outstanding]);
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Excel

type Key =
  | 'number'
  | 'date'
  | 'kind'
  | 'gross'
  | 'cgst'
  | 'sgst'
  | 'igst'
  | 'retention'
  | 'recovery'
  | 'tds'
  | 'net'
  | 'paid';

const COLUMNS: XlsxColumn<Key>[] = [
  { key: 'number', header: 'Bill', kind: 'text', width: 10 },
  { key: 'date', header: 'Date', kind: 'date' },
  { key: 'kind', header: 'Kind', kind: 'text', width: 30 },
  { key: 'gross', header: 'Gross', kind: 'money', total: true },
  { key: 'cgst', header: 'CGST', kind: 'money', total: true },
  { key: 'sgst', header: 'SGST', kind: 'money', total: true },
  { key: 'igst', header: 'IGST', kind: 'money', total: true },
  { key: 'retention', header: 'Retention', kind: 'money', total: true },
  { key: 'recovery', header: 'Advance recovery', kind: 'money', total: true },
  { key: 'tds', header: 'TDS', kind: 'money', total: true },
  { key: 'net', header: 'Net payable', kind: 'money', total: true },
  { key: 'paid', header: 'Paid', kind: 'money', total: true },
];

/** A bill as a row; the sheet's money columns take paise. */
const xlsxRow = (bill: RaBill): XlsxRow<Key> => ({
  number: bill.number,
  date: bill.bill_date,
  kind: billKind(bill),
  gross: toPaise(bill.gross_amount),
  cgst: toPaise(bill.cgst_amount),
  sgst: toPaise(bill.sgst_amount),
  igst: toPaise(bill.igst_amount),
  retention: toPaise(bill.retention_amount),
  recovery: toPaise(bill.advance_recovery),
  tds: toPaise(bill.tds_amount),
  net: toPaise(bill.net_payable),
  paid: toPaise(bill.paid_amount),
});

/** The statement as an Excel sheet: a row per bill, the totals, then the summary. */
export function statementXlsx(source: StatementSource, onError: (e: unknown) => void): Readable {
  async function* rows(): AsyncGenerator<XlsxRow<Key>[]> {
    await Promise.resolve();
    yield source.statement.bills.map(xlsxRow);
  }
  return xlsxStream<Key>(
    {
      title: 'Work order statement',
      info: infoLines(source),
      columns: COLUMNS,
      rows: rows(),
      totals: { label: 'Total' },
      // The label in the wide "Kind" column, the amount beside it.
      after: () => [
        {},
        { kind: 'Summary' },
        ...summaryRows(source).map(([label, value]) => ({ kind: label, gross: toPaise(value) })),
      ],
    },
    onError,
  );
}

// ---------------------------------------------------------------------------------------------
// PDF

type Doc = PDFKit.PDFDocument;

const ROW = 28;
const PAD = 3;
const BODY: DrawOptions = { size: 7.5 };
const MUTED: DrawOptions = { size: 6.5, color: COLORS.muted };

/**
 * Figures without the ₹ sign (the table says "Amounts in ₹"): with it, ten amount columns on A4
 * would all be set smaller. Nothing is shown for a zero.
 */
const figure = (rupees: number) =>
  rupees === 0 ? '–' : formatInr(toPaise(rupees)).replace('₹', '');

type AmountKey =
  | 'gross_amount'
  | 'cgst_amount'
  | 'sgst_amount'
  | 'igst_amount'
  | 'retention_amount'
  | 'advance_recovery'
  | 'tds_amount'
  | 'net_payable'
  | 'paid_amount';

interface PdfColumn {
  header: string;
  key: AmountKey;
}

/**
 * The amount columns. A work order has one place of supply, so its bills carry CGST and SGST or
 * IGST: a head that is nought on every bill is left out and the others get its width.
 */
function amountColumns(statement: WorkOrderStatement): PdfColumn[] {
  const { totals } = statement;
  const columns: PdfColumn[] = [{ header: 'Gross', key: 'gross_amount' }];
  if (totals.cgst_amount !== 0 || totals.sgst_amount !== 0) {
    columns.push({ header: 'CGST', key: 'cgst_amount' }, { header: 'SGST', key: 'sgst_amount' });
  }
  if (totals.igst_amount !== 0) columns.push({ header: 'IGST', key: 'igst_amount' });
  columns.push(
    { header: 'Retention', key: 'retention_amount' },
    { header: 'Adv. recovery', key: 'advance_recovery' },
    { header: 'TDS', key: 'tds_amount' },
    { header: 'Net payable', key: 'net_payable' },
    { header: 'Paid', key: 'paid_amount' },
  );
  return columns;
}

const BILL_WIDTH = 82;

interface Layout {
  columns: PdfColumn[];
  width: number;
  x: (i: number) => number;
}

function layoutOf(statement: WorkOrderStatement): Layout {
  const columns = amountColumns(statement);
  const width = (CONTENT_WIDTH - BILL_WIDTH) / columns.length;
  return { columns, width, x: (i) => PAGE.left + BILL_WIDTH + i * width };
}

function drawHead(doc: Doc, layout: Layout, y: number): void {
  band(doc, PAGE.left, y, CONTENT_WIDTH, TABLE_HEAD_HEIGHT, COLORS.band);
  const style = { size: 7, weight: 'bold' as const };
  drawText(doc, 'Bill', PAGE.left + PAD, y + 6, { ...style, width: BILL_WIDTH - 2 * PAD });
  layout.columns.forEach((column, i) => {
    const at = { width: layout.width - 2 * PAD, align: 'right' as const };
    drawText(doc, column.header, layout.x(i) + PAD, y + 6, { ...style, ...at });
  });
  rule(doc, y, COLORS.rule, 0.8);
  rule(doc, y + TABLE_HEAD_HEIGHT, COLORS.rule, 0.8);
}

type Amounts = Record<AmountKey, number>;

function drawFigures(doc: Doc, layout: Layout, amounts: Amounts, y: number, bold: boolean) {
  layout.columns.forEach((column, i) => {
    const strong = bold || column.key === 'net_payable';
    drawAmount(doc, figure(amounts[column.key]), layout.x(i) + PAD, y, {
      size: BODY.size,
      weight: strong ? 'bold' : 'regular',
      width: layout.width - 2 * PAD,
    });
  });
}

function billRow(doc: Doc, layout: Layout, bill: RaBill, striped: boolean): Block {
  return {
    height: ROW,
    draw: (y) => {
      if (striped) band(doc, PAGE.left, y, CONTENT_WIDTH, ROW, COLORS.stripe);
      const width = BILL_WIDTH - 2 * PAD;
      const left = PAGE.left + PAD;
      drawText(doc, bill.number, left, y + 4, { ...BODY, weight: 'bold', width: 34 });
      drawText(doc, dateText(bill.bill_date), left + 30, y + 4, {
        ...BODY,
        width: width - 30,
        align: 'right',
      });
      drawText(doc, billKind(bill), left, y + 15, { ...MUTED, width });
      drawFigures(doc, layout, bill, y + 4, false);
      rule(doc, y + ROW, COLORS.faint, 0.4);
    },
  };
}

function totalRow(doc: Doc, layout: Layout, statement: WorkOrderStatement): Block {
  return {
    height: 24,
    draw: (y) => {
      band(doc, PAGE.left, y, CONTENT_WIDTH, 20, COLORS.band);
      rule(doc, y, COLORS.text, 0.6);
      drawText(doc, 'Total', PAGE.left + PAD, y + 6, { ...BODY, weight: 'bold' });
      // The totals row sums the bills' columns (the advance's TDS and cash are in the summary).
      const billTotals = {
        ...statement.totals,
        tds_amount: statement.totals.bills_tds_amount,
        paid_amount: statement.totals.bills_paid_amount,
      };
      drawFigures(doc, layout, billTotals, y + 6, true);
    },
  };
}

const SUMMARY_WIDTH = 250;

function summaryBlock(doc: Doc, source: StatementSource): Block {
  const rows = summaryRows(source);
  const height = 30 + rows.length * 14;
  const draw = (top: number) => {
    const x = PAGE.right - SUMMARY_WIDTH;
    drawText(doc, 'Summary', x, top + 12, { size: 9, weight: 'bold' });
    rows.forEach(([label, value], i) => {
      const y = top + 30 + i * 14;
      const last = i === rows.length - 1;
      if (last) band(doc, x, y - 4, SUMMARY_WIDTH, 16, COLORS.band);
      const style = { size: 8.5, weight: last ? ('bold' as const) : ('regular' as const) };
      drawText(doc, label, x + 6, y, { ...style, width: 150 });
      drawAmount(doc, inr(value), x + 150, y, { ...style, width: SUMMARY_WIDTH - 156 });
    });
  };
  return { height, draw };
}

function drawHeading(doc: Doc, source: StatementSource, first: boolean): number {
  const wo = source.statement.work_order;
  if (!first) {
    const style = { size: 10, weight: 'bold' as const, color: COLORS.accent, width: 300 };
    drawText(doc, `Statement of work order ${wo.number ?? '(draft)'}`, PAGE.left, 38, style);
    const right: DrawOptions = { size: 8.5, color: COLORS.muted, width: 200, align: 'right' };
    drawText(doc, source.vendor.name, PAGE.right - 200, 40, right);
    rule(doc, 56, COLORS.accent, 1);
    return NEXT_TOP;
  }
  const logoWidth = drawLogo(doc, source.logo, PAGE.left, 34);
  drawText(doc, 'WORK ORDER STATEMENT', PAGE.left + (logoWidth ? logoWidth + LOGO_GAP : 0), 34, {
    size: 16,
    weight: 'bold',
    color: COLORS.accent,
  });
  // The lines start under the logo.
  let y = logoWidth ? 34 + LOGO_BOX.height + 10 : 60;
  for (const line of infoLines(source)) {
    for (const part of wrap(doc, line, CONTENT_WIDTH, { size: 8.5 }, 2)) {
      drawText(doc, part, PAGE.left, y, { size: 8.5, color: COLORS.muted, width: CONTENT_WIDTH });
      y += 12;
    }
  }
  // Under the figures' columns, on the heading's last line: the table's figures drop the ₹.
  drawText(doc, 'Amounts in ₹', PAGE.left, y - 12, {
    size: 8,
    color: COLORS.muted,
    width: CONTENT_WIDTH,
    align: 'right',
  });
  rule(doc, y + 2, COLORS.accent, 1.2);
  return y + 18;
}

function render(doc: Doc, source: StatementSource): void {
  const { statement } = source;
  const layout = layoutOf(statement);
  const head: TableHead = { height: TABLE_HEAD_HEIGHT, draw: (y) => drawHead(doc, layout, y) };
  const rows: Block[] = statement.bills.map((bill, i) => ({
    ...billRow(doc, layout, bill, i % 2 === 1),
    head,
  }));
  const empty: Block = {
    height: ROW,
    head,
    draw: (y) => drawText(doc, 'No RA bills yet.', PAGE.left + PAD, y + 8, BODY),
  };
  const blocks = [
    ...(rows.length > 0 ? rows : [empty]),
    totalRow(doc, layout, statement),
    summaryBlock(doc, source),
  ];
  // The first page's heading is drawn now: where it ends is where the table starts.
  const firstTop = drawHeading(doc, source, true);
  const what = `Statement of ${statement.work_order.number ?? 'draft work order'}`;
  drawPages(doc, paginate(blocks, firstTop), {
    heading: (i) => {
      if (i > 0) drawHeading(doc, source, false);
    },
    footer: `${source.site.name} · ${what} · ${dateText(source.today)}`,
  });
}

/** The statement as a PDF: A4, a row per bill with the waterfall, totals and the summary. */
export function statementPdf(source: StatementSource, onError: (e: unknown) => void): Doc {
  const wo = source.statement.work_order;
  const title = `Statement of work order ${wo.number ?? '(draft)'} – ${source.vendor.name}`;
  return onePagePdf(title, source.site.name, (doc) => render(doc, source), onError);
}

// ---------------------------------------------------------------------------------------------
// The download

/** GET …/work_orders/{id}/statement/export?format=pdf|xlsx */
export async function workOrderStatementDownload(
  scope: SiteScope,
  id: string,
  format: 'pdf' | 'xlsx',
): Promise<Download> {
  const statement = await workOrderStatement(scope, id);
  const { employer, subcontractor, logo } = await workOrderParties(
    scope,
    statement.work_order.vendor,
  );
  const source: StatementSource = {
    statement,
    site: employer,
    vendor: subcontractor,
    logo,
    today: businessToday(scope.ctx.config.timezone),
  };
  const onError = (error: unknown) =>
    scope.ctx.logger.error({ err: error, work_order: id }, 'Work order statement failed');
  const body = format === 'pdf' ? statementPdf(source, onError) : statementXlsx(source, onError);
  const file = {
    prefix: 'wo-statement',
    name: subcontractor.name,
    suffix: workOrderFileName(statement.work_order),
    fallbackName: 'vendor',
  };
  return formatDownload(format, file, body);
}
