import { Readable } from 'node:stream';
import {
  rateFromStored,
  tdsDueDate,
  type TdsReport,
  type TdsReportQuery,
  type TdsSection,
} from '@siteledger/domain';
import { sql } from 'kysely';
import { CSV_BOM, csvRow, money } from '../../documents/csv-writer.js';
import { indianDate, periodText } from '../../documents/format.js';
import { xlsxStream, type XlsxColumn } from '../../documents/xlsx-writer.js';
import type { Executor } from '../../db/executor.js';
import {
  challansByMonth,
  deductorSites,
  deductorTotals,
  tdsByMonth,
} from '../../db/tds-deductor.js';
import { businessToday } from '../../platform/business-time.js';
import { rupees } from '../../platform/record-shape.js';
import type { SiteScope } from '../../platform/scope.js';

/** One deduction (paise, rate in percent). */
export interface TdsLine {
  date: string;
  source: 'delivery' | 'service_booking' | 'ra_bill' | 'payment' | 'wage_sheet';
  id: string;
  vendor: string;
  vendor_name: string;
  pan: string | null;
  section: TdsSection;
  base: number;
  rate: number;
  tds_amount: number;
  due_date: string;
}

export interface TdsDepositLine {
  section: TdsSection;
  month: string;
  tds_amount: number;
  deposited: number;
  /** The deductor's (every site of the TAN) TDS of the whole month, and its challans (paise). */
  deductor_tds_amount: number;
  deductor_deposited: number;
  due_date: string;
  status: 'deposited' | 'due' | 'overdue';
}

export interface TdsData {
  siteName: string;
  from: string;
  to: string;
  today: string;
  rows: TdsLine[];
  totals: { section: TdsSection; base: number; tds_amount: number }[];
  deposits: TdsDepositLine[];
}

/** The first day of the month after `month` (YYYY-MM). */
function nextMonthStart(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
}

/**
 * Per section and month of the credits: the TDS deducted, the challans this site recorded, the
 * due date (rule 30: the 7th of the next month, 30 April for March) and where it stands today.
 * A challan deposits the deductor's month whichever site of the TAN recorded it, so the status
 * compares the deductor's whole month with all its sites' challans.
 */
export async function depositsOf(
  db: Executor,
  siteId: string,
  rows: readonly TdsLine[],
  today: string,
): Promise<TdsDepositLine[]> {
  const by = new Map<string, TdsDepositLine>();
  for (const row of rows) {
    const month = row.date.slice(0, 7);
    const key = `${row.section}|${month}`;
    const line = by.get(key) ?? {
      section: row.section,
      month,
      tds_amount: 0,
      deposited: 0,
      deductor_tds_amount: 0,
      deductor_deposited: 0,
      due_date: tdsDueDate(row.date),
      status: 'due' as const,
    };
    line.tds_amount += row.tds_amount;
    by.set(key, line);
  }
  if (by.size === 0) return [];
  const months = [...new Set([...by.values()].map((l) => l.month))].sort();
  const first = months[0]!;
  const sites = await deductorSites(db, siteId);
  const [own, deductorPaid, credited] = await Promise.all([
    challansByMonth(db, [siteId], first),
    challansByMonth(db, sites, first),
    tdsByMonth(db, sites, `${first}-01`, nextMonthStart(months.at(-1)!)),
  ]);
  const deductor = deductorTotals(credited);
  return [...by.entries()]
    .map(([key, line]) => {
      const deducted = deductor.get(key) ?? line.tds_amount;
      const paid = deductorPaid.get(key) ?? 0;
      return {
        ...line,
        deposited: own.get(key) ?? 0,
        deductor_tds_amount: deducted,
        deductor_deposited: paid,
        status:
          paid >= deducted
            ? ('deposited' as const)
            : today > line.due_date
              ? ('overdue' as const)
              : ('due' as const),
      };
    })
    .sort((a, b) =>
      a.month === b.month ? (a.section < b.section ? -1 : 1) : a.month < b.month ? -1 : 1,
    );
}

/** The site's credits that carry TDS dated from..to, in date order (API.md "TDS" → report). */
export async function tdsLines(
  db: Executor,
  siteId: string,
  from: string,
  to: string,
): Promise<TdsLine[]> {
  const rows = await sql<{
    date: string;
    source: TdsLine['source'];
    id: string;
    vendor: string;
    vendor_name: string;
    pan: string | null;
    section: string;
    base: number | string;
    rate: number | string | null;
    tds_amount: number | string;
    created: string;
  }>`
    select c.date, c.source, c.id, c.vendor, v.name as vendor_name, v.pan, c.section, c.base,
      c.rate, c.tds_amount, c.created
    from (
      select delivery_date as date, 'delivery' as source, id, vendor, tds_section as section,
        tds_base as base, tds_rate as rate, tds_amount, created, site_id
        from deliveries where site_id = ${siteId} and tds_amount <> 0
      union all
      select start_date, 'service_booking', id, vendor, tds_section, tds_base, tds_rate,
        tds_amount, created, site_id
        from service_bookings where site_id = ${siteId} and tds_amount <> 0
          and status <> 'cancelled'
      union all
      select bill_date, 'ra_bill', id, vendor, tds_section, tds_base, tds_rate, tds_amount,
        created, site_id
        from ra_bills where site_id = ${siteId} and tds_amount <> 0
      union all
      select payment_date, 'payment', id, vendor, tds_section, tds_base, tds_rate, tds_amount,
        created, site_id
        from payments where site_id = ${siteId} and tds_amount <> 0
      union all
      select period_to, 'wage_sheet', id, labour_contractor, tds_section, tds_base, tds_rate,
        tds_amount, created, site_id
        from wage_sheets where site_id = ${siteId} and tds_amount <> 0
    ) c
    join vendors v on v.id = c.vendor
    where c.date >= ${from} and c.date <= ${to}
    order by c.date, c.created, c.id`.execute(db);
  return rows.rows.map((r) => ({
    date: r.date,
    source: r.source,
    id: r.id,
    vendor: r.vendor,
    vendor_name: r.vendor_name,
    pan: r.pan,
    section: r.section as TdsSection,
    base: Number(r.base),
    rate: r.rate === null ? 0 : rateFromStored(Number(r.rate)),
    tds_amount: Number(r.tds_amount),
    due_date: tdsDueDate(r.date),
  }));
}

