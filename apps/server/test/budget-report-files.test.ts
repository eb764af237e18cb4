/**
 * The budget report as PDF and Excel (issue 45, API.md "Budgets": `GET …/reports/budget?format=
 * pdf|xlsx`) over HTTP on a real server and database. A small budget goes in through the API:
 * cement (the worked example: a PO issued, part delivered, consumed past what 30 % of the work
 * should use → flagged), steel with a Devanagari name ordered past its budget (over budget),
 * labour and an overhead with paise. Each file must carry the JSON report's figures to the paisa:
 * the PDF read back with poppler's pdftotext, the workbook with exceljs.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIntegrity, formatViolations } from '../src/integrity/check.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { download } from './helpers/export-fixtures.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface QuantityView {
  budget: number;
  ordered: number;
  received: number;
  consumed: number;
  consumption_percent: number | null;
  flag: boolean;
}
interface ReportLine {
  id: string;
  head: string;
  name: string;
  budget: number;
  committed: number;
  actual: number;
  remaining: number;
  quantity?: QuantityView;
}
interface Figures {
  budget: number;
  committed: number;
  actual: number;
  remaining: number;
}
interface Report {
  lines: ReportLine[];
  totals: Figures;
}
interface Order {
  id: string;
  lines: { id: string }[];
}

let server: TestServer;
let owner: Registered;
let siteId: string;
let dir: string;
let report: Report;

const url = (p: string) => `/api/sites/${siteId}${p}`;

async function ok<T>(method: string, p: string, body?: unknown): Promise<T> {
  const res = await call<T>(server.url, method, url(p), { token: owner.token, body });
  expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

function keep(bytes: Buffer, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  // BUDGET_FILES_KEEP=/some/dir keeps the files to look at.
  if (process.env.BUDGET_FILES_KEEP)
    writeFileSync(join(process.env.BUDGET_FILES_KEEP, name), bytes);
  return file;
}

/** The PDF's text in drawing order, spaces collapsed (poppler's pdftotext -raw). */
const pdfText = (bytes: Buffer, name: string) =>
  execFileSync('pdftotext', ['-raw', keep(bytes, name), '-'], { encoding: 'utf8' }).replace(
    /\s+/g,
    ' ',
  );

const pdfInfo = (bytes: Buffer, name: string) =>
  execFileSync('pdfinfo', [keep(bytes, name)], { encoding: 'utf8' });

/** Rupees as the PDF prints them: Indian grouping, two decimals, no ₹, "–" for nothing. */
const figure = (rupees: number) =>
  rupees === 0
    ? '–'
    : new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
        .format(rupees)
        .replace('₹', '');

const paise = (rupees: number) => Math.round(rupees * 100);

/** A head's subtotal from the JSON lines, summed in paise. */
function subtotal(head: string): Figures {
  const lines = report.lines.filter((l) => l.head === head);
  const sum = (key: keyof Figures) => lines.reduce((t, l) => t + paise(l[key]), 0) / 100;
  return {
    budget: sum('budget'),
    committed: sum('committed'),
    actual: sum('actual'),
    remaining: sum('remaining'),
  };
}

/** Actual ÷ budget as a percent with one decimal, as both files show it. */
const spent = (f: Figures) => Math.round((paise(f.actual) / paise(f.budget)) * 1000) / 10;
const spentText = (f: Figures) => spent(f).toFixed(1);

const quantityFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });

/** The quantity view's cells as printed: four quantities and the consumption % (one decimal). */
function quantityText(l: ReportLine): string {
  const q = l.quantity!;
  const percent = q.consumption_percent === null ? '–' : q.consumption_percent.toFixed(1);
  return (
    [q.budget, q.ordered, q.received, q.consumed].map((v) => quantityFormat.format(v)).join(' ') +
    ` ${percent}`
  );
}

const moneyText = (f: Figures) =>
  [f.budget, f.committed, f.actual, f.remaining].map(figure).join(' ');

