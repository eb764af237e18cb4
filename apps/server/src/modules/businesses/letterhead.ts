/**
 * The business on its sites' documents (issue 47: "PDFs carry the business's name and logo"): a
 * purchase order's buyer and a work order's employer are the site's business — its legal name (or
 * name), the site under it, the business's address, GSTIN and PAN where the site has none — and
 * the first heading carries its logo.
 */
import { panFromGstin } from '@siteledger/domain';
import type { PdfParty } from '../../documents/pdf-parties.js';
import type { AppContext } from '../../platform/context.js';
import { parseFileList } from '../../platform/files.js';
import { logoBytes } from './business-logo.js';

export interface Letterhead {
  /** The party's name on a document: the legal name, else the business's name. */
  name: string;
  address: string | null;
  gstins: string[];
  pan: string | null;
  /** The logo's bytes, or null (none set, or it cannot be read). */
  logo: Buffer | null;
}

/** The site's business as its documents print it; null for a site without one. */
export async function siteLetterhead(ctx: AppContext, siteId: string): Promise<Letterhead | null> {
  const row = await ctx.db.kysely
    .selectFrom('sites')
    .innerJoin('businesses', 'businesses.id', 'sites.business_id')
    .select([
      'businesses.name',
      'businesses.legal_name',
      'businesses.address',
      'businesses.gstins',
      'businesses.pan',
      'businesses.logo',
    ])
    .where('sites.id', '=', siteId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    name: row.legal_name?.trim() || row.name,
    address: row.address,
    gstins: parseFileList(row.gstins),
    pan: row.pan,
    logo: await logoBytes(ctx, row.logo),
  };
}

/**
 * The site's party (its name, description as address, GSTIN) as the business: the business's
 * name with "Site: <site>" under it; the site's address, GSTIN and PAN first, else the
 * business's (the GSTIN of the site's state when the business has several).
 */
export function asBusinessParty<P extends PdfParty & { pan?: string | null }>(
  site: P,
  stateCode: string | null,
  head: Letterhead | null,
): P & { pan: string | null } {
  const ownPan = site.pan ?? (site.gstin ? panFromGstin(site.gstin) : null);
  if (!head) return { ...site, pan: ownPan };
  const gstin =
    site.gstin ??
    head.gstins.find((g) => stateCode !== null && g.startsWith(stateCode)) ??
    head.gstins[0] ??
    null;
  return {
    ...site,
    name: head.name,
    site: site.name,
    address: site.address?.trim() ? site.address : head.address,
    gstin,
    pan: ownPan ?? head.pan ?? (gstin ? panFromGstin(gstin) : null),
  };
}
