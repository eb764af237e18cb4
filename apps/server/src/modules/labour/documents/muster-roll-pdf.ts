import {
  band,
  COLORS,
  drawText,
  measure,
  type DrawOptions,
} from '../../../documents/pdf-canvas.js';
import { columnCells, PAD, type Column } from '../../../documents/pdf-columns.js';
import { dateText } from '../../../documents/pdf-format.js';
import { ALERT } from '../../../documents/pdf-pages.js';
import { onePagePdf } from '../../../documents/pdf-wrap.js';
import { milliText, monthTitle } from './labour-format.js';
import {
  drawSheet,
  drawSheetHeadBand,
  drawSheetHeading,
  drawSheetRunningHeading,
  SHEET,
  type SheetBlock,
  signatureBlock,
} from './labour-pdf-landscape.js';
import {
  markText,
  otMark,
  type MusterCell,
  type MusterRoll,
  type MusterRollRow,
} from './muster-roll.js';

type Doc = PDFKit.PDFDocument;

export interface MusterRollSource {
  siteName: string;
  roll: MusterRoll;
  /** YYYY-MM-DD. */
  today: string;
}

const DAY_WIDTH = 17;
/** Every month gets 31 day columns: the grid is the same on every roll, as printed forms are. */
const GRID_DAYS = 31;
const COLUMNS: Column[] = [
  { label: '#', width: 22, align: 'right' },
  { label: 'Name', width: 100, align: 'left' },
  { label: 'Trade', width: 54, align: 'left' },
  ...Array.from({ length: GRID_DAYS }, (_, i): Column => ({
    label: String(i + 1),
    width: DAY_WIDTH,
    align: 'right',
  })),
  { label: 'Days', width: 30, align: 'right' },
  { label: 'OT h', width: 28.89, align: 'right' },
];
const cell = columnCells(COLUMNS);
const FIRST_DAY = 3;
const DAYS_COLUMN = FIRST_DAY + GRID_DAYS;
const OT_COLUMN = DAYS_COLUMN + 1;
/** The left edge of day `d` (0-based), without the padding: day cells are centred. */
const dayLeft = (d: number) => cell(FIRST_DAY + d).x - PAD;

const HEAD_HEIGHT = 24;
const ROW = 20;
const MARK: DrawOptions = { size: 7.5 };
const OT_STYLE: DrawOptions = { size: 5.2, color: '#b45309' };
const WEEKDAYS = ['S', 'M', 'T', 'W', 'T', 'F', 'S'];

/** Text centred in day column `d` at `y`. */
function centred(doc: Doc, text: string, d: number, y: number, style: DrawOptions): void {
  const x = dayLeft(d) + (DAY_WIDTH - measure(doc, text, style)) / 2;
  drawText(doc, text, x, y, style);
}

/**
 * ¾, ½ and ¼ written "3/4", small: the PDFs' font (Noto Sans Devanagari) has no glyphs for the
 * vulgar fractions. One text run in a span whose ActualText is the character itself, so copying
 * or extracting the text gives "¾" (a span over several runs loses its place in poppler's order).
 */
const PART_DAY_TEXT: Record<string, string> = { '¾': '3/4', '½': '1/2', '¼': '1/4' };

function drawPartDay(doc: Doc, mark: string, d: number, y: number): void {
  const text = PART_DAY_TEXT[mark] ?? mark;
  const style: DrawOptions = { size: 6.2 };
  const x = dayLeft(d) + (DAY_WIDTH - measure(doc, text, style)) / 2;
  doc.markContent('Span', { actual: mark });
  drawText(doc, text, x, y + 0.8, style);
  doc.endMarkedContent();
}

function drawMark(doc: Doc, mark: MusterCell, gang: boolean, d: number, y: number): void {
  const text = markText(mark, gang);
  if (text === '¾' || text === '½' || text === '¼') drawPartDay(doc, text, d, y + 3.5);
  else {
    const style = text === 'A' ? { ...MARK, color: ALERT } : gang ? { ...MARK, size: 6.5 } : MARK;
    centred(doc, text, d, y + 3.5, style);
  }
  const ot = otMark(mark);
  if (ot) centred(doc, `${ot}h`, d, y + 12.6, OT_STYLE);
}

/** Thin lines between the day columns: a muster roll is read down a day as much as across. */
function dayRules(doc: Doc, y: number, height: number): void {
  doc.save().lineWidth(0.3).strokeColor(COLORS.faint);
  for (let d = 0; d <= GRID_DAYS; d += 1) doc.moveTo(dayLeft(d), y).lineTo(dayLeft(d), y + height);
  doc.stroke().restore();
}

/** Days past the month's end (the 29th–31st of February) are shaded: there is nothing to mark. */
function shadeMissingDays(doc: Doc, roll: MusterRoll, y: number, height: number): void {
  if (roll.days >= GRID_DAYS) return;
  band(doc, dayLeft(roll.days), y, (GRID_DAYS - roll.days) * DAY_WIDTH, height, COLORS.faint);
}