const line = (name: string) => report.lines.find((l) => l.name === name)!;

async function sheet(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

/** A row's values, 0-based (exceljs gives them from index 1). */
const values = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1);

/** A SUM formula's cell as its result. */
const result = (cell: unknown) =>
  typeof cell === 'object' && cell !== null && 'result' in cell
    ? (cell as { result: unknown }).result
    : cell;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'budget-files-'));
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token, { name: 'Green Valley Towers' })).id;
  const vendor = (await ok<{ id: string }>('POST', '/vendors', { name: 'Balaji Traders' })).id;
  const item = async (name: string, unit: string) =>
    (await ok<{ id: string }>('POST', '/items', { name, unit })).id;
  const cement = await item('Cement OPC 53', 'bag');
  const steel = await item('TMT Fe500', 'MT');

  const budgetLine = (body: Record<string, unknown>) =>
    ok<{ id: string }>('POST', '/budget_lines', body);
  await budgetLine({
    head: 'material',
    name: 'Cement',
    item: cement,
    quantity: 2000,
    unit_rate: 475,
    percent_complete: 30,
  });
  await budgetLine({
    head: 'material',
    name: 'सरिया Fe500',
    item: steel,
    quantity: 10,
    unit_rate: 62_345.67,
    percent_complete: 40,
  });
  await budgetLine({ head: 'labour', name: 'Masonry gang', amount: 3_00_000.25 });
  await budgetLine({ head: 'overhead', name: 'Site office', amount: 45_000.5 });

  const issue = async (itemId: string, quantity: number, price: number) => {
    const draft = await ok<Order>('POST', '/purchase_orders', {
      vendor,
      lines: [{ item: itemId, quantity, unit_price: price, gst_rate: null }],
    });
    return ok<Order>('POST', `/purchase_orders/${draft.id}/issue`);
  };
  const cementPo = await issue(cement, 1600, 475);
  // 12 t against a budget of 10: issued with a warning (the site warns), over budget.
  const steelPo = await issue(steel, 12, 62_345.67);
  await ok('POST', '/deliveries', {
    vendor,
    delivery_date: '2026-11-20',
    delivery_items: [
      {
        item: cement,
        quantity: 1440,
        unit_price: 475,
        purchase_order_line: cementPo.lines[0]!.id,
      },
      {
        item: steel,
        quantity: 5,
        unit_price: 62_345.67,
        purchase_order_line: steelPo.lines[0]!.id,
      },
    ],
  });
  await ok('POST', '/stock_consumptions', {
    item: cement,
    quantity: 680,
    consumption_date: '2026-11-22',
    used_for: 'Slab',
  });
  report = await ok<Report>('GET', '/reports/budget');
});

