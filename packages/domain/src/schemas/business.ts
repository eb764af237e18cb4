import { z } from 'zod';
import { zRoleSettings, zRoleSettingsUpdate } from '../role-settings.js';
import { zLine, zMultiline } from '../text.js';
import { zId } from './common.js';
import { zOptionalPan, zOptionalTan } from './tds.js';
import { zGstin } from './vendors.js';

/**
 * One business over many sites (issue 47): the owner's company owns sites; its TAN is every
 * site's (API.md "TDS": sites sharing a TAN are one deductor).
 */
export const zBusinessUpdate = z.object({
  name: zLine(120).min(1, 'Business name is required').optional(),
  legal_name: zLine(200).optional().nullable(),
  address: zMultiline(1000).optional().nullable(),
  /** One GSTIN per state the business is registered in. */
  gstins: z.array(zGstin).max(40).optional(),
  pan: zOptionalPan.optional().nullable(),
  tan: zOptionalTan.optional().nullable(),
});
export type BusinessUpdate = z.infer<typeof zBusinessUpdate>;

/** PATCH /api/businesses/{id}: the profile and what each role may do (the settings given change). */
export const zBusinessPatch = zBusinessUpdate.extend({
  role_settings: zRoleSettingsUpdate.optional(),
});
export type BusinessPatch = z.infer<typeof zBusinessPatch>;

/**
 * PUT /api/businesses/{id}/logo (multipart, one `file`): a PNG or JPEG (by its bytes) of at most
 * this size, printed on the business's purchase and work orders.
 */
export const BUSINESS_LOGO_MAX_MB = 1;
export const BUSINESS_LOGO_TYPES = ['image/png', 'image/jpeg'] as const;

export const zBusinessSite = z.object({ id: z.string(), name: z.string(), is_active: z.boolean() });

export const zBusiness = z.object({
  id: z.string(),
  owner: z.string(),
  name: z.string(),
  legal_name: z.string().nullable(),
  address: z.string().nullable(),
  gstins: z.array(z.string()),
  pan: z.string().nullable(),
  tan: z.string().nullable(),
  /** The stored logo's name (it changes with each upload), or null; read with GET …/logo. */
  logo: z.string().nullable(),
  sites: z.array(zBusinessSite),
  /** What each role may do on the business's sites, the defaults filled in. */
  role_settings: zRoleSettings,
  created: z.string(),
  updated: z.string(),
});
export type Business = z.infer<typeof zBusiness>;

export const zBusinessList = z.object({ items: z.array(zBusiness) });
export type BusinessList = z.infer<typeof zBusinessList>;

/** POST /api/businesses/{id}/merge: the other businesses' sites come into this one. */
export const zBusinessMerge = z.object({
  businesses: z.array(zId).min(1).max(50),
  /** Only say what would happen. */
  preview: z.boolean().optional(),
  /** Also merge each group of `duplicate_vendors` into its first vendor (issue 47). */
  merge_vendors: z.boolean().optional(),
});
export type BusinessMerge = z.infer<typeof zBusinessMerge>;

export const zBusinessMergeResult = z.object({
  preview: z.boolean(),
  business: zBusiness,
  sites_moved: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      from_business: z.string(),
      from_name: z.string(),
    }),
  ),
  /** Sites whose TAN (so whose TDS deductor) changes with the merge. */
  tan_changes: z.array(
    z.object({
      site: z.string(),
      name: z.string(),
      from: z.string().nullable(),
      to: z.string().nullable(),
    }),
  ),
  /** Vendors merged (with `merge_vendors`): how many went into another. */
  vendors_merged: z.number().int(),
  /** Vendors of different sites that are one party (domain mergeGroups), for the owner to see. */
  duplicate_vendors: z.array(
    z.object({
      reason: z.enum(['gstin', 'name']),
      name: z.string(),
      gstin: z.string().nullable(),
      vendors: z.array(
        z.object({ id: z.string(), site: z.string(), site_name: z.string(), name: z.string() }),
      ),
    }),
  ),
});
export type BusinessMergeResult = z.infer<typeof zBusinessMergeResult>;

/** POST /api/businesses/{id}/vendor_merges: vendors that are one party become `keep` (issue 47). */
export const zVendorMerge = z.object({
  keep: zId,
  vendors: z.array(zId).min(1).max(50),
  /** Only say what would happen. */
  preview: z.boolean().optional(),
});
export type VendorMerge = z.infer<typeof zVendorMerge>;

