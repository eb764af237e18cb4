import {
  MAX_LEDGER_PAGE,
  toPaise,
  type LedgerEntry,
  type VendorLedgerQuery,
  type VendorStatement,
  type VendorStatementQuery,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { rupees } from '../../platform/record-shape.js';
import { scopeFor, type SiteScope } from '../../platform/scope.js';
import {
  ownedSites,
  sumRupees,
  type AcrossSitesSources,
  type BusinessSite,
} from './across-sites-service.js';
import { partiesOf } from './parties.js';
import * as repo from './across-sites-repo.js';

const FIGURES = [
  'total_billed',
  'total_paid',
  'outstanding',
  'credit_balance',
  'advance',
  'ledger_balance',
  'tds_deducted',
] as const;

interface SiteLedger {
  row: VendorStatement['sites'][number];
  opening: number;
  closing: number;
  entries: LedgerEntry[];
}

/** One vendor's ledger on its site, every entry of the range (page after page), and its figures. */
async function siteLedger(
  sources: AcrossSitesSources,
  scope: SiteScope,
  site: BusinessSite,
  vendorId: string,
  query: VendorStatementQuery,
): Promise<SiteLedger> {
  const ask = (page: number): VendorLedgerQuery => ({
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
    page,
    perPage: MAX_LEDGER_PAGE,
    sort: 'date',
  });
  const [vendor, first] = await Promise.all([
    sources.vendor(scope, vendorId),
    sources.vendorLedger(scope, vendorId, ask(1)),
  ]);
  const entries = [...first.entries];
  for (let page = 2; page <= first.totalPages; page += 1) {
    entries.push(...(await sources.vendorLedger(scope, vendorId, ask(page))).entries);
  }
  const { summary } = first;
  return {
    row: {
      site: site.id,
      site_name: site.name,
      vendor: vendorId,
      total_billed: summary.total_billed,
      total_paid: summary.total_paid,
      outstanding: summary.outstanding,
      credit_balance: summary.credit_balance,
      advance: summary.advance,
      ledger_balance: summary.ledger_balance,
      tds_deducted: vendor.tds_deducted,
    },
    opening: toPaise(first.opening_balance),
    closing: toPaise(first.closing_balance),
    entries,
  };
}

/**
 * GET /api/businesses/{id}/vendor_statement: the party of `vendor` (it and the vendors of the
 * business's active sites that `mergeGroups` finds the same party) — each site's vendor ledger
 * summary, their sums, and the ledgers' entries in `from`…`to` by date with one running balance.
 */
export async function vendorStatement(
  ctx: AppContext,
  sources: AcrossSitesSources,
  userId: string,
  businessId: string,
  query: VendorStatementQuery,
): Promise<VendorStatement> {
  const sites = await ownedSites(ctx, userId, businessId);
  const party = (await partiesOf(ctx, sites)).find((p) =>
    p.vendors.some((v) => v.id === query.vendor),
  );
  if (!party) throw notFound('Vendor');
  const order = new Map(sites.map((s, i) => [s.id, i]));
  // One ledger per site that keeps books with one of the party's vendors (a shared vendor keeps
  // them on every site that names it), in the order of the sites.
  const pairs = (
    await repo.vendorSitePairs(
      ctx.db.kysely,
      sites.map((s) => s.id),
      party.vendors.map((v) => v.id),
    )
  ).sort(
    (a, b) =>
      (order.get(a.site_id) ?? 0) - (order.get(b.site_id) ?? 0) || a.vendor.localeCompare(b.vendor),
  );
  const ledgers: SiteLedger[] = [];
  for (const pair of pairs) {
    const site = sites[order.get(pair.site_id) ?? 0]!;
    ledgers.push(
      await siteLedger(sources, scopeFor(ctx, site.id, userId), site, pair.vendor, query),
    );
  }
  const opening = ledgers.reduce((sum, l) => sum + l.opening, 0);
  const closing = ledgers.reduce((sum, l) => sum + l.closing, 0);
  // By date; on one date, site after site in the order of the rows, each site's own order kept.
  const merged = ledgers
    .flatMap((ledger, index) =>
      ledger.entries.map((entry, seq) => ({ entry, row: ledger.row, index, seq })),
    )
    .sort((a, b) => a.entry.date.localeCompare(b.entry.date) || a.index - b.index || a.seq - b.seq);
  let balance = opening;
  const entries = merged.map(({ entry, row }) => {
    balance += toPaise(entry.credit) - toPaise(entry.debit);
    return {
      id: entry.id,
      date: entry.date,
      site: row.site,
      site_name: row.site_name,
      type: entry.type,
      reference: entry.reference,
      description: entry.supplier_invoice_number ?? null,
      debit: entry.debit,
      credit: entry.credit,
      ...rupees({ balance }),
    };
  });
  const totals = Object.fromEntries(
    FIGURES.map((key) => [key, sumRupees(ledgers.map((l) => l.row[key]))]),
  ) as VendorStatement['totals'];
  return {
    party: { name: party.keep.name, gstin: party.keep.gstin },
    sites: ledgers.map((l) => l.row),
    totals,
    ...rupees({ opening_balance: opening, closing_balance: closing }),
    entries,
  };
}
