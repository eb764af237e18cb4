import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { ConsumptionReport, StockReport, StockStatement } from '@siteledger/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseExportCsv } from '../../../test/helpers/csv-parse.js';
import {
  consumptionReportFile,
  stockReportFile,
  stockStatementFile,
  type ExportFile,
} from './stock-exports.js';

const EN = { siteName: 'Green Valley', lang: 'en', today: '2026-11-28' } as const;
const HI = { siteName: 'ग्रीन वैली', lang: 'hi', today: '2026-11-28' } as const;

const STOCK: StockReport = {
  date: '2026-11-27',
  items: [
    {
      item: 'i1',
      name: 'सीमेंट (OPC 53)',
      unit: 'bag',
      on_hand: 12.5,
      average_cost: 385.5,
      value: 4818.75,
      min_stock_level: 50,
      low: true,
    },
    {
      item: 'i2',
      name: '=HYPERLINK("http://x")',
      unit: 'kg',
      on_hand: -2.25,
      average_cost: 10.01,
      value: -22.52,
      min_stock_level: null,
      low: false,
    },
    {
      item: 'i3',
      name: 'TMT bar 12 mm, Fe 500',
      unit: 'kg',
      on_hand: 1250.125,
      average_cost: 62.4,
      value: 78007.8,
      min_stock_level: 1000,
      low: false,
    },
  ],
  total_value: 82804.03,
  low_count: 1,
};

const STATEMENT: StockStatement = {
  from: '2026-11-01',
  to: '2026-11-30',
  items: [
    {
      item: 'i1',
      name: 'सीमेंट (OPC 53)',
      unit: 'bag',
      opening_quantity: 40,
      opening_value: 15420,
      in_quantity: 100,
      in_value: 38550,
      out_quantity: 127.5,
      out_value: 49151.25,
      closing_quantity: 12.5,
      closing_value: 4818.75,
    },
    {
      item: 'i4',
      name: 'रेत (नदी)',
      unit: 'cft',
      opening_quantity: 0,
      opening_value: 0,
      in_quantity: 0.333,
      in_value: 10.01,
      out_quantity: 0,
      out_value: 0,
      closing_quantity: 0.333,
      closing_value: 10.01,
    },
  ],
  totals: { opening_value: 15420, in_value: 38560.01, out_value: 49151.25, closing_value: 4828.76 },
};

const CONSUMPTION: ConsumptionReport = {
  from: '2026-11-01',
  to: '2026-11-30',
  group: 'work',
  rows: [
    {
      used_for: 'स्लैब (पहली मंज़िल)',
      item: 'i1',
      name: 'सीमेंट (OPC 53)',
      unit: 'bag',
      quantity: 120,
      value: 46260,
      entries: 3,
    },
    {
      used_for: null,
      item: 'i1',
      name: 'सीमेंट (OPC 53)',
      unit: 'bag',
      quantity: 7.5,
      value: 2891.25,
      entries: 1,
    },
  ],
  total_value: 49151.25,
};

/** 200 items, the odd ones named in Hindi, each worth i × ₹100.25. */
function bigStock(): StockReport {
  const items = Array.from({ length: 200 }, (_, i) => ({
    item: `item${i}`,
    name: i % 2 ? `सरिया ${i} मिमी` : `Item ${i}`,
    unit: 'kg',
    on_hand: i + 0.5,
    average_cost: 100.25,
    value: Math.round((i + 0.5) * 10025) / 100,
    min_stock_level: null,
    low: false,
  }));
  const total = items.reduce((sum, row) => sum + Math.round(row.value * 100), 0) / 100;
  return { date: null, items, total_value: total, low_count: 0 };
}

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const csvOf = async (file: ExportFile) => parseExportCsv((await bytesOf(file.body)).toString());

async function sheetOf(file: ExportFile): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await bytesOf(file.body)) as unknown as ArrayBuffer);
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0]!;
}

