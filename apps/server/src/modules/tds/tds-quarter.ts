import { Readable } from 'node:stream';
import { type TdsCertificates, type TdsQuarterQuery, type TdsSection } from '@siteledger/domain';
import { CSV_BOM, csvRow, money } from '../../documents/csv-writer.js';
import type { Executor } from '../../db/executor.js';
import { rupees } from '../../platform/record-shape.js';
import type { SiteScope } from '../../platform/scope.js';
import { tdsLines, type TdsLine } from './tds-report.js';

/** `2026-27-Q1` → 1 April to 30 June 2026; Q4 is January–March of the next calendar year. */
export function quarterRange(quarter: string): { from: string; to: string } {
  const start = Number(quarter.slice(0, 4));
  const q = Number(quarter.slice(-1));
  const bounds: Record<number, [string, string]> = {
    1: [`${start}-04-01`, `${start}-06-30`],
    2: [`${start}-07-01`, `${start}-09-30`],
    3: [`${start}-10-01`, `${start}-12-31`],
    4: [`${start + 1}-01-01`, `${start + 1}-03-31`],
  };
  const [from, to] = bounds[q]!;
  return { from, to };
}

interface Challan {
  site_id: string;
  section: string;
  month: string;
  bsr_code: string;
  challan_serial: string;
  deposit_date: string;
  amount: number;
}

interface QuarterData {
  tan: string | null;
  from: string;
  to: string;
  sites: { id: string; name: string }[];
  rows: (TdsLine & { site: string })[];
  challans: Challan[];
}

/**
 * The deductor's sites the caller owns (all sites sharing the site's TAN, or the site alone), the
 * credits with TDS of the quarter on them, and their challans: a quarter's return is filed per
 * TAN, so it spans the owner's sites of that TAN.
 */
async function loadQuarter(scope: SiteScope, quarter: string): Promise<QuarterData> {
  const db: Executor = scope.ctx.db.kysely;
  const site = await db
    .selectFrom('sites')
    .select(['id', 'name', 'tan'])
    .where('id', '=', scope.siteId)
    .executeTakeFirstOrThrow();
  const sites = site.tan
    ? await db
        .selectFrom('sites')
        .innerJoin('site_users', 'site_users.site_id', 'sites.id')
        .select(['sites.id', 'sites.name'])
        .where('sites.tan', '=', site.tan)
        .where('sites.deleted_at', 'is', null)
        .where('site_users.user_id', '=', scope.userId)
        .where('site_users.role', '=', 'owner')
        .where('site_users.is_active', '=', 1)
        .orderBy('sites.name')
        .execute()
    : [{ id: site.id, name: site.name }];
  const { from, to } = quarterRange(quarter);
  const rows = (
    await Promise.all(
      sites.map(async (s) =>
        (await tdsLines(db, s.id, from, to)).map((row) => ({ ...row, site: s.name })),
      ),
    )
  ).flat();
  rows.sort((a, b) => (a.date === b.date ? (a.id < b.id ? -1 : 1) : a.date < b.date ? -1 : 1));
  const challans = await db
    .selectFrom('tds_challans')
    .select(['site_id', 'section', 'month', 'bsr_code', 'challan_serial', 'deposit_date', 'amount'])
    .where(
      'site_id',
      'in',
      sites.map((s) => s.id),
    )
    .where('month', '>=', from.slice(0, 7))
    .where('month', '<=', to.slice(0, 7))
    .orderBy('deposit_date')
    .execute();
  return { tan: site.tan, from, to, sites, rows, challans };
}

/** The challan that deposits a deduction: of its section and month (on a site of the TAN). */
function challanOf(data: QuarterData, row: TdsLine): Challan | undefined {
  return data.challans.find((c) => c.section === row.section && c.month === row.date.slice(0, 7));
}

const HEADERS_26Q = [
  'Sr. No.',
  'Section code',
  'Deductee code',
  'PAN of deductee',
  'Name of deductee',
  'Date of payment/credit',
  'Amount paid/credited',
  'TDS',
  'Surcharge',
  'Education cess',
  'Total tax deducted',
  'Total tax deposited',
  'Date of deduction',
  'Rate of deduction',
  'Reason for higher deduction',
  'BSR code',
  'Challan date',
  'Challan serial no.',
  'Site',
];

/**
 * The quarter as Form 26Q's deductee details (annexure I) in CSV, one row per deduction, for the
 * return-preparation utility or the accountant: deductee code 01 for a company (PAN's fourth
 * character C), else 02; "C" where the higher rate of § 206AA applied (no PAN); the challan of the
 * deduction's section and month when one is recorded.
 */
export async function tds26qCsv(scope: SiteScope, query: TdsQuarterQuery) {
  const data = await loadQuarter(scope, query.quarter);
  function* chunks(): Generator<string> {
    yield CSV_BOM + csvRow(HEADERS_26Q);
    let n = 0;
    for (const row of data.rows) {
      n += 1;
      const challan = challanOf(data, row);
      const deposited = challan ? row.tds_amount : 0;
      yield csvRow([
        String(n),
        row.section,
        row.pan?.charAt(3) === 'C' ? '01' : '02',
        row.pan ?? 'PANNOTAVBL',
        row.vendor_name,
        row.date,
        money(row.base),
        money(row.tds_amount),
        money(0),
        money(0),
        money(row.tds_amount),
        money(deposited),
        row.date,
        String(row.rate),
        row.pan ? '' : 'C',
        challan?.bsr_code ?? '',
        challan?.deposit_date ?? '',
        challan?.challan_serial ?? '',
        row.site,
      ]);
    }
  }
  return { body: Readable.from(chunks()), tan: data.tan, quarter: query.quarter };
}

/** Per deductee (PAN, or the vendor without one) and section: the quarter's certificate figures. */
export async function tdsCertificates(
  scope: SiteScope,
  query: TdsQuarterQuery,
): Promise<TdsCertificates> {
  const data = await loadQuarter(scope, query.quarter);
  const by = new Map<
    string,
    {
      pan: string | null;
      name: string;
      section: TdsSection;
      credited: number;
      deducted: number;
      deposited: number;
      challans: Map<string, Challan>;
    }
  >();
  for (const row of data.rows) {
    const key = `${row.pan ?? `vendor:${row.vendor}`}|${row.section}`;
    const entry = by.get(key) ?? {
      pan: row.pan,
      name: row.vendor_name,
      section: row.section,
      credited: 0,
      deducted: 0,
      deposited: 0,
      challans: new Map<string, Challan>(),
    };
    entry.credited += row.base;
    entry.deducted += row.tds_amount;
    const challan = challanOf(data, row);
    if (challan) {
      entry.deposited += row.tds_amount;
      entry.challans.set(`${challan.bsr_code}/${challan.challan_serial}`, challan);
    }
    by.set(key, entry);
  }
  return {
    tan: data.tan,
    quarter: query.quarter,
    from: data.from,
    to: data.to,
    sites: data.sites,
    deductees: [...by.values()]
      .sort((a, b) =>
        a.name === b.name ? (a.section < b.section ? -1 : 1) : a.name < b.name ? -1 : 1,
      )
      .map((e) => ({
        pan: e.pan,
        name: e.name,
        section: e.section,
        ...rupees({
          amount_credited: e.credited,
          tds_deducted: e.deducted,
          tds_deposited: e.deposited,
        }),
        challans: [...e.challans.values()].map((c) => ({
          bsr_code: c.bsr_code,
          challan_serial: c.challan_serial,
          deposit_date: c.deposit_date,
          month: c.month,
        })),
      })),
  };
}
