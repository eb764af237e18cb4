import { mergeGroups } from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { vendorsOfSites } from '../../db/business-rows.js';
import type { BusinessSite } from './across-sites-service.js';

type VendorRow = Awaited<ReturnType<typeof vendorsOfSites>>[number];

export interface Party {
  /** The vendor whose name and GSTIN the party carries (the first with a GSTIN, else the first). */
  keep: VendorRow;
  vendors: VendorRow[];
}

/**
 * The sites' vendors as parties: those the domain's `mergeGroups` finds one (same GSTIN; the same
 * name without one) together, every other vendor a party of its own.
 */
export async function partiesOf(ctx: AppContext, sites: readonly BusinessSite[]): Promise<Party[]> {
  const vendors = await vendorsOfSites(
    ctx.db.kysely,
    sites.map((s) => s.id),
  );
  const groups = mergeGroups(vendors.map((v) => ({ ...v, site: v.site_id })));
  const grouped = new Set(groups.flatMap((g) => g.vendors.map((v) => v.id)));
  return [
    ...groups.map((g) => ({ keep: g.keep, vendors: g.vendors })),
    ...vendors.filter((v) => !grouped.has(v.id)).map((v) => ({ keep: v, vendors: [v] })),
  ];
}