function drawHead(doc: Doc, roll: MusterRoll, y: number): void {
  drawSheetHeadBand(doc, y, HEAD_HEIGHT);
  shadeMissingDays(doc, roll, y, HEAD_HEIGHT);
  const bold = { size: 7.5, weight: 'bold' as const };
  for (const i of [0, 1, 2, DAYS_COLUMN, OT_COLUMN]) {
    const column = COLUMNS[i];
    if (column)
      drawText(doc, column.label, cell(i).x, y + 8, { ...bold, ...cell(i), align: column.align });
  }
  roll.weekdays.forEach((weekday, d) => {
    // Sunday, the usual weekly rest, in red as on a calendar.
    const color = weekday === 0 ? ALERT : COLORS.text;
    centred(doc, String(d + 1), d, y + 4, { size: 7, weight: 'bold', color });
    centred(doc, WEEKDAYS[weekday] ?? '', d, y + 14, {
      size: 5.5,
      color: weekday === 0 ? ALERT : COLORS.muted,
    });
  });
  dayRules(doc, y, HEAD_HEIGHT);
}

function rowBlock(doc: Doc, roll: MusterRoll, row: MusterRollRow): SheetBlock {
  const draw = (y: number) => {
    if (row.serial % 2 === 0)
      band(doc, SHEET.left, y, SHEET.right - SHEET.left, ROW, COLORS.stripe);
    shadeMissingDays(doc, roll, y, ROW);
    const top = y + 6;
    drawText(doc, String(row.serial), cell(0).x, top, {
      ...MARK,
      color: COLORS.muted,
      ...cell(0),
      align: 'right',
    });
    drawText(doc, row.name, cell(1).x, top, { ...MARK, weight: 'bold', ...cell(1) });
    const trade = row.gang ? `${row.trade} (gang)` : row.trade;
    drawText(doc, trade, cell(2).x, top, { ...MARK, size: 7, ...cell(2) });
    row.cells.forEach((mark, d) => {
      if (mark) drawMark(doc, mark, row.gang, d, y);
    });
    drawText(doc, milliText(row.manDaysMilli), cell(DAYS_COLUMN).x, top, {
      ...MARK,
      weight: 'bold',
      ...cell(DAYS_COLUMN),
      align: 'right',
    });
    const ot = row.otMilli > 0 ? milliText(row.otMilli) : '–';
    drawText(doc, ot, cell(OT_COLUMN).x, top, { ...MARK, ...cell(OT_COLUMN), align: 'right' });
    dayRules(doc, y, ROW);
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

function totalsBlock(doc: Doc, roll: MusterRoll): SheetBlock {
  const draw = (y: number) => {
    band(doc, SHEET.left, y, SHEET.right - SHEET.left, ROW, COLORS.band);
    shadeMissingDays(doc, roll, y, ROW);
    const bold = { size: 7.5, weight: 'bold' as const };
    drawText(doc, 'People present', cell(1).x, y + 6, { ...bold, width: 150 });
    roll.present.forEach((people, d) =>
      centred(doc, people > 0 ? String(people) : '–', d, y + 6, { ...bold, size: 7 }),
    );
    drawText(doc, milliText(roll.manDaysMilli), cell(DAYS_COLUMN).x, y + 6, {
      ...bold,
      ...cell(DAYS_COLUMN),
      align: 'right',
    });
    drawText(doc, milliText(roll.otMilli), cell(OT_COLUMN).x, y + 6, {
      ...bold,
      ...cell(OT_COLUMN),
      align: 'right',
    });
    dayRules(doc, y, ROW);
  };
  return { height: ROW, row: true, draw };
}

const LEGEND =
  'P full day · 3/4, 1/2, 1/4 part of a day · A absent (marked 0) · blank: not marked · ' +
  'small 2h: overtime hours · a gang: its man-days';

function render(doc: Doc, source: MusterRollSource): void {
  const { roll, siteName } = source;
  const month = monthTitle(roll.month);
  const empty: SheetBlock = {
    height: ROW,
    row: true,
    draw: (y) =>
      drawText(doc, `No attendance was marked on this site in ${month}.`, cell(1).x, y + 6, MARK),
  };
  const blocks: SheetBlock[] = [
    ...(roll.rows.length > 0 ? roll.rows.map((row) => rowBlock(doc, roll, row)) : [empty]),
    totalsBlock(doc, roll),
    signatureBlock(doc, siteName, 240, 'Signature of the site in-charge'),
  ];
  const title = `Muster roll · ${month}`;
  drawSheet(doc, blocks, {
    heading: () =>
      drawSheetHeading(doc, {
        title: 'MUSTER ROLL',
        form: 'Form XVI · rule 78(1)(a)(i), Contract Labour (Regulation and Abolition) Central Rules, 1971',
        info: [`Site: ${siteName}`, `Month: ${month}`],
        note: LEGEND,
        figures: [
          ['Workers', String(roll.rows.length)],
          ['Man-days', milliText(roll.manDaysMilli)],
          ['Overtime hours', milliText(roll.otMilli)],
        ],
      }),
    running: () => drawSheetRunningHeading(doc, title, siteName),
    head: { height: HEAD_HEIGHT, draw: (y) => drawHead(doc, roll, y) },
    footer: `${siteName} · Muster roll ${month} · ${dateText(source.today)}`,
  });
}

/** The month's muster roll as a PDF: A4 landscape, a row per worker, a column per day. */
export function musterRollPdf(source: MusterRollSource, onError: (error: unknown) => void): Doc {
  const title = `Muster roll ${monthTitle(source.roll.month)} – ${source.siteName}`;
  return onePagePdf(title, source.siteName, (doc) => render(doc, source), onError);
}
