/**
 * The labour documents (issue 44) over HTTP on a real server: the month's muster roll (Form XVI)
 * as PDF and Excel, the wage register (Form XVII) of a month's sheets or of one sheet, and the
 * wage slips of a sheet. The data goes in through the labour API: three workers (one a gang)
 * marked on a few days of November 2026, an advance, a paid sheet WS-1 for 1–15 November, and a
 * sheet ending in October that November's register must leave out.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { download } from './helpers/export-fixtures.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface SheetLine {
  worker: string;
  name: string;
  man_days: number;
  ot_hours: number;
  wages: number;
  ot_amount: number;
  gross: number;
  advances: number;
  net: number;
}
interface Sheet {
  id: string;
  number: string;
  lines: SheetLine[];
  totals: Omit<SheetLine, 'worker' | 'name'>;
}

let server: TestServer;
let owner: Registered;
let siteId: string;
let dir: string;
let ramesh: string;
let suresh: string;
let gang: string;
let november: Sheet;
let october: Sheet;

const url = (p: string) => `/api/sites/${siteId}${p}`;

async function ok<T>(method: string, p: string, body?: unknown): Promise<T> {
  const res = await call<T>(server.url, method, url(p), { token: owner.token, body });
  expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** The PDF's text in the order it is drawn (row by row), spaces collapsed (poppler's pdftotext). */