export const zVendorMergeResult = z.object({
  preview: z.boolean(),
  keep: z.object({ id: z.string(), name: z.string(), gstin: z.string().nullable() }),
  merged: z.array(
    z.object({ id: z.string(), site: z.string(), name: z.string(), gstin: z.string().nullable() }),
  ),
  /** How many records of each kind move from the merged vendors to `keep`. */
  records: z.record(z.string(), z.number().int()),
});
export type VendorMergeResult = z.infer<typeof zVendorMergeResult>;

/** GET /api/businesses/{id}/vendor_duplicates: the business's vendors that look like one party. */
export const zVendorDuplicates = z.object({
  groups: z.array(
    z.object({
      reason: z.enum(['gstin', 'name']),
      name: z.string(),
      gstin: z.string().nullable(),
      /** The first is the one a merge keeps (the first with a GSTIN, else the oldest). */
      vendors: z.array(
        z.object({ id: z.string(), site: z.string(), site_name: z.string(), name: z.string() }),
      ),
    }),
  ),
});
export type VendorDuplicates = z.infer<typeof zVendorDuplicates>;

/** GET /api/businesses/{id}/account_duplicates: the business's money accounts that look like one. */
export const zAccountDuplicates = z.object({
  groups: z.array(
    z.object({
      name: z.string(),
      type: z.string(),
      /** The first is the one a merge keeps (the oldest). */
      accounts: z.array(
        z.object({
          id: z.string(),
          site: z.string(),
          site_name: z.string(),
          name: z.string(),
          account_number: z.string().nullable(),
          opening_balance: z.number(),
          current_balance: z.number(),
        }),
      ),
    }),
  ),
});
export type AccountDuplicates = z.infer<typeof zAccountDuplicates>;

/** POST /api/businesses/{id}/account_merges: accounts that are one become `keep` (issue 47). */
export const zAccountMerge = z.object({
  keep: zId,
  accounts: z.array(zId).min(1).max(50),
  /** Only say what would happen. */
  preview: z.boolean().optional(),
});
export type AccountMerge = z.infer<typeof zAccountMerge>;

export const zAccountMergeResult = z.object({
  preview: z.boolean(),
  keep: z.object({ id: z.string(), name: z.string() }),
  merged: z.array(z.object({ id: z.string(), site: z.string(), name: z.string() })),
  /** The kept account's opening and current balance after the merge: the sums (rupees). */
  opening_balance: z.number(),
  current_balance: z.number(),
  /** How many records of each kind move from the merged accounts to `keep`. */
  records: z.record(z.string(), z.number().int()),
});
export type AccountMergeResult = z.infer<typeof zAccountMergeResult>;

/** The catalogue kinds a business merges (issue 47). */
export const CATALOG_KINDS = ['items', 'services'] as const;
export type CatalogKind = (typeof CATALOG_KINDS)[number];

/** GET /api/businesses/{id}/catalog_duplicates: items and services that look like one. */
export const zCatalogDuplicates = z.object({
  groups: z.array(
    z.object({
      kind: z.enum(CATALOG_KINDS),
      name: z.string(),
      unit: z.string(),
      /** The first is the one a merge keeps (the oldest). */
      records: z.array(
        z.object({ id: z.string(), site: z.string(), site_name: z.string(), name: z.string() }),
      ),
    }),
  ),
});
export type CatalogDuplicates = z.infer<typeof zCatalogDuplicates>;

/** POST /api/businesses/{id}/catalog_merges: items (or services) that are one become `keep`. */
export const zCatalogMerge = z.object({
  kind: z.enum(CATALOG_KINDS),
  keep: zId,
  records: z.array(zId).min(1).max(50),
  /** Only say what would happen. */
  preview: z.boolean().optional(),
});
export type CatalogMerge = z.infer<typeof zCatalogMerge>;

export const zCatalogMergeResult = z.object({
  preview: z.boolean(),
  kind: z.enum(CATALOG_KINDS),
  keep: z.object({ id: z.string(), name: z.string(), unit: z.string() }),
  merged: z.array(z.object({ id: z.string(), site: z.string(), name: z.string() })),
  /** How many records of each kind move from the merged ones to `keep`. */
  moved: z.record(z.string(), z.number().int()),
});
export type CatalogMergeResult = z.infer<typeof zCatalogMergeResult>;
