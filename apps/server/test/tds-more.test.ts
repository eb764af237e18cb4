/**
 * TDS beyond § 194C's worked example (issue 43, API.md "TDS") over HTTP on a real server and
 * database: § 194J (professional fees, 10 %, ₹50,000 a year) and § 194I (hire of plant, 2 %,
 * ₹50,000 a calendar month) as the domain's data has them, GST kept out of the base of a delivery
 * and a booking that carry it, the deposit status of a month (due until the 7th of the next month
 * is past, overdue after, deposited once challans cover it), and the register's CSV and Excel
 * files read back against its JSON. Integrity stays clean.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tdsDueDate } from '@siteledger/domain';
import { checkIntegrity, formatViolations } from '../src/integrity/check.js';
import { businessToday } from '../src/platform/business-time.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { parseCsv } from './helpers/csv-parse.js';
import { download } from './helpers/export-fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;

interface Credit {
  id: string;
  tds_section: string | null;
  tds_base: number;
  tds_rate: number | null;
  tds_amount: number;
  total_amount: number;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
}
interface ReportRow {
  date: string;
  source: string;
  id: string;
  vendor: string;
  vendor_name: string;
  pan: string | null;
  section: string;
  base: number;
  rate: number;
  tds_amount: number;
  due_date: string;
}
interface Deposit {
  section: string;
  month: string;
  tds_amount: number;
  deposited: number;
  due_date: string;
  status: string;
}
interface Report {
  rows: ReportRow[];
  totals_by_section: { section: string; base: number; tds_amount: number }[];
  deposits: Deposit[];
}

/** One owner's site and the calls made on it. */
interface Books {
  owner: Registered;
  siteId: string;
  ok: <T>(method: string, p: string, body?: unknown) => Promise<T>;
  url: (p: string) => string;
}

async function books(site: Record<string, unknown> = {}): Promise<Books> {
  const owner = await registerUser(server.url);
  const siteId = (await createSite(server.url, owner.token)).id;
  const url = (p: string) => `/api/sites/${siteId}${p}`;
  const ok = async <T>(method: string, p: string, body?: unknown): Promise<T> => {
    const res = await call<T>(server.url, method, url(p), { token: owner.token, body });
    expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  if (Object.keys(site).length > 0) await ok('PATCH', '', site);
  return { owner, siteId, ok, url };
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
});

afterAll(async () => {
  const violations = await checkIntegrity(server.ctx.db.kysely);
  expect(violations, formatViolations(violations)).toEqual([]);
  await server.close();
});