/** Row values from column A on (exceljs keeps index 0 empty). */
function rowValues(sheet: ExcelJS.Worksheet, n: number): unknown[] {
  return (sheet.getRow(n).values as unknown[]).slice(1);
}

function headerRow(sheet: ExcelJS.Worksheet, first: string): number {
  for (let n = 1; n <= 20; n += 1) if (sheet.getRow(n).getCell(1).value === first) return n;
  throw new Error('no header row');
}

describe('stock report files: CSV', () => {
  it('writes the stock report: heading, rows, totals, formula guard, negative quantity', async () => {
    const file = await stockReportFile(STOCK, 'csv', EN);
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    expect(file.disposition).toContain('filename="stock-Green-Valley-2026-11-27.csv"');
    expect(await csvOf(await stockReportFile(STOCK, 'csv', EN))).toEqual([
      ['Stock on hand'],
      ['Site: Green Valley'],
      ['As of: 27-11-2026'],
      ['Items below their minimum: 1'],
      ['Generated: 28-11-2026'],
      [''],
      ['Item', 'Unit', 'On hand', 'Minimum level', 'Average cost', 'Value', 'Status'],
      ['सीमेंट (OPC 53)', 'bag', '12.5', '50', '385.50', '4818.75', 'Low stock'],
      ['\'=HYPERLINK("http://x")', 'kg', '-2.25', '', '10.01', '-22.52', ''],
      ['TMT bar 12 mm, Fe 500', 'kg', '1250.125', '1000', '62.40', '78007.80', ''],
      ['Total', '', '', '', '', '82804.03', ''],
    ]);
    // The quantity is a number, not text guarded against formulas.
    const raw = (await bytesOf((await stockReportFile(STOCK, 'csv', EN)).body)).toString();
    expect(raw).toContain('"\'=HYPERLINK(""http://x"")",kg,-2.25,,10.01,-22.52,\r\n');
  });

  it('writes the statement in Hindi with the period and value totals', async () => {
    const file = await stockStatementFile(STATEMENT, 'csv', HI);
    expect(file.disposition).toContain('filename="stock-statement-site-2026-11-01_2026-11-30.csv"');
    expect(decodeURIComponent(file.disposition)).toContain(
      "filename*=UTF-8''stock-statement-ग्रीन-वैली-2026-11-01_2026-11-30.csv",
    );
    const rows = await csvOf(file);
    expect(rows.slice(0, 6)).toEqual([
      ['स्टॉक विवरण'],
      ['साइट: ग्रीन वैली'],
      ['अवधि: 01-11-2026 – 30-11-2026'],
      ['अंतिम = प्रारंभिक + आवक − जावक, चल औसत लागत पर।'],
      ['बनाने की तारीख: 28-11-2026'],
      [''],
    ]);
    expect(rows.slice(6)).toEqual([
      [
        'सामान',
        'इकाई',
        'प्रारंभिक मात्रा',
        'प्रारंभिक मूल्य',
        'आवक मात्रा',
        'आवक मूल्य',
        'जावक मात्रा',
        'जावक मूल्य',
        'अंतिम मात्रा',
        'अंतिम मूल्य',
      ],
      [
        'सीमेंट (OPC 53)',
        'bag',
        '40',
        '15420.00',
        '100',
        '38550.00',
        '127.5',
        '49151.25',
        '12.5',
        '4818.75',
      ],
      ['रेत (नदी)', 'cft', '0', '0.00', '0.333', '10.01', '0', '0.00', '0.333', '10.01'],
      ['कुल', '', '', '15420.00', '', '38560.01', '', '49151.25', '', '4828.76'],
    ]);
  });

  it('writes consumption by work, unsaid work named, entries and value totalled', async () => {
    const file = await consumptionReportFile(CONSUMPTION, 'csv', EN);
    expect(file.disposition).toContain(
      'filename="consumption-Green-Valley-2026-11-01_2026-11-30.csv"',
    );
    const rows = await csvOf(file);
    expect(rows.slice(1, 4)).toEqual([
      ['Site: Green Valley'],
      ['Period: 01-11-2026 – 30-11-2026'],
      ['Grouped by: Work'],
    ]);
    expect(rows.slice(6)).toEqual([
      ['Work', 'Item', 'Unit', 'Quantity', 'Value', 'Entries'],
      ['स्लैब (पहली मंज़िल)', 'सीमेंट (OPC 53)', 'bag', '120', '46260.00', '3'],
      ['Not specified', 'सीमेंट (OPC 53)', 'bag', '7.5', '2891.25', '1'],
      ['Total', '', '', '', '49151.25', '4'],
    ]);
    const all = await csvOf(
      await consumptionReportFile({ ...CONSUMPTION, from: null, to: null }, 'csv', EN),
    );
    expect(all[2]).toEqual(['Period: All dates']);
    const byItem = {
      ...CONSUMPTION,
      group: 'item' as const,
      rows: [{ ...CONSUMPTION.rows[0]!, used_for: null, quantity: 127.5, entries: 4 }],
    };
    expect((await csvOf(await consumptionReportFile(byItem, 'csv', EN))).slice(3)).toEqual([
      ['Grouped by: Item'],
      ['Generated: 28-11-2026'],
      [''],
      ['Item', 'Unit', 'Quantity', 'Value', 'Entries'],
      ['सीमेंट (OPC 53)', 'bag', '127.5', '46260.00', '4'],
      ['Total', '', '', '46260.00', '4'],
    ]);
  });

  it('keeps 200 rows and their exact total', async () => {
    const report = bigStock();
    const file = await stockReportFile(report, 'csv', EN);
    expect(file.disposition).toContain('filename="stock-Green-Valley-2026-11-28.csv"');
    const rows = await csvOf(file);
    expect(rows).toHaveLength(7 + 200 + 1);
    expect(rows[7 + 199]).toEqual(['सरिया 199 मिमी', 'kg', '199.5', '', '100.25', '19999.88', '']);
    expect(rows.at(-1)).toEqual(['Total', '', '', '', '', report.total_value.toFixed(2), '']);
  });
});