function pdfText(bytes: Buffer, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  // LABOUR_DOCS_KEEP=/some/dir keeps the files to look at.
  if (process.env.LABOUR_DOCS_KEEP) writeFileSync(join(process.env.LABOUR_DOCS_KEEP, name), bytes);
  return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

function pdfInfo(bytes: Buffer, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return execFileSync('pdfinfo', [file], { encoding: 'utf8' });
}

/** Rupees as the registers print them: Indian grouping, two decimals, no ₹. */
const figure = (rupees: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    rupees,
  );

async function sheetRows(bytes: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** A SUM formula's cell as its result. */
const result = (cell: unknown) =>
  typeof cell === 'object' && cell !== null && 'result' in cell
    ? (cell as { result: unknown }).result
    : cell;

async function mark(date: string, entries: unknown[]): Promise<void> {
  await ok('POST', '/attendance', { date, entries });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'labour-documents-'));
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token, { name: 'Green Valley Towers' })).id;
  const account = (
    await ok<{ id: string }>('POST', '/accounts', {
      name: 'HDFC current',
      type: 'bank',
      opening_balance: 1_00_000,
    })
  ).id;
  const worker = async (body: Record<string, unknown>) =>
    (await ok<{ id: string }>('POST', '/workers', body)).id;
  ramesh = await worker({ name: 'Ramesh Kumar', trade: 'Mason', daily_wage: 800 });
  suresh = await worker({ name: 'सुरेश यादव', trade: 'Helper', daily_wage: 550 });
  gang = await worker({ name: 'Bhola gang', trade: 'Helper', daily_wage: 500, headcount: 10 });

  await mark('2026-10-30', [{ worker: ramesh, fraction: 1 }]);
  await mark('2026-11-02', [
    { worker: ramesh, fraction: 1, ot_hours: 2 },
    { worker: suresh, fraction: 0.75 },
    { worker: gang, fraction: 1, headcount: 8 },
  ]);
  await mark('2026-11-03', [
    { worker: ramesh, fraction: 0.5 },
    { worker: suresh, fraction: 0 },
    { worker: gang, fraction: 0.5, headcount: 10 },
  ]);
  await mark('2026-11-04', [{ worker: ramesh, fraction: 0.25, ot_hours: 1.5 }]);
  october = await ok<Sheet>('POST', '/wage_sheets', { from: '2026-10-26', to: '2026-10-31' });
  await ok('POST', '/worker_advances', {
    worker: ramesh,
    amount: 500,
    advance_date: '2026-11-05',
    account,
  });
  november = await ok<Sheet>('POST', '/wage_sheets', { from: '2026-11-01', to: '2026-11-15' });
  await ok('POST', `/wage_sheets/${november.id}/pay`, { account, payment_date: '2026-11-16' });
});

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the muster roll', () => {
  it('as a landscape PDF: a row per worker marked, the marks by day, totals', async () => {
    const res = await download(
      server,
      url('/reports/muster_roll?month=2026-11&format=pdf'),
      owner.token,
    );
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="muster-roll-Green-Valley-Towers-2026-11\.pdf"/,
    );
    expect(pdfInfo(res.bytes, 'muster.pdf')).toMatch(/Page size:\s+841.89 x 595.28 pts \(A4\)/);
    const text = pdfText(res.bytes, 'muster.pdf');
    expect(text).toContain('MUSTER ROLL');
    expect(text).toContain('Form XVI');
    expect(text).toContain('Site: Green Valley Towers');
    expect(text).toContain('Month: November 2026');
    // Ramesh: P with 2 h of overtime, ½, ¼ with 1.5 h; 1.75 man-days, 3.5 OT hours.
    expect(text).toMatch(/Ramesh Kumar Mason P 2h ½ ¼ 1\.5h 1\.75 3\.5/);
    // Suresh: ¾ then A (marked 0).
    expect(text).toMatch(/सुरेश यादव Helper ¾ A 0\.75/);
    // The gang by its man-days: 8, then 10 people on half a day.
    expect(text).toMatch(/Bhola gang Helper \(gang\) 8 5 13/);
    // People present: 10 on the 2nd (8 of the gang), 11 on the 3rd; 15.5 man-days in all.
    expect(text).toMatch(/People present – 10 11 1 (– )+15\.5 3\.5/);
    // October's day is another month's.
    expect(text).not.toContain('30 Oct');
  });

  it('as Excel: P and A as marked, part days as fractions, overtime on its own row', async () => {
    const res = await download(
      server,
      url('/reports/muster_roll?month=2026-11&format=xlsx'),
      owner.token,
    );
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_TYPE);
    const rows = await sheetRows(res.bytes);
    expect(rows[0]?.[0]).toBe('Muster roll');
    const header = rows.findIndex((r) => r[0] === '#');
    expect(rows[header]?.slice(0, 5)).toEqual(['#', 'Name', 'Trade', '1', '2']);
    expect(rows[header]?.slice(-3)).toEqual(['30', 'Man-days', 'OT hours']);
    const byName = (name: string) => rows.findIndex((r) => r[1] === name);
    const r = byName('Ramesh Kumar');
    // Columns: #, name, trade, days 1–30, man-days, OT.
    expect(rows[r]?.slice(3, 7)).toEqual([undefined, 'P', 0.5, 0.25]);
    expect(rows[r]?.slice(-2)).toEqual([1.75, 3.5]);
    expect(rows[r + 1]?.slice(2, 7)).toEqual(['OT hours', undefined, 2, undefined, 1.5]);
    expect(rows[byName('सुरेश यादव')]?.slice(3, 6)).toEqual([undefined, 0.75, 'A']);
    expect(rows[byName('Bhola gang')]?.slice(3, 6)).toEqual([undefined, 8, 5]);
    const total = rows.find((row) => row[1] === 'Total');
    expect(total?.slice(-2).map(result)).toEqual([15.5, 3.5]);
    const present = rows.find((row) => row[1] === 'People present');
    expect(present?.slice(3, 7)).toEqual([0, 10, 11, 1]);
  });

  it('may be read by a supervisor; not by someone outside the site; the month is checked', async () => {
    const supervisor = await registerUser(server.url);
    await addMember(server, siteId, supervisor.user.id, 'supervisor');
    const path = url('/reports/muster_roll?month=2026-11&format=pdf');
    expect((await download(server, path, supervisor.token)).status).toBe(200);
    const outsider = await registerUser(server.url);
    expect((await download(server, path, outsider.token)).status).toBe(403);
    const bad = await download(
      server,
      url('/reports/muster_roll?month=2026-13&format=pdf'),
      owner.token,
    );
    expect(bad.status).toBe(400);
    const noFormat = await download(server, url('/reports/muster_roll?month=2026-11'), owner.token);
    expect(noFormat.status).toBe(400);
  });
});