describe('§ 194J, § 194I and GST over HTTP', () => {
  let b: Books;
  let architect: string;
  let crane: string;
  let contractor: string;
  let consulting: string;
  let hire: string;
  let item: string;
  const credits: Record<string, Credit> = {};

  const booking = (vendor: string, service: string, date: string, rupees: number, extra = {}) =>
    b.ok<Credit>('POST', '/service_bookings', {
      service,
      vendor,
      start_date: date,
      duration: 1,
      unit_rate: rupees,
      gst_rate: null,
      ...extra,
    });

  beforeAll(async () => {
    // A registered site in Maharashtra: a vendor of the same state is charged CGST + SGST.
    b = await books({ gstin: '27AAPFU0939F1ZV' });
    architect = (
      await b.ok<{ id: string }>('POST', '/vendors', {
        name: 'Desai Architects',
        // Registered: it charges GST on its fees; the PAN is the GSTIN's.
        gstin: '27AAAFD1234C1Z7',
        tds_section: '194J',
      })
    ).id;
    crane = (
      await b.ok<{ id: string }>('POST', '/vendors', {
        name: 'Patil Crane Hire',
        pan: 'AAAPP1234C',
        tds_section: '194I',
      })
    ).id;
    contractor = (
      await b.ok<{ id: string }>('POST', '/vendors', {
        name: 'Sri Sai Constructions',
        gstin: '27AAGCS1234F1ZM',
        tds_section: '194C',
      })
    ).id;
    consulting = (
      await b.ok<{ id: string }>('POST', '/services', {
        name: 'Structural design',
        category: 'professional',
        unit: 'job',
        standard_rate: 1000,
      })
    ).id;
    hire = (
      await b.ok<{ id: string }>('POST', '/services', {
        name: 'Tower crane hire',
        category: 'equipment',
        unit: 'month',
        standard_rate: 1000,
      })
    ).id;
    item = (await b.ok<{ id: string }>('POST', '/items', { name: 'Shuttering work', unit: 'm2' }))
      .id;
  });

  it('§ 194J: 10 % once the year passes ₹50,000, the crossing fee catching up the first', async () => {
    const first = await booking(architect, consulting, '2026-05-10', 30_000);
    expect(first).toMatchObject({ tds_section: '194J', tds_rate: 10, tds_amount: 0 });
    // No per-credit threshold: ₹30,000 alone is not taxed, the year's ₹60,000 is.
    const second = await booking(architect, consulting, '2026-06-10', 30_000, { gst_rate: 18 });
    expect(second).toMatchObject({ tds_section: '194J', tds_rate: 10 });
    // GST (5,400) stays out: the base is the fee, the TDS 10 % of 30,000 + 30,000.
    expect(second.cgst_amount + second.sgst_amount).toBe(5400);
    expect(second.tds_base).toBe(30_000);
    expect(second.tds_amount).toBe(6000);
    credits.j = second;
    // What it owes the architect: the fee and its GST less the TDS.
    const payables = await b.ok<{ service_bookings: { id: string; due: number }[] }>(
      'GET',
      `/vendors/${architect}/payables`,
    );
    expect(payables.service_bookings.find((p) => p.id === second.id)!.due).toBe(
      30_000 + 5400 - 6000,
    );
    const vendor = await b.ok<{ tds_deducted: number; deductee_type: string }>(
      'GET',
      `/vendors/${architect}`,
    );
    expect(vendor).toMatchObject({ tds_deducted: 6000, deductee_type: 'other' });
  });

  it('§ 194I: 2 % once a calendar month passes ₹50,000; the next month starts again', async () => {
    const may5 = await booking(crane, hire, '2026-05-05', 40_000);
    expect(may5).toMatchObject({ tds_section: '194I', tds_rate: 2, tds_amount: 0 });
    const may20 = await booking(crane, hire, '2026-05-20', 20_000);
    // May's 60,000 passes 50,000: 2 % of 20,000 and the 40,000 before it.
    expect(may20.tds_amount).toBe(1200);
    credits.i1 = may20;
    const june = await booking(crane, hire, '2026-06-03', 45_000);
    expect(june.tds_amount).toBe(0);
    const july = await booking(crane, hire, '2026-07-01', 70_000);
    expect(july.tds_amount).toBe(1400);
    credits.i2 = july;
    // June's untaxed 45,000 is another month's: July does not catch it up.
    expect((await b.ok<Credit>('GET', `/service_bookings/${june.id}`)).tds_amount).toBe(0);
    expect((await b.ok<Credit>('GET', `/service_bookings/${may5.id}`)).tds_amount).toBe(0);
  });

  it('a delivery with GST is taxed on its taxable value only', async () => {
    const delivery = await b.ok<Credit>('POST', '/deliveries', {
      vendor: contractor,
      delivery_date: '2026-06-15',
      delivery_items: [{ item, quantity: 1, unit_price: 40_000, gst_rate: 18 }],
    });
    expect(delivery.cgst_amount + delivery.sgst_amount).toBe(7200);
    expect(delivery).toMatchObject({ tds_section: '194C', tds_base: 40_000, tds_rate: 2 });
    expect(delivery.tds_amount).toBe(800);
    credits.c = delivery;
    const payables = await b.ok<{ deliveries: { id: string; due: number }[] }>(
      'GET',
      `/vendors/${contractor}/payables`,
    );
    expect(payables.deliveries.find((p) => p.id === delivery.id)!.due).toBe(47_200 - 800);
  });

  /** The report the three cases above leave (run in order). */
  async function report(): Promise<Report> {
    return b.ok<Report>('GET', '/reports/tds?from=2026-04-01&to=2026-07-31');
  }

  it('the register lists each section with its totals', async () => {
    const data = await report();
    expect(
      data.rows.map((r) => [r.date, r.source, r.section, r.base, r.rate, r.tds_amount]),
    ).toEqual([
      ['2026-05-20', 'service_booking', '194I', 20_000, 2, 1200],
      ['2026-06-10', 'service_booking', '194J', 30_000, 10, 6000],
      ['2026-06-15', 'delivery', '194C', 40_000, 2, 800],
      ['2026-07-01', 'service_booking', '194I', 70_000, 2, 1400],
    ]);
    expect(data.rows.map((r) => r.id)).toEqual([
      credits.i1!.id,
      credits.j!.id,
      credits.c!.id,
      credits.i2!.id,
    ]);
    expect(data.rows.map((r) => r.due_date)).toEqual([
      '2026-06-07',
      '2026-07-07',
      '2026-07-07',
      '2026-08-07',
    ]);
    expect(data.totals_by_section).toEqual([
      { section: '194C', base: 40_000, tds_amount: 800 },
      { section: '194I', base: 90_000, tds_amount: 2600 },
      { section: '194J', base: 30_000, tds_amount: 6000 },
    ]);
  });

  it('the CSV holds the same rows and totals as the JSON', async () => {
    const data = await report();
    const res = await download(
      server,
      b.url('/reports/tds?from=2026-04-01&to=2026-07-31&format=csv'),
      b.owner.token,
    );
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; .*tds.*\.csv/);
    const records = parseCsv(res.text.replace(/^\uFEFF/, ''));
    expect(records[0]).toEqual([
      'Date',
      'Source',
      'Vendor',
      'PAN',
      'Section',
      'Base',
      'Rate %',
      'TDS',
      'Due date',
    ]);
    const labels: Record<string, string> = {
      delivery: 'Delivery',
      service_booking: 'Service booking',
    };
    const rupees = (n: number) => n.toFixed(2);
    expect(records.slice(1, 1 + data.rows.length)).toEqual(
      data.rows.map((r) => [
        r.date,
        labels[r.source],
        r.vendor_name,
        r.pan ?? '',
        r.section,
        rupees(r.base),
        String(r.rate),
        rupees(r.tds_amount),
        r.due_date,
      ]),
    );
    expect(records[1]!.slice(2, 4)).toEqual(['Patil Crane Hire', 'AAAPP1234C']);
    expect(records.slice(1 + data.rows.length)).toEqual(
      data.totals_by_section.map((t) => [
        '',
        `Total ${t.section}`,
        '',
        '',
        t.section,
        rupees(t.base),
        '',
        rupees(t.tds_amount),
        '',
      ]),
    );
  });

  it('the Excel file holds the same rows, a total and the totals by section', async () => {
    const data = await report();
    const res = await download(
      server,
      b.url('/reports/tds?from=2026-04-01&to=2026-07-31&format=xlsx'),
      b.owner.token,
    );
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]?.[0]).toBe('TDS register');
    const header = rows.findIndex((r) => r[0] === 'Date');
    expect(rows[header]).toEqual([
      'Date',
      'Source',
      'Vendor',
      'PAN',
      'Section',
      'Base',
      'Rate',
      'TDS',
      'Due date',
    ]);
    const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
    const labels: Record<string, string> = {
      delivery: 'Delivery',
      service_booking: 'Service booking',
    };
    const body = rows.slice(header + 1, header + 1 + data.rows.length);
    expect(body).toEqual(
      data.rows.map((r) => [
        day(r.date),
        labels[r.source],
        r.vendor_name,
        r.pan,
        r.section,
        r.base,
        r.rate / 100,
        r.tds_amount,
        day(r.due_date),
      ]),
    );
    // The total row: SUM formulas whose results are the JSON's totals.
    const result = (cell: unknown) =>
      typeof cell === 'object' && cell !== null && !(cell instanceof Date)
        ? (cell as { result: unknown }).result
        : cell;
    const total = rows[header + 1 + data.rows.length]!;
    expect(total[0]).toBe('Total');
    const sum = (key: 'base' | 'tds_amount') =>
      data.totals_by_section.reduce((s, t) => s + t[key], 0);
    expect(result(total[5])).toBe(sum('base'));
    expect(result(total[7])).toBe(sum('tds_amount'));
    // Then, after a blank row, the totals by section.
    const by = rows.findIndex((r) => r[1] === 'Totals by section');
    expect(by).toBeGreaterThan(header);
    expect(rows.slice(by + 1).map((r) => [r[1], r[5], r[7]])).toEqual(
      data.totals_by_section.map((t) => [t.section, t.base, t.tds_amount]),
    );
  });
});