describe('stock report files: Excel', () => {
  it('opens with typed cells and a SUM totals row', async () => {
    const file = await stockReportFile(STOCK, 'xlsx', EN);
    expect(file.contentType).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(file.disposition).toContain('filename="stock-Green-Valley-2026-11-27.xlsx"');
    const sheet = await sheetOf(file);
    expect(sheet.name).toBe('Stock on hand');
    expect(sheet.getCell('A1').value).toBe('Stock on hand');
    const head = headerRow(sheet, 'Item');
    expect(rowValues(sheet, head)).toEqual([
      'Item',
      'Unit',
      'On hand',
      'Minimum level',
      'Average cost',
      'Value',
      'Status',
    ]);
    expect(rowValues(sheet, head + 1)).toEqual([
      'सीमेंट (OPC 53)',
      'bag',
      12.5,
      50,
      385.5,
      4818.75,
      'Low stock',
    ]);
    // Text stays text (no formula), a negative quantity a number.
    expect(sheet.getRow(head + 2).getCell(1).value).toBe('=HYPERLINK("http://x")');
    expect(sheet.getRow(head + 2).getCell(3).value).toBe(-2.25);
    expect(sheet.getRow(head + 3).getCell(3).value).toBe(1250.125);
    expect(sheet.getRow(head + 3).getCell(3).numFmt).toBe('#,##0.000');
    const total = sheet.getRow(head + 4);
    expect(total.getCell(1).value).toBe('Total');
    expect(total.getCell(6).value).toEqual({
      formula: `SUM(F${head + 1}:F${head + 3})`,
      result: 82804.03,
    });
  });

  it('writes the consumption sheet in Hindi, and 200 statement-sized rows', async () => {
    const sheet = await sheetOf(await consumptionReportFile(CONSUMPTION, 'xlsx', HI));
    const head = headerRow(sheet, 'काम');
    expect(rowValues(sheet, head)).toEqual(['काम', 'सामान', 'इकाई', 'मात्रा', 'मूल्य', 'प्रविष्टियाँ']);
    expect(rowValues(sheet, head + 2)).toEqual([
      'नहीं बताया गया',
      'सीमेंट (OPC 53)',
      'bag',
      7.5,
      2891.25,
      1,
    ]);
    const total = sheet.getRow(head + 3);
    expect(total.getCell(1).value).toBe('कुल');
    expect((total.getCell(5).value as ExcelJS.CellFormulaValue).result).toBe(49151.25);
    expect((total.getCell(6).value as ExcelJS.CellFormulaValue).result).toBe(4);

    const report = bigStock();
    const big = await sheetOf(await stockReportFile(report, 'xlsx', EN));
    const first = headerRow(big, 'Item') + 1;
    expect(big.getRow(first + 199).getCell(1).value).toBe('सरिया 199 मिमी');
    expect((big.getRow(first + 200).getCell(6).value as ExcelJS.CellFormulaValue).result).toBe(
      report.total_value,
    );
  });

  it('writes the statement with its value totals', async () => {
    const sheet = await sheetOf(await stockStatementFile(STATEMENT, 'xlsx', EN));
    const head = headerRow(sheet, 'Item');
    expect(rowValues(sheet, head + 2)).toEqual([
      'रेत (नदी)',
      'cft',
      0,
      0,
      0.333,
      10.01,
      0,
      0,
      0.333,
      10.01,
    ]);
    const total = sheet.getRow(head + 3);
    const results = [4, 6, 8, 10].map(
      (c) => (total.getCell(c).value as ExcelJS.CellFormulaValue).result,
    );
    expect(results).toEqual([15420, 38560.01, 49151.25, 4828.76]);
    expect(total.getCell(3).value).toBeNull();
  });
});