describe('the wage register', () => {
  const line = (worker: string) => november.lines.find((l) => l.worker === worker)!;

  it('as a PDF: the month’s sheets, a row per worker, totals, the sheets counted', async () => {
    const res = await download(
      server,
      url('/reports/wage_register?month=2026-11&format=pdf'),
      owner.token,
    );
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /filename="wage-register-Green-Valley-Towers-2026-11\.pdf"/,
    );
    expect(pdfInfo(res.bytes, 'register.pdf')).toMatch(/Page size:\s+841.89 x 595.28 pts \(A4\)/);
    const text = pdfText(res.bytes, 'register.pdf');
    expect(text).toContain('REGISTER OF WAGES');
    expect(text).toContain('Form XVII');
    expect(text).toContain('Wage period: November 2026');
    const r = line(ramesh);
    // 1.75 days × ₹800 = 1,400 + 3.5 h × 800 ÷ 8 × 2 = 700; ₹500 advance deducted → 1,600.
    expect([r.wages, r.ot_amount, r.gross, r.advances, r.net]).toEqual([
      1400, 700, 2100, 500, 1600,
    ]);
    expect(text).toContain(
      `Ramesh Kumar Mason 800.00 1.75 3.5 ${figure(r.wages)} ${figure(r.ot_amount)} ` +
        `${figure(r.gross)} ${figure(r.advances)} ${figure(r.net)}`,
    );
    expect(text).toContain(`Bhola gang Helper 500.00 13 – ${figure(line(gang).wages)}`);
    const t = november.totals;
    expect(text).toContain(
      `Total ${t.man_days} ${t.ot_hours} ${figure(t.wages)} ${figure(t.ot_amount)} ` +
        `${figure(t.gross)} ${figure(t.advances)} ${figure(t.net)}`,
    );
    expect(text).toContain(
      `${november.number} · 01 Nov 2026 – 15 Nov 2026 · paid 16 Nov 2026 from HDFC current`,
    );
    // The sheet ending in October is October's.
    expect(text).not.toContain(october.number);
  });

  it('as Excel, with the totals the sheet has', async () => {
    const res = await download(
      server,
      url('/reports/wage_register?month=2026-11&format=xlsx'),
      owner.token,
    );
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_TYPE);
    const rows = await sheetRows(res.bytes);
    expect(rows[0]?.[0]).toBe('Register of wages');
    const header = rows.findIndex((r) => r[0] === '#');
    expect(rows[header]).toEqual([
      '#',
      'Name',
      'Trade',
      'Daily wage',
      'Days worked',
      'OT hours',
      'Wages',
      'OT amount',
      'Gross',
      'Advances deducted',
      'Net paid',
      'Signature / thumb',
    ]);
    const r = rows.find((row) => row[1] === 'Ramesh Kumar');
    expect(r?.slice(3, 11)).toEqual([800, 1.75, 3.5, 1400, 700, 2100, 500, 1600]);
    const total = rows.find((row) => row[1] === 'Total');
    const t = november.totals;
    expect(total?.slice(4, 11).map(result)).toEqual([
      t.man_days,
      t.ot_hours,
      t.wages,
      t.ot_amount,
      t.gross,
      t.advances,
      t.net,
    ]);
    expect(rows.some((row) => String(row[1]).startsWith(`${november.number} · `))).toBe(true);
  });

  it('of one sheet by its id, and October’s month holds October’s sheet', async () => {
    const one = await download(
      server,
      url(`/reports/wage_register?sheet=${october.id}&format=pdf`),
      owner.token,
    );
    expect(one.status, one.text.slice(0, 300)).toBe(200);
    const text = pdfText(one.bytes, 'register-october.pdf');
    expect(text).toContain(`Wage period: ${october.number} · 26 Oct 2026 – 31 Oct 2026`);
    expect(text).toContain('Ramesh Kumar');
    expect(text).not.toContain('Bhola gang');
    const month = await download(
      server,
      url('/reports/wage_register?month=2026-10&format=pdf'),
      owner.token,
    );
    expect(pdfText(month.bytes, 'register-oct-month.pdf')).toContain(october.number);
  });

  it('asks for a month or a sheet, refuses an unknown sheet and someone outside the site', async () => {
    const path = (q: string) => url(`/reports/wage_register?${q}`);
    expect((await download(server, path('format=pdf'), owner.token)).status).toBe(400);
    const both = path(`month=2026-11&sheet=${november.id}&format=pdf`);
    expect((await download(server, both, owner.token)).status).toBe(400);
    expect((await download(server, path('sheet=nosuchsheet&format=pdf'), owner.token)).status).toBe(
      404,
    );
    const outsider = await registerUser(server.url);
    const month = path('month=2026-11&format=pdf');
    expect((await download(server, month, outsider.token)).status).toBe(403);
  });

  it('is read by whoever may read the wage sheets themselves', async () => {
    for (const role of ['supervisor', 'accountant'] as const) {
      const member = await registerUser(server.url);
      await addMember(server, siteId, member.user.id, role);
      const sheets = await call(server.url, 'GET', url(`/wage_sheets/${november.id}`), {
        token: member.token,
      });
      const register = await download(
        server,
        url('/reports/wage_register?month=2026-11&format=pdf'),
        member.token,
      );
      const slips = await download(
        server,
        url(`/wage_sheets/${november.id}/slips.pdf`),
        member.token,
      );
      expect([role, register.status, slips.status]).toEqual([role, sheets.status, sheets.status]);
    }
  });
});