describe('deposit status of a month', () => {
  it('overdue once the 7th of the next month is past, due before it, deposited when covered', async () => {
    const b = await books();
    const today = businessToday(server.ctx.config.timezone);
    const vendor = (
      await b.ok<{ id: string }>('POST', '/vendors', {
        name: 'Sri Lakshmi Contractors',
        pan: 'AAAFL1234C',
        tds_section: '194C',
      })
    ).id;
    const item = (await b.ok<{ id: string }>('POST', '/items', { name: 'Masonry', unit: 'm3' })).id;
    const deliver = (date: string) =>
      b.ok<Credit>('POST', '/deliveries', {
        vendor,
        delivery_date: date,
        delivery_items: [{ item, quantity: 1, unit_price: 40_000, gst_rate: null }],
      });
    // Far in the past (its due date long gone), and today (due the 7th of next month at the
    // earliest, so not yet past whatever day this runs).
    expect((await deliver('2025-06-10')).tds_amount).toBe(800);
    expect((await deliver(today)).tds_amount).toBe(800);
    const month = today.slice(0, 7);
    const deposits = async () =>
      (await b.ok<Report>('GET', `/reports/tds?from=2025-04-01&to=${today}`)).deposits;
    expect(await deposits()).toEqual([
      {
        section: '194C',
        month: '2025-06',
        tds_amount: 800,
        deposited: 0,
        // A site without a TAN is its own deductor.
        deductor_tds_amount: 800,
        deductor_deposited: 0,
        due_date: '2025-07-07',
        status: 'overdue',
      },
      {
        section: '194C',
        month,
        tds_amount: 800,
        deposited: 0,
        deductor_tds_amount: 800,
        deductor_deposited: 0,
        due_date: tdsDueDate(today),
        status: 'due',
      },
    ]);
    expect(tdsDueDate(today) > today).toBe(true);
    const account = (
      await b.ok<{ id: string }>('POST', '/accounts', {
        name: 'SBI current',
        type: 'bank',
        opening_balance: 10_000,
      })
    ).id;
    const challan = (forMonth: string, amount: number, serial: string) =>
      b.ok('POST', '/tds_challans', {
        section: '194C',
        month: forMonth,
        bsr_code: '0510308',
        challan_serial: serial,
        deposit_date: today,
        amount,
        account,
      });
    // Part of the old month deposited late: still overdue; the current month deposited in full.
    await challan('2025-06', 500, '00041');
    await challan(month, 800, '00042');
    expect((await deposits()).map((d) => [d.month, d.deposited, d.status])).toEqual([
      ['2025-06', 500, 'overdue'],
      [month, 800, 'deposited'],
    ]);
    await challan('2025-06', 300, '00043');
    expect((await deposits()).map((d) => [d.month, d.deposited, d.status])).toEqual([
      ['2025-06', 800, 'deposited'],
      [month, 800, 'deposited'],
    ]);
  });
});