describe('stock report files: PDF', () => {
  // STOCK_PDF_KEEP=/some/dir keeps the files there to look at.
  const keep = process.env.STOCK_PDF_KEEP;
  let dir = '';
  beforeAll(async () => {
    dir = keep ?? (await mkdtemp(join(tmpdir(), 'stock-pdf-')));
  });
  afterAll(async () => {
    if (!keep) await rm(dir, { recursive: true, force: true });
  });

  async function textOf(file: ExportFile, name: string, layout = true): Promise<string> {
    expect(file.contentType).toBe('application/pdf');
    const path = join(dir, name);
    await writeFile(path, await bytesOf(file.body));
    const args = layout ? ['-layout', path, '-'] : [path, '-'];
    return execFileSync('pdftotext', args, { encoding: 'utf8' });
  }

  it('prints the stock report: names, quantities with units, ₹ values, the total', async () => {
    const file = await stockReportFile(STOCK, 'pdf', EN);
    expect(file.disposition).toContain('filename="stock-Green-Valley-2026-11-27.pdf"');
    const out = await textOf(file, 'stock.pdf');
    expect(out).toContain('Stock on hand');
    expect(out).toContain('As of: 27-11-2026');
    expect(out).toContain('सीमेंट (OPC 53)');
    expect(out).toMatch(/12\.5 bag\s+50 bag\s+₹385\.50\s+₹4,818\.75\s+Low stock/);
    expect(out).toContain('=HYPERLINK("http://x")');
    expect(out).toMatch(/-2\.25 kg\s+₹10\.01\s+-₹22\.52/);
    expect(out).toMatch(/1,250\.125 kg\s+1,000 kg/);
    expect(out).toMatch(/Total\s+₹82,804\.03/);
    expect(out).toContain('Page 1 of 1');
  });

  it('prints the statement: quantities over values, the period, value totals', async () => {
    const out = await textOf(await stockStatementFile(STATEMENT, 'pdf', EN), 'statement.pdf');
    expect(out).toContain('Stock statement');
    expect(out).toContain('Period: 01-11-2026 – 30-11-2026');
    expect(out).toMatch(/Item\s+Opening\s+In\s+Out\s+Closing/);
    expect(out).toMatch(/40 bag\s+100 bag\s+127\.5 bag\s+12\.5 bag/);
    expect(out).toMatch(/₹15,420\.00\s+₹38,550\.00\s+₹49,151\.25\s+₹4,818\.75/);
    expect(out).toMatch(/0 cft\s+0\.333 cft\s+0 cft\s+0\.333 cft/);
    expect(out).toMatch(/Total\s+₹15,420\.00\s+₹38,560\.01\s+₹49,151\.25\s+₹4,828\.76/);
    expect(out).toContain('सीमेंट (OPC 53)');
    expect(out).toContain('रेत (नदी)');
  });

  it('prints the statement in Hindi', async () => {
    // pdftotext lays a page of Devanagari spans out of order: read it as words, not as lines.
    const file = await stockStatementFile(STATEMENT, 'pdf', HI);
    const out = (await textOf(file, 'statement-hi.pdf', false)).replace(/\s+/g, ' ');
    for (const expected of [
      'स्टॉक विवरण',
      'साइट: ग्रीन वैली',
      'अवधि: 01-11-2026 – 30-11-2026',
      'प्रारंभिक',
      'आवक',
      'जावक',
      'अंतिम',
      'रेत (नदी)',
      'कुल',
      '127.5 bag',
      '₹38,560.01',
      '₹4,828.76',
      'पृष्ठ 1 / 1',
    ]) {
      expect(out, expected).toContain(expected);
    }
  });

  it('prints consumption by work', async () => {
    const out = await textOf(await consumptionReportFile(CONSUMPTION, 'pdf', EN), 'use.pdf');
    expect(out).toContain('Material consumption');
    expect(out).toContain('Period: 01-11-2026 – 30-11-2026');
    expect(out).toMatch(/Work\s+Item\s+Quantity\s+Entries\s+Value/);
    expect(out).toMatch(/120 bag\s+3\s+₹46,260\.00/);
    expect(out).toMatch(/Not specified\s+7\.5 bag\s+1\s+₹2,891\.25/);
    expect(out).toMatch(/Total\s+4\s+₹49,151\.25/);
    expect(out).toContain('स्लैब (पहली मंज़िल)');
    expect(out).toContain('सीमेंट (OPC 53)');
  });

  it('runs 200 items over several pages, the head on each, the total on the last', async () => {
    const report = bigStock();
    const out = await textOf(await stockReportFile(report, 'pdf', EN), 'big.pdf');
    const pages = out.split('\f').filter((page) => page.trim());
    expect(pages.length).toBeGreaterThan(3);
    for (const page of pages) expect(page).toMatch(/Item\s+On hand\s+Minimum level/);
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
    expect(out).toContain('As of: 28-11-2026');
    expect(out).toMatch(/Item 198\s+198\.5 kg\s+₹100\.25\s+₹19,899\.63/);
    expect(out).toContain('सरिया 199 मिमी');
    expect(out).toMatch(/199\.5 kg\s+₹100\.25\s+₹19,999\.88/);
    expect(pages.at(-1)).toMatch(/Total\s+₹20,05,001\.00/);
  });

  it('says so when there is nothing to show', async () => {
    const empty = { ...CONSUMPTION, rows: [], total_value: 0 };
    const file = await consumptionReportFile(empty, 'pdf', HI);
    const out = (await textOf(file, 'empty.pdf', false)).replace(/\s+/g, ' ');
    expect(out).toContain('इस अवधि में कोई खपत नहीं।');
    expect(out).toContain('कुल');
    expect(out).toContain('₹0.00');
  });
});