describe('the wage slips', () => {
  it('a slip per worker, three to a page, with the net in words and how it was paid', async () => {
    const res = await download(server, url(`/wage_sheets/${november.id}/slips.pdf`), owner.token);
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(`filename="wage-slips-Green-Valley-Towers-${november.number}\\.pdf"`),
    );
    expect(pdfInfo(res.bytes, 'slips.pdf')).toMatch(/Pages:\s+1\n/);
    const text = pdfText(res.bytes, 'slips.pdf');
    expect(text.match(/WAGE SLIP/g)).toHaveLength(3);
    expect(text).toContain(`${november.number} · 01 Nov 2026 – 15 Nov 2026`);
    expect(text).toContain('Paid on 16 Nov 2026 from HDFC current');
    for (const name of ['Ramesh Kumar', 'सुरेश यादव', 'Bhola gang']) expect(text).toContain(name);
    expect(text).toContain('Days worked 1.75 man-days Overtime 3.5 hours');
    expect(text).toContain('Advances deducted − ₹500.00 Net paid ₹1,600.00');
    expect(text).toContain('Rupees One Thousand Six Hundred Only');
    expect(text).toContain('एक हज़ार छह सौ रुपये मात्र');
  });

  it('one worker’s slip; 404 for an unknown sheet or a worker not on it', async () => {
    const one = await download(
      server,
      url(`/wage_sheets/${november.id}/slips.pdf?worker=${suresh}`),
      owner.token,
    );
    expect(one.status, one.text.slice(0, 300)).toBe(200);
    const text = pdfText(one.bytes, 'slip-suresh.pdf');
    expect(text.match(/WAGE SLIP/g)).toHaveLength(1);
    expect(text).toContain('सुरेश यादव');
    expect(text).not.toContain('Ramesh Kumar');
    const missing = await download(server, url('/wage_sheets/nosuchsheet/slips.pdf'), owner.token);
    expect(missing.status).toBe(404);
    const stranger = await download(
      server,
      url(`/wage_sheets/${october.id}/slips.pdf?worker=${gang}`),
      owner.token,
    );
    expect(stranger.status).toBe(404);
  });
});