function totalsOf(rows: readonly TdsLine[]): TdsData['totals'] {
  const by = new Map<TdsSection, { base: number; tds_amount: number }>();
  for (const row of rows) {
    const t = by.get(row.section) ?? { base: 0, tds_amount: 0 };
    t.base += row.base;
    t.tds_amount += row.tds_amount;
    by.set(row.section, t);
  }
  return [...by].sort(([a], [b]) => (a < b ? -1 : 1)).map(([section, t]) => ({ section, ...t }));
}

export async function loadTds(scope: SiteScope, query: TdsReportQuery): Promise<TdsData> {
  const { ctx, siteId } = scope;
  const today = businessToday(ctx.config.timezone);
  const to = query.to ?? today;
  const from = query.from ?? `${to.slice(0, 8)}01`;
  const site = await ctx.db.kysely
    .selectFrom('sites')
    .select('name')
    .where('id', '=', siteId)
    .executeTakeFirstOrThrow();
  const rows = await tdsLines(ctx.db.kysely, siteId, from, to);
  const deposits = await depositsOf(ctx.db.kysely, siteId, rows, today);
  return { siteName: site.name, from, to, today, rows, totals: totalsOf(rows), deposits };
}

export function tdsJson(data: TdsData): TdsReport {
  return {
    rows: data.rows.map((r) => ({
      date: r.date,
      source: r.source,
      id: r.id,
      vendor: r.vendor,
      vendor_name: r.vendor_name,
      pan: r.pan,
      section: r.section,
      ...rupees({ base: r.base }),
      rate: r.rate,
      ...rupees({ tds_amount: r.tds_amount }),
      due_date: r.due_date,
    })),
    totals_by_section: data.totals.map((t) => ({
      section: t.section,
      ...rupees({ base: t.base, tds_amount: t.tds_amount }),
    })),
    deposits: data.deposits.map((d) => ({
      section: d.section,
      month: d.month,
      ...rupees({
        tds_amount: d.tds_amount,
        deposited: d.deposited,
        deductor_tds_amount: d.deductor_tds_amount,
        deductor_deposited: d.deductor_deposited,
      }),
      due_date: d.due_date,
      status: d.status,
    })),
  };
}

const SOURCE_LABELS: Record<TdsLine['source'], string> = {
  delivery: 'Delivery',
  service_booking: 'Service booking',
  ra_bill: 'RA bill',
  payment: 'Work-order advance',
  wage_sheet: 'Wage sheet',
};

const HEADERS = ['Date', 'Source', 'Vendor', 'PAN', 'Section', 'Base', 'Rate %', 'TDS', 'Due date'];

export function tdsCsv(data: TdsData): Readable {
  function* chunks(): Generator<string> {
    yield CSV_BOM + csvRow(HEADERS);
    for (const r of data.rows) {
      yield csvRow([
        r.date,
        SOURCE_LABELS[r.source],
        r.vendor_name,
        r.pan,
        r.section,
        money(r.base),
        String(r.rate),
        money(r.tds_amount),
        r.due_date,
      ]);
    }
    for (const t of data.totals) {
      yield csvRow([
        '',
        `Total ${t.section}`,
        '',
        '',
        t.section,
        money(t.base),
        '',
        money(t.tds_amount),
        '',
      ]);
    }
  }
  return Readable.from(chunks());
}

type Key = 'date' | 'source' | 'vendor' | 'pan' | 'section' | 'base' | 'rate' | 'tds' | 'due';
const COLUMNS: XlsxColumn<Key>[] = [
  { key: 'date', header: 'Date', kind: 'date' },
  { key: 'source', header: 'Source', kind: 'text', width: 18 },
  { key: 'vendor', header: 'Vendor', kind: 'text', width: 28 },
  { key: 'pan', header: 'PAN', kind: 'text', width: 12 },
  { key: 'section', header: 'Section', kind: 'text', width: 9 },
  { key: 'base', header: 'Base', kind: 'money', total: true },
  { key: 'rate', header: 'Rate', kind: 'percent' },
  { key: 'tds', header: 'TDS', kind: 'money', total: true },
  { key: 'due', header: 'Due date', kind: 'date' },
];

export function tdsXlsx(data: TdsData, onError: (error: unknown) => void): Readable {
  async function* rows() {
    await Promise.resolve();
    yield data.rows.map((r) => ({
      date: r.date,
      source: SOURCE_LABELS[r.source],
      vendor: r.vendor_name,
      pan: r.pan,
      section: r.section,
      base: r.base,
      rate: r.rate,
      tds: r.tds_amount,
      due: r.due_date,
    }));
  }
  return xlsxStream<Key>(
    {
      title: 'TDS register',
      info: [
        `Site: ${data.siteName}`,
        `Period: ${periodText(data.from, data.to)}`,
        `Generated: ${indianDate(data.today)}`,
      ],
      columns: COLUMNS,
      rows: rows(),
      totals: { label: 'Total' },
      after: () => [
        {},
        { source: 'Totals by section' },
        ...data.totals.map((t) => ({ source: t.section, base: t.base, tds: t.tds_amount })),
      ],
    },
    onError,
  );
}
