import {
  AGEING_BUCKETS,
  ageingOf,
  emptyAgeing,
  type Ageing,
  type PayablesAgeing,
  type PayablesAgeingQuery,
} from '@siteledger/domain';
import { businessToday } from '../../platform/business-time.js';
import type { AppContext } from '../../platform/context.js';
import { rupees } from '../../platform/record-shape.js';
import * as repo from './across-sites-repo.js';
import { ownedSites } from './across-sites-service.js';
import { partiesOf } from './parties.js';

function money(ageing: Ageing) {
  return rupees({
    '0_30': ageing['0_30'],
    '31_60': ageing['31_60'],
    '61_90': ageing['61_90'],
    '90_plus': ageing['90_plus'],
    total: ageing.total,
  });
}

/**
 * The (site, vendor) pairs the party's open bills are on, in the order of the sites: a shared
 * vendor (issue 47) owes on each site that billed it.
 */
function sitesOwing(bills: readonly repo.OpenBill[], siteName: ReadonlyMap<string, string>) {
  const order = [...siteName.keys()];
  const seen = new Map<string, { site: string; site_name: string; vendor: string }>();
  for (const bill of bills) {
    const key = `${bill.site_id}|${bill.vendor}`;
    if (!seen.has(key)) {
      seen.set(key, {
        site: bill.site_id,
        site_name: siteName.get(bill.site_id) ?? '',
        vendor: bill.vendor,
      });
    }
  }
  return [...seen.values()].sort(
    (a, b) => order.indexOf(a.site) - order.indexOf(b.site) || a.vendor.localeCompare(b.vendor),
  );
}

/**
 * GET /api/businesses/{id}/payables_ageing: what each open bill of the business's active sites
 * still owes, by its age on `as_of` (default today in the business time zone), one row per party.
 * The amounts are what is owed now; `as_of` only sets the age.
 */
export async function payablesAgeing(
  ctx: AppContext,
  userId: string,
  businessId: string,
  query: PayablesAgeingQuery,
): Promise<PayablesAgeing> {
  const sites = await ownedSites(ctx, userId, businessId);
  const asOf = query.as_of ?? businessToday(ctx.config.timezone);
  const siteName = new Map(sites.map((s) => [s.id, s.name]));
  const [parties, bills] = await Promise.all([
    partiesOf(ctx, sites),
    repo.openBills(
      ctx.db.kysely,
      sites.map((s) => s.id),
    ),
  ]);
  const billsOf = new Map<string, repo.OpenBill[]>();
  for (const bill of bills) billsOf.set(bill.vendor, [...(billsOf.get(bill.vendor) ?? []), bill]);
  const totals = emptyAgeing();
  const vendors: PayablesAgeing['vendors'] = [];
  for (const party of parties) {
    const ageing = ageingOf(
      party.vendors.flatMap((v) => billsOf.get(v.id) ?? []),
      asOf,
    );
    if (ageing.total === 0) continue;
    for (const bucket of [...AGEING_BUCKETS, 'total' as const]) totals[bucket] += ageing[bucket];
    vendors.push({
      key: party.keep.id,
      name: party.keep.name,
      gstin: party.keep.gstin,
      sites: sitesOwing(
        party.vendors.flatMap((v) => billsOf.get(v.id) ?? []),
        siteName,
      ),
      ...money(ageing),
    });
  }
  vendors.sort(
    (a, b) =>
      a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.key.localeCompare(b.key),
  );
  return { as_of: asOf, vendors, totals: money(totals) };
}