afterAll(async () => {
  if (server) {
    const violations = await checkIntegrity(server.ctx.db.kysely);
    expect(violations, formatViolations(violations)).toEqual([]);
    await server.close();
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the budget the files are made of', () => {
  it('has a flagged cement line and a steel line over budget, with paise', () => {
    expect(line('Cement')).toMatchObject({
      budget: 950_000,
      committed: 76_000,
      actual: 684_000,
      remaining: 190_000,
    });
    expect(line('Cement').quantity).toMatchObject({ consumption_percent: 113.3, flag: true });
    // 10 × 62,345.67 budgeted; 12 ordered, 5 received.
    expect(line('सरिया Fe500')).toMatchObject({
      budget: 623_456.7,
      committed: 436_419.69,
      actual: 311_728.35,
      remaining: -124_691.34,
    });
    expect(report.totals).toMatchObject({
      budget: 1_918_457.45,
      committed: 512_419.69,
      actual: 995_728.35,
      remaining: 410_309.41,
    });
  });
});

describe('the PDF', () => {
  it('is A4 landscape, by cost head with subtotals, flags and the grand total', async () => {
    const res = await download(server, url('/reports/budget?format=pdf'), owner.token);
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="budget-Green-Valley-Towers-\d{4}-\d{2}-\d{2}\.pdf"/,
    );
    expect(pdfInfo(res.bytes, 'budget.pdf')).toMatch(/Page size:\s+841.89 x 595.28 pts \(A4\)/);
    const text = pdfText(res.bytes, 'budget.pdf');
    expect(text).toContain('Budget — Green Valley Towers');
    expect(text).toMatch(/Date: \d{2} [A-Z][a-z]{2} \d{4}/);
    // The heading's totals, with the ₹.
    expect(text).toContain('Budget ₹19,18,457.45');
    expect(text).toContain('Remaining ₹4,10,309.41');

    const cement = line('Cement');
    expect(text).toContain(
      `Material 2 lines Cement ${moneyText(cement)} ${spentText(cement)} ` +
        '2,000 1,600 1,440 680 113.3 Over-consumed',
    );
    expect(quantityText(cement)).toBe('2,000 1,600 1,440 680 113.3');
    expect(text).toContain(
      `Cement ${moneyText(cement)} ${spentText(cement)} ${quantityText(cement)} Over-consumed`,
    );
    const steel = line('सरिया Fe500');
    expect(text).toContain(
      `सरिया Fe500 ${moneyText(steel)} ${spentText(steel)} ${quantityText(steel)} Over budget`,
    );
    expect(text).toContain('-1,24,691.34');
    const material = subtotal('material');
    expect(text).toContain(`Material total ${moneyText(material)} ${spentText(material)}`);
    const labour = line('Masonry gang');
    expect(text).toContain(`Labour 1 line Masonry gang ${moneyText(labour)} 0.0`);
    expect(text).toContain(`Labour total ${moneyText(subtotal('labour'))} 0.0`);
    expect(text).toContain(`Overhead 1 line Site office ${moneyText(line('Site office'))} 0.0`);
    expect(text).toContain(`Overhead total ${moneyText(subtotal('overhead'))} 0.0`);
    expect(text).toContain(`Grand total ${moneyText(report.totals)} ${spentText(report.totals)}`);
    // Heads in the report's order, none invented.
    expect(text.indexOf('Material total')).toBeLessThan(text.indexOf('Labour total'));
    expect(text.indexOf('Labour total')).toBeLessThan(text.indexOf('Overhead total'));
    expect(text).not.toContain('Equipment');
    expect(text).toContain('Page 1 of 1');
  });

  it('runs onto more pages with the heading and the page numbers', async () => {
    const other = await registerUser(server.url);
    const site = (await createSite(server.url, other.token, { name: 'ग्रीन वैली' })).id;
    for (let i = 1; i <= 40; i += 1) {
      const res = await call(server.url, 'POST', `/api/sites/${site}/budget_lines`, {
        token: other.token,
        body: { head: i % 2 ? 'equipment' : 'other', name: `Line ${i}`, amount: i * 1000.01 },
      });
      expect(res.status).toBe(201);
    }
    const res = await download(server, `/api/sites/${site}/reports/budget?format=pdf`, other.token);
    expect(res.status).toBe(200);
    const info = pdfInfo(res.bytes, 'long.pdf');
    expect(info).toMatch(/Pages:\s+2/);
    const text = pdfText(res.bytes, 'long.pdf');
    expect(text).toContain('Budget — ग्रीन वैली');
    expect(text).toContain('Page 1 of 2');
    expect(text).toContain('Page 2 of 2');
    // 1 + 3 + … + 39 thousand and one paisa each: 400 × 1000.01; the even lines 420 × 1000.01.
    expect(text).toContain(`Equipment total ${figure(400_004)} – – ${figure(400_004)} 0.0`);
    expect(text).toContain(`Other total ${figure(420_004.2)} – – ${figure(420_004.2)} 0.0`);
    expect(text).toContain(`Grand total ${figure(820_008.2)} – – ${figure(820_008.2)} 0.0`);
  });
});

