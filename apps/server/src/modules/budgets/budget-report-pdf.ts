/**
 * The budget report as a PDF (issue 45): A4 landscape, because money and the material lines'
 * quantity view side by side are twelve columns. Lines under their cost head with the head's
 * subtotal, flagged lines marked in red, the grand total, "Page n of m". The landscape pager is
 * the labour registers' (shared primitives underneath: fonts, Hindi and the other scripts).
 */
import { formatInr, type Paise } from '@siteledger/domain';
import {
  band,
  COLORS,
  drawAmount,
  drawText,
  rule,
  type DrawOptions,
} from '../../documents/pdf-canvas.js';
import { columnCells, drawLineAmount, type Column } from '../../documents/pdf-columns.js';
import { dateText, quantityText } from '../../documents/pdf-format.js';
import { ALERT } from '../../documents/pdf-pages.js';
import { onePagePdf } from '../../documents/pdf-wrap.js';
import {
  drawSheet,
  drawSheetHeadBand,
  drawSheetRunningHeading,
  SHEET,
  SHEET_WIDTH,
  type SheetBlock,
} from '../labour/documents/labour-pdf-landscape.js';
import {
  budgetGroups,
  flagText,
  percentSpent,
  percentText,
  type BudgetSource,
  type Figures,
  type FileLine,
  type HeadGroup,
} from './budget-report-groups.js';

type Doc = PDFKit.PDFDocument;

const COLUMNS: Column[] = [
  { label: 'Line', width: 136, align: 'left' },
  { label: 'Budget', width: 66, align: 'right' },
  { label: 'Committed', width: 62, align: 'right' },
  { label: 'Actual', width: 62, align: 'right' },
  { label: 'Remaining', width: 66, align: 'right' },
  { label: '% spent', width: 38, align: 'right' },
  { label: 'Budget', width: 48, align: 'right' },
  { label: 'Ordered', width: 48, align: 'right' },
  { label: 'Received', width: 48, align: 'right' },
  { label: 'Consumed', width: 48, align: 'right' },
  { label: 'Cons. %', width: 40, align: 'right' },
  { label: 'Flag', width: SHEET_WIDTH - 662, align: 'left' },
];
const cell = columnCells(COLUMNS);
const MONEY_FIRST = 1;
const SPENT = 5;
const QUANTITY_FIRST = 6;
const CONSUMPTION = 10;
const FLAG = 11;

/** Two rows: which columns are money and which the quantity view, then the titles. */
const HEAD_HEIGHT = 30;
const HEAD_TITLE_ROW = 18;
const LINE_ROW = 15;
const SUBTOTAL_ROW = 17;
const TOTAL_ROW = 20;
const BODY: DrawOptions = { size: 8 };

/** Paise without the ₹ (the heading says "Amounts in ₹"), minus sign kept; "–" for zero. */
const money = (paise: Paise) => (paise === 0 ? '–' : formatInr(paise).replace('₹', ''));

/** The left edge of column `i` without its padding. */
const edge = (i: number) => cell(i).x - 4;

function drawHead(doc: Doc, y: number): void {
  drawSheetHeadBand(doc, y, HEAD_HEIGHT);
  const group: DrawOptions = { size: 6.5, color: COLORS.muted };
  const moneyRight = edge(SPENT + 1) - 4;
  drawText(doc, 'Amounts (₹)', cell(MONEY_FIRST).x, y + 4, {
    ...group,
    width: moneyRight - cell(MONEY_FIRST).x,
    align: 'right',
  });
  const quantityRight = edge(FLAG) - 4;
  drawText(doc, 'Quantity (material lines)', cell(QUANTITY_FIRST).x, y + 4, {
    ...group,
    width: quantityRight - cell(QUANTITY_FIRST).x,
    align: 'right',
  });
  // A hairline over the quantity columns sets them apart from the money.
  rule(doc, y + 14, COLORS.rule, 0.4, edge(QUANTITY_FIRST) + 4, quantityRight);
  rule(doc, y + 14, COLORS.rule, 0.4, cell(MONEY_FIRST).x, moneyRight);
  COLUMNS.forEach((column, i) => {
    const style = { size: 7.5, weight: 'bold' as const, align: column.align };
    drawText(doc, column.label, cell(i).x, y + 18, { ...style, width: cell(i).width });
  });
}

