import { formatInr } from '@siteledger/domain';
import { band, COLORS, drawText, type DrawOptions } from '../../../documents/pdf-canvas.js';
import { columnCells, drawLineAmount, PAD, type Column } from '../../../documents/pdf-columns.js';
import { dateText } from '../../../documents/pdf-format.js';
import { onePagePdf } from '../../../documents/pdf-wrap.js';
import { figure, milliText } from './labour-format.js';
import {
  drawSheet,
  drawSheetHeadBand,
  drawSheetHeading,
  drawSheetRunningHeading,
  SHEET,
  SHEET_WIDTH,
  type SheetBlock,
  signatureBlock,
} from './labour-pdf-landscape.js';
import {
  sheetSummary,
  type RegisterRow,
  type RegisterTotals,
  type WageRegister,
} from './wage-register.js';

type Doc = PDFKit.PDFDocument;

export interface WageRegisterSource {
  siteName: string;
  register: WageRegister;
  /** YYYY-MM-DD. */
  today: string;
}

const COLUMNS: Column[] = [
  { label: '#', width: 22, align: 'right' },
  { label: 'Name', width: 114, align: 'left' },
  { label: 'Trade', width: 64, align: 'left' },
  { label: 'Daily wage', width: 54, align: 'right' },
  { label: 'Days', width: 40, align: 'right' },
  { label: 'OT h', width: 34, align: 'right' },
  { label: 'Wages', width: 62, align: 'right' },
  { label: 'OT amount', width: 58, align: 'right' },
  { label: 'Gross', width: 62, align: 'right' },
  { label: 'Advances', width: 58, align: 'right' },
  { label: 'Net paid', width: 64, align: 'right' },
  { label: 'Signature / thumb', width: 129.89, align: 'left' },
];
const cell = columnCells(COLUMNS);
const SIGN = COLUMNS.length - 1;
const HEAD_HEIGHT = 20;
/** Tall enough to sign or press a thumb in. */
const ROW = 26;
const BODY: DrawOptions = { size: 8 };

/** The money and quantity cells of a row or of the totals, columns 4–10 (days … net). */
function drawFigures(doc: Doc, figures: RegisterTotals, y: number, bold: boolean): void {
  const texts = [
    milliText(figures.man_days),
    figures.ot_hours > 0 ? milliText(figures.ot_hours) : '–',
    figure(figures.wages),
    figure(figures.ot_amount),
    figure(figures.gross),
    figure(figures.advances),
    figure(figures.net),
  ];
  texts.forEach((text, i) => {
    const at = cell(4 + i);
    drawLineAmount(doc, text, at.x, y, at.width, bold || i === texts.length - 1);
  });
}

/** The line down the signature column's left edge. */
function signRule(doc: Doc, y: number, height: number): void {
  const x = cell(SIGN).x - PAD;
  doc
    .save()
    .lineWidth(0.4)
    .strokeColor(COLORS.rule)
    .moveTo(x, y)
    .lineTo(x, y + height)
    .stroke()
    .restore();
}

function drawHead(doc: Doc, y: number): void {
  drawSheetHeadBand(doc, y, HEAD_HEIGHT);
  COLUMNS.forEach((column, i) => {
    const style = { size: 7.5, weight: 'bold' as const, align: column.align };
    drawText(doc, column.label, cell(i).x, y + 6, { ...style, ...cell(i) });
  });
  signRule(doc, y, HEAD_HEIGHT);
}

function rowBlock(doc: Doc, row: RegisterRow): SheetBlock {
  const draw = (y: number) => {
    if (row.serial % 2 === 0) band(doc, SHEET.left, y, SHEET_WIDTH, ROW, COLORS.stripe);
    const top = y + 9;
    drawText(doc, String(row.serial), cell(0).x, top, {
      ...BODY,
      color: COLORS.muted,
      ...cell(0),
      align: 'right',
    });
    drawText(doc, row.name, cell(1).x, top, { ...BODY, weight: 'bold', ...cell(1) });
    drawText(doc, row.trade, cell(2).x, top, { ...BODY, ...cell(2) });
    drawLineAmount(doc, figure(row.daily_wage), cell(3).x, top, cell(3).width);
    drawFigures(doc, row, top, false);
    signRule(doc, y, ROW);
    doc
      .save()
      .lineWidth(0.4)
      .strokeColor(COLORS.faint)
      .moveTo(SHEET.left, y + ROW)
      .lineTo(SHEET.right, y + ROW)
      .stroke()
      .restore();
  };
  return { height: ROW, row: true, draw };
}

function totalsBlock(doc: Doc, totals: RegisterTotals): SheetBlock {
  const draw = (y: number) => {
    band(doc, SHEET.left, y, SHEET_WIDTH, 22, COLORS.band);
    drawText(doc, 'Total', cell(1).x, y + 7, { ...BODY, weight: 'bold' });
    drawFigures(doc, totals, y + 7, true);
  };
  return { height: 22, row: true, draw };
}

/** Which wage sheets the register counts, so each figure can be traced to its sheet. */
function sheetsBlock(doc: Doc, register: WageRegister): SheetBlock {
  const lines = register.sheets.map((sheet) => sheetSummary(sheet, dateText));
  const draw = (y: number) => {
    drawText(doc, 'Wage sheets counted', SHEET.left, y + 12, { size: 9, weight: 'bold' });
    lines.forEach((line, i) =>
      drawText(doc, line, SHEET.left, y + 27 + i * 12, { size: 8, width: 460 }),
    );
  };
  return { height: 30 + lines.length * 12, draw };
}

function render(doc: Doc, source: WageRegisterSource): void {
  const { register, siteName } = source;
  const empty: SheetBlock = {
    height: ROW,
    row: true,
    draw: (y) => drawText(doc, 'No wage sheet ends in this period.', cell(1).x, y + 9, BODY),
  };
  const blocks: SheetBlock[] = [
    ...(register.rows.length > 0 ? register.rows.map((row) => rowBlock(doc, row)) : [empty]),
    totalsBlock(doc, register.totals),
    ...(register.sheets.length > 0 ? [sheetsBlock(doc, register)] : []),
    signatureBlock(
      doc,
      siteName,
      260,
      'Signature of the site in-charge (wages paid in my presence)',
    ),
  ];
  const title = `Register of wages · ${register.period}`;
  drawSheet(doc, blocks, {
    heading: () =>
      drawSheetHeading(doc, {
        title: 'REGISTER OF WAGES',
        form: 'Form XVII · rule 78(1)(a)(i), Contract Labour (Regulation and Abolition) Central Rules, 1971',
        info: [`Site: ${siteName}`, `Wage period: ${register.period}`],
        note: "Amounts in ₹ · days are man-days · overtime paid at the sheet's OT rate",
        figures: [
          ['Workers', String(new Set(register.rows.map((row) => row.worker)).size)],
          ['Gross wages', formatInr(register.totals.gross)],
          ['Advances deducted', formatInr(register.totals.advances)],
          ['Net paid', formatInr(register.totals.net)],
        ],
      }),
    running: () => drawSheetRunningHeading(doc, title, siteName),
    head: { height: HEAD_HEIGHT, draw: (y) => drawHead(doc, y) },
    footer: `${siteName} · ${title} · ${dateText(source.today)}`,
  });
}

/** The wage register as a PDF: A4 landscape, a row per worker, a column to sign or thumb. */
export function wageRegisterPdf(
  source: WageRegisterSource,
  onError: (error: unknown) => void,
): Doc {
  const title = `Register of wages ${source.register.period} – ${source.siteName}`;
  return onePagePdf(title, source.siteName, (doc) => render(doc, source), onError);
}