describe('the Excel file', () => {
  it('has the JSON figures as numbers, the grand total, the head subtotals, a frozen header', async () => {
    const res = await download(server, url('/reports/budget?format=xlsx'), owner.token);
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="budget-Green-Valley-Towers-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const ws = await sheet(res.bytes);
    const rows: ExcelJS.Row[] = [];
    ws.eachRow((row) => rows.push(row));
    expect(values(rows[0]!)[0]).toBe('Budget');
    expect(values(rows[1]!)[0]).toBe('Site: Green Valley Towers');
    const headerAt = rows.findIndex((r) => values(r)[0] === 'Cost head');
    const header = rows[headerAt]!;
    expect(values(header)).toEqual([
      'Cost head',
      'Line',
      'Budget',
      'Committed',
      'Actual',
      'Remaining',
      '% spent',
      'Budget quantity',
      'Ordered',
      'Received',
      'Consumed',
      'Consumption %',
      'Flag',
    ]);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: header.number });

    const byName = (name: string) => rows.find((r) => values(r)[1] === name)!;
    const heads = { material: 'Material', labour: 'Labour', overhead: 'Overhead' } as const;
    for (const l of report.lines) {
      const row = byName(l.name);
      const v = values(row);
      expect(v.slice(0, 7), l.name).toEqual([
        heads[l.head as keyof typeof heads],
        l.name,
        l.budget,
        l.committed,
        l.actual,
        l.remaining,
        spent(l) / 100,
      ]);
      for (const column of [3, 4, 5, 6]) {
        expect(row.getCell(column).numFmt).toBe('#,##0.00');
        expect(typeof row.getCell(column).value).toBe('number');
      }
      const q = l.quantity;
      const flags = [l.remaining < 0 ? 'Over budget' : '', q?.flag ? 'Over-consumed' : '']
        .filter(Boolean)
        .join(', ');
      expect(v.slice(7), l.name).toEqual(
        q
          ? [
              q.budget,
              q.ordered,
              q.received,
              q.consumed,
              q.consumption_percent === null ? undefined : q.consumption_percent / 100,
              ...(flags ? [flags] : []),
            ]
          : [],
      );
    }
    // Lines in the report's order (by head), straight under the header.
    expect(rows.slice(headerAt + 1, headerAt + 5).map((r) => values(r)[1])).toEqual(
      report.lines.map((l) => l.name),
    );

    const total = rows.find((r) => values(r)[0] === 'Grand total')!;
    expect(values(total).slice(2, 6).map(result)).toEqual([
      report.totals.budget,
      report.totals.committed,
      report.totals.actual,
      report.totals.remaining,
    ]);
    expect(total.getCell(1).font?.bold).toBe(true);

    const by = rows.findIndex((r) => values(r)[0] === 'By cost head');
    expect(by).toBeGreaterThan(rows.indexOf(total));
    const subtotals = rows.slice(by + 1).map((r) => values(r).slice(0, 7));
    const expected = (label: string, name: string, f: Figures) => [
      label,
      name,
      f.budget,
      f.committed,
      f.actual,
      f.remaining,
      spent(f) / 100,
    ];
    expect(subtotals).toEqual([
      expected('Material', 'Material total', subtotal('material')),
      expected('Labour', 'Labour total', subtotal('labour')),
      expected('Overhead', 'Overhead total', subtotal('overhead')),
      expected('All heads', 'Grand total', report.totals),
    ]);
  });
});

describe('who may download', () => {
  it('the roles that export; not someone outside the site; an unknown format is refused', async () => {
    const accountant = await registerUser(server.url);
    await addMember(server, siteId, accountant.user.id, 'accountant');
    const pdf = url('/reports/budget?format=pdf');
    expect((await download(server, pdf, accountant.token)).status).toBe(200);
    const outsider = await registerUser(server.url);
    expect((await download(server, pdf, outsider.token)).status).toBe(403);
    const odd = await download(server, url('/reports/budget?format=docx'), owner.token);
    expect(odd.status).toBe(400);
  });
});