/** Budget, committed, actual, remaining (red when over) and % spent, at the row's baseline. */
function drawFigures(doc: Doc, figures: Figures, top: number, bold: boolean): void {
  const amounts = [figures.budget, figures.committed, figures.actual];
  amounts.forEach((paise, i) => {
    const at = cell(MONEY_FIRST + i);
    drawLineAmount(doc, money(paise), at.x, top, at.width, bold);
  });
  // Over budget: the remaining amount in red (never cut: set smaller when too wide).
  const remaining = cell(MONEY_FIRST + 3);
  drawAmount(doc, money(figures.remaining), remaining.x, top, {
    ...BODY,
    weight: bold || figures.remaining < 0 ? 'bold' : 'regular',
    ...(figures.remaining < 0 ? { color: ALERT } : {}),
    width: remaining.width,
  });
  const spent = cell(SPENT);
  drawText(doc, percentText(percentSpent(figures)), spent.x, top, {
    ...BODY,
    weight: bold ? 'bold' : 'regular',
    width: spent.width,
    align: 'right',
  });
}

function lineBlock(doc: Doc, line: FileLine, striped: boolean): SheetBlock {
  const draw = (y: number) => {
    if (striped) band(doc, SHEET.left, y, SHEET_WIDTH, LINE_ROW, COLORS.stripe);
    const top = y + 4;
    drawText(doc, line.name, cell(0).x + 6, top, { ...BODY, width: cell(0).width - 6 });
    drawFigures(doc, line, top, false);
    const q = line.quantity;
    if (q) {
      [q.budget, q.ordered, q.received, q.consumed].forEach((value, i) => {
        const at = cell(QUANTITY_FIRST + i);
        drawText(doc, quantityText(value), at.x, top, { ...BODY, ...at, align: 'right' });
      });
      const at = cell(CONSUMPTION);
      drawText(doc, percentText(q.consumption_percent), at.x, top, {
        ...BODY,
        ...at,
        align: 'right',
        ...(q.flag ? { weight: 'bold' as const, color: ALERT } : {}),
      });
    }
    const flags = flagText(line);
    if (flags) {
      const at = cell(FLAG);
      drawText(doc, flags, at.x, top, { size: 7, weight: 'bold', color: ALERT, ...at });
    }
    rule(doc, y + LINE_ROW, COLORS.faint, 0.4, SHEET.left, SHEET.right);
  };
  return { height: LINE_ROW, row: true, draw };
}

/** The head's title with its first line under it: a title never ends a page alone. */
function headTitleBlock(doc: Doc, group: HeadGroup, first: SheetBlock): SheetBlock {
  const count = `${group.lines.length} ${group.lines.length === 1 ? 'line' : 'lines'}`;
  const draw = (y: number) => {
    const label = drawText(doc, group.label, cell(0).x, y + 6, {
      size: 9,
      weight: 'bold',
      color: COLORS.accent,
    });
    drawText(doc, count, cell(0).x + label + 6, y + 7, { size: 7.5, color: COLORS.muted });
    first.draw(y + HEAD_TITLE_ROW);
  };
  return { height: HEAD_TITLE_ROW + first.height, row: true, draw };
}

function subtotalBlock(doc: Doc, group: HeadGroup): SheetBlock {
  const draw = (y: number) => {
    band(doc, SHEET.left, y, SHEET_WIDTH, SUBTOTAL_ROW, COLORS.band);
    const top = y + 5;
    drawText(doc, `${group.label} total`, cell(0).x, top, {
      ...BODY,
      weight: 'bold',
      width: cell(0).width,
    });
    drawFigures(doc, group.subtotal, top, true);
    rule(doc, y + SUBTOTAL_ROW, COLORS.rule, 0.6, SHEET.left, SHEET.right);
  };
  return { height: SUBTOTAL_ROW + 4, row: true, draw };
}

