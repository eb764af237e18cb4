/**
 * A work order's documents (issue 43) over HTTP on a real server: the PDF the subcontractor signs
 * and the statement as Excel and PDF, for API.md's worked example (₹10,00,000 of RCC work, 5 %
 * retention, a ₹1,00,000 advance recovered at 10 %, 18 % GST, TDS under 194C at 2 %; RA-1 net
 * 4,04,800).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { download } from './helpers/export-fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';
import { RCC_ORDER, subcontractSetup } from './helpers/subcontract-kit.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let server: TestServer;
let owner: Registered;
let siteId: string;
let orderId: string;
let orderNumber: string;
let dir: string;

const url = (p: string) => `/api/sites/${siteId}${p}`;

async function ok<T>(method: string, p: string, body?: unknown): Promise<T> {
  const res = await call<T>(server.url, method, url(p), { token: owner.token, body });
  expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** The text of a PDF: in reading order with spaces collapsed, or laid out as on the page. */
function pdfText(bytes: Buffer, name: string, layout = false): string {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  // WO_DOCS_KEEP=/some/dir keeps the files to look at.
  if (process.env.WO_DOCS_KEEP) writeFileSync(join(process.env.WO_DOCS_KEEP, name), bytes);
  const args = layout ? ['-layout', file, '-'] : [file, '-'];
  const text = execFileSync('pdftotext', args, { encoding: 'utf8' });
  return layout ? text : text.replace(/\s+/g, ' ');
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wo-documents-'));
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token, { name: 'Green Valley Towers' })).id;
  const { contractor, account } = await subcontractSetup(ok, { tan: 'MUMG12345B' });
  const draft = await ok<{ id: string }>('POST', '/work_orders', {
    ...RCC_ORDER,
    vendor: contractor,
    terms: 'Cement and steel are issued free by the employer.',
  });
  const order = await ok<{ id: string; number: string; lines: { id: string }[] }>(
    'POST',
    `/work_orders/${draft.id}/issue`,
  );
  orderId = order.id;
  orderNumber = order.number;
  await ok('POST', '/payments', {
    vendor: contractor,
    account,
    amount: 1_00_000,
    payment_date: '2026-05-05',
    work_order: orderId,
  });
  const [shuttering, concrete] = order.lines;
  const ra1 = await ok<{ net_payable: number }>('POST', '/ra_bills', {
    work_order: orderId,
    bill_date: '2026-06-30',
    lines: [
      { work_order_line: shuttering!.id, cumulative_quantity: 1000 },
      { work_order_line: concrete!.id, cumulative_quantity: 10 },
    ],
  });
  expect(ra1.net_payable).toBe(4_04_800);
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the work order PDF', () => {
  it('is the order the subcontractor signs, saved or shown inline', async () => {
    const res = await download(server, url(`/work_orders/${orderId}/pdf`), owner.token);
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="work-order-Sri-Sai-Constructions-WO-\d{4}-\d{2}-0001\.pdf"/,
    );
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.bytes, 'order.pdf');
    expect(text).toContain('WORK ORDER');
    expect(text).toContain(orderNumber);
    expect(text).toContain('Rupees Ten Lakh Only');
    expect(text).toContain('PAN: AAGCS1234F');
    expect(text).toContain('TAN: MUMG12345B');
    expect(text).toContain('Retention: 5 % (five per cent)');
    expect(text).toContain('TDS will be deducted under section 194C at 2 %');
    expect(text).toContain('Accepted by subcontractor (signature & stamp)');
    const inline = await download(server, url(`/work_orders/${orderId}/pdf?inline=1`), owner.token);
    expect(inline.headers.get('content-disposition')).toMatch(/^inline; filename=/);
  });

  it('is refused to someone outside the site and for an unknown order', async () => {
    const outsider = await registerUser(server.url);
    const stranger = await download(server, url(`/work_orders/${orderId}/pdf`), outsider.token);
    expect(stranger.status).toBe(403);
    const missing = await download(server, url('/work_orders/nosuchorder/pdf'), owner.token);
    expect(missing.status).toBe(404);
  });
});

describe('the statement files', () => {
  it('as Excel: a row per bill, the totals, then the advance, retention, TDS and paid', async () => {
    const res = await download(
      server,
      url(`/work_orders/${orderId}/statement/export?format=xlsx`),
      owner.token,
    );
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(res.headers.get('content-disposition')).toMatch(/wo-statement-.*\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]?.[0]).toBe('Work order statement');
    const header = rows.findIndex((r) => r[0] === 'Bill');
    expect(rows[header]).toEqual([
      'Bill',
      'Date',
      'Kind',
      'Gross',
      'CGST',
      'SGST',
      'IGST',
      'Retention',
      'Advance recovery',
      'TDS',
      'Net payable',
      'Paid',
    ]);
    const bill = rows[header + 1]!;
    expect(bill[0]).toBe('RA-1');
    expect(bill[1]).toEqual(new Date(Date.UTC(2026, 5, 30)));
    expect(bill.slice(2)).toEqual([
      'RA bill',
      4_00_000,
      36_000,
      36_000,
      0,
      20_000,
      40_000,
      7200,
      4_04_800,
      0,
    ]);
    const total = rows[header + 2]!;
    expect(total[0]).toBe('Total');
    // The totals row is SUM formulas with their results.
    const result = (cell: unknown) =>
      typeof cell === 'object' && cell !== null ? (cell as { result: unknown }).result : cell;
    expect(result(total[10])).toBe(4_04_800);
    const summary = new Map(rows.slice(header + 3).map((r) => [r[2], r[3]]));
    expect(summary.get('Advance paid (TDS included)')).toBe(1_00_000);
    expect(summary.get('TDS on the advance')).toBe(2000);
    expect(summary.get('Advance recovered')).toBe(40_000);
    expect(summary.get('Retention held')).toBe(20_000);
    expect(summary.get('Retention released')).toBe(0);
    expect(summary.get('TDS in all (bills and advance)')).toBe(9200);
    expect(summary.get('Paid in all')).toBe(98_000);
    expect(summary.get('Outstanding')).toBe(4_04_800);
  });

  it('as PDF: the same figures on A4', async () => {
    const res = await download(
      server,
      url(`/work_orders/${orderId}/statement/export?format=pdf`),
      owner.token,
    );
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.bytes, 'statement.pdf', true);
    expect(text).toContain('WORK ORDER STATEMENT');
    expect(text).toContain(orderNumber);
    // Gross, CGST, SGST, retention, recovery, TDS, net payable, paid; no IGST column.
    expect(text).toMatch(
      /RA-1\s+30 Jun 2026\s+4,00,000\.00\s+36,000\.00\s+36,000\.00\s+20,000\.00\s+40,000\.00\s+7,200\.00\s+4,04,800\.00\s+–/,
    );
    expect(text).not.toContain('IGST');
    expect(text).toMatch(/Total\s+4,00,000\.00/);
    expect(text).toMatch(/Advance paid \(TDS included\)\s+₹1,00,000\.00/);
    expect(text).toMatch(/TDS in all \(bills and advance\)\s+₹9,200\.00/);
    expect(text).toMatch(/Paid in all\s+₹98,000\.00/);
    expect(text).toMatch(/Outstanding\s+₹4,04,800\.00/);
  });

  it('needs a format', async () => {
    const res = await call(server.url, 'GET', url(`/work_orders/${orderId}/statement/export`), {
      token: owner.token,
    });
    expect(res.status).toBe(400);
  });
});