function totalBlock(doc: Doc, totals: Figures): SheetBlock {
  const draw = (y: number) => {
    rule(doc, y, COLORS.accent, 1, SHEET.left, SHEET.right);
    band(doc, SHEET.left, y + 1, SHEET_WIDTH, TOTAL_ROW - 2, COLORS.band);
    const top = y + 6;
    drawText(doc, 'Grand total', cell(0).x, top, { ...BODY, weight: 'bold', width: cell(0).width });
    drawFigures(doc, totals, top, true);
    rule(doc, y + TOTAL_ROW, COLORS.accent, 1, SHEET.left, SHEET.right);
  };
  return { height: TOTAL_ROW, row: true, draw };
}

/** The first page's heading: the title and date on the left, the four totals on the right. */
function drawHeading(doc: Doc, source: BudgetSource, totals: Figures): number {
  const figuresWidth = 230;
  const leftWidth = SHEET_WIDTH - figuresWidth - 20;
  drawText(doc, `Budget — ${source.siteName}`, SHEET.left, 28, {
    size: 16,
    weight: 'bold',
    color: COLORS.accent,
    width: leftWidth,
  });
  drawText(doc, `Date: ${dateText(source.today)}`, SHEET.left, 52, { size: 9, width: leftWidth });
  const note: DrawOptions = { size: 7.5, color: COLORS.muted, width: leftWidth };
  drawText(
    doc,
    'Amounts in ₹ · Committed: issued orders not yet received or billed · Actual: deliveries, RA bills, bookings, wages and petty expenses',
    SHEET.left,
    67,
    note,
  );
  drawText(
    doc,
    '% spent = actual ÷ budget · Cons. % = consumed ÷ what the work done should have used',
    SHEET.left,
    78,
    note,
  );
  const figures: [string, Paise][] = [
    ['Budget', totals.budget],
    ['Committed', totals.committed],
    ['Actual', totals.actual],
    ['Remaining', totals.remaining],
  ];
  figures.forEach(([label, paise], i) => {
    const top = 30 + i * 13;
    drawText(doc, label, SHEET.right - figuresWidth, top, {
      size: 8,
      color: COLORS.muted,
      width: 110,
    });
    drawText(doc, formatInr(paise), SHEET.right - 120, top, {
      size: 9,
      weight: 'bold',
      width: 120,
      align: 'right',
      ...(paise < 0 ? { color: ALERT } : {}),
    });
  });
  const bottom = 92;
  rule(doc, bottom, COLORS.accent, 1.2, SHEET.left, SHEET.right);
  return bottom + 8;
}

function render(doc: Doc, source: BudgetSource): void {
  const { groups, totals } = budgetGroups(source.report);
  const blocks: SheetBlock[] = [];
  for (const group of groups) {
    const [first, ...rest] = group.lines.map((line, i) => lineBlock(doc, line, i % 2 === 1));
    if (first) blocks.push(headTitleBlock(doc, group, first));
    blocks.push(...rest);
    blocks.push(subtotalBlock(doc, group));
  }
  if (groups.length === 0) {
    blocks.push({
      height: LINE_ROW + 4,
      row: true,
      draw: (y) => drawText(doc, 'No budget lines yet.', cell(0).x, y + 6, BODY),
    });
  }
  blocks.push(totalBlock(doc, totals));
  drawSheet(doc, blocks, {
    heading: () => drawHeading(doc, source, totals),
    running: () => drawSheetRunningHeading(doc, 'Budget', source.siteName),
    head: { height: HEAD_HEIGHT, draw: (y) => drawHead(doc, y) },
    footer: `${source.siteName} · Budget · ${dateText(source.today)}`,
  });
}

/** GET …/reports/budget?format=pdf */
export function budgetPdf(source: BudgetSource, onError: (error: unknown) => void): Doc {
  return onePagePdf(
    `Budget – ${source.siteName}`,
    source.siteName,
    (doc) => render(doc, source),
    onError,
  );
}
