import {
  mergeGroups,
  type VendorDuplicates,
  type VendorMerge,
  type VendorMergeResult,
} from '@siteledger/domain';
import { sql, type Transaction } from 'kysely';
import { vendorsOfSites } from '../../db/business-rows.js';
import { nowIso } from '../../db/ids.js';
import { forUpdate } from '../../db/locking.js';
import type { Database, VendorsTable } from '../../db/schema.js';
import { recordAuditEntry } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { parseFileList, sniffFileKind } from '../../platform/files.js';
import { releaseQuota } from '../../platform/plan-limits.js';
import {
  announceMerge,
  businessSites,
  countReferences,
  ownedBusiness,
  referencesTo,
  repointReferences,
  runMerge,
} from './merge-parts.js';
import { recountUsage } from '../catalog/tags-repo.js';

/*
 * Vendors that are one party become one (issue 47): every record naming a merged vendor names the
 * kept one instead, its tags and files go with it, its blank details are filled from theirs, the
 * merged rows go, and the trail says what merged into what. No amount is written: each site's
 * figures of the kept vendor are the sums of what each vendor had there.
 */

type VendorRow = VendorsTable;

/** Details the kept vendor takes from a merged one where it has none. */
const FILLED = [
  'company_name',
  'contact_person',
  'email',
  'phone',
  'address',
  'payment_details',
  'gstin',
  'state_code',
  'registration_type',
  'pan',
  'tds_section',
] as const;

/** Every column of a site record that names a vendor, but tags. */
const vendorColumns = () => referencesTo('vendors', ['vendor_tags']);

/** GET /api/businesses/{id}/vendor_duplicates: groups of the business's vendors, keep first. */
export async function vendorDuplicates(
  ctx: AppContext,
  userId: string,
  businessId: string,
): Promise<VendorDuplicates> {
  const db = ctx.db.kysely;
  await ownedBusiness(db, userId, businessId);
  const sites = await businessSites(db, businessId);
  const vendors = await vendorsOfSites(db, [...sites.keys()]);
  const groups = mergeGroups(
    vendors.map((v) => ({ id: v.id, site: v.site_id, name: v.name, gstin: v.gstin })),
  );
  return {
    groups: groups.map((group) => ({
      reason: group.reason,
      name: group.keep.name,
      gstin: group.keep.gstin,
      vendors: [group.keep, ...group.vendors.filter((v) => v !== group.keep)].map((v) => ({
        id: v.id,
        site: v.site,
        site_name: sites.get(v.site) ?? '',
        name: v.name,
      })),
    })),
  };
}

/** The vendors, locked in id order for a merge. */
export function lockVendors(trx: Transaction<Database>, ids: readonly string[]) {
  return forUpdate(
    trx,
    trx
      .selectFrom('vendors')
      .selectAll()
      .where('id', 'in', [...ids])
      .orderBy('id'),
  ).execute();
}

/**
 * The merge itself, in the caller's transaction: `gone` into `keep` (all of one business, locked
 * by the caller). Answers the stored files to remove after the commit (they were copied into the
 * kept vendor's area) by area.
 */
export async function mergeVendorRows(
  ctx: AppContext,
  trx: Transaction<Database>,
  keep: VendorRow,
  gone: readonly VendorRow[],
): Promise<{ area: string; names: string[] }[]> {
  const ids = gone.map((v) => v.id);
  const now = nowIso();
  await repointReferences(trx, vendorColumns(), ids, keep.id);
  // Tags: the kept vendor carries every tag any of them carried.
  await sql`insert into vendor_tags (site_id, vendor, tag, created_by, created)
    select min(t.site_id), ${keep.id}, t.tag, min(t.created_by), min(t.created) from vendor_tags t
     where t.vendor in (${sql.join(ids)})
       and not exists (select 1 from vendor_tags k where k.vendor = ${keep.id} and k.tag = t.tag)
     group by t.tag`.execute(trx);
  const tags = await trx
    .selectFrom('vendor_tags')
    .select('tag')
    .where('vendor', 'in', ids)
    .execute();
  await trx.deleteFrom('vendor_tags').where('vendor', 'in', ids).execute();

  // Files: copied into the kept vendor's area (a vendor's files live with it).
  const files = parseFileList(keep.files);
  const leftBehind: { area: string; names: string[] }[] = [];
  for (const vendor of gone) {
    const names = parseFileList(vendor.files);
    for (const name of names) {
      if (vendor.site_id === keep.site_id) {
        files.push(name);
        continue;
      }
      const stored = await ctx.files.open(vendor.site_id, name);
      if (!stored) continue;
      const chunks: Buffer[] = [];
      for await (const chunk of stored.stream) chunks.push(Buffer.from(chunk as Uint8Array));
      const data = Buffer.concat(chunks);
      const kind = sniffFileKind(data);
      if (!kind) continue;
      files.push(await ctx.files.save(keep.site_id, kind, data));
    }
    if (vendor.site_id !== keep.site_id && names.length > 0) {
      leftBehind.push({ area: vendor.site_id, names });
    }
  }

  const filled: Partial<VendorRow> = {};
  for (const field of FILLED) {
    if (keep[field] !== null) continue;
    const from = gone.find((v) => v[field] !== null);
    if (from) (filled as Record<string, unknown>)[field] = from[field];
  }
  if (keep.tds_194c6 === 0 && gone.some((v) => v.tds_194c6 === 1)) filled.tds_194c6 = 1;
  await trx
    .updateTable('vendors')
    .set({ ...filled, files: JSON.stringify(files), updated: now })
    .where('id', '=', keep.id)
    .execute();

  for (const vendor of gone) {
    await recordAuditEntry(
      trx,
      { entity: 'vendors', siteId: vendor.site_id, id: vendor.id, action: 'delete' },
      {
        name: { old: vendor.name, new: null },
        gstin: { old: vendor.gstin, new: null },
        merged_into: { old: null, new: { id: keep.id, name: keep.name } },
      },
    );
  }
  const changes: Record<string, { old: unknown; new: unknown }> = {
    merged: { old: null, new: gone.map((v) => ({ id: v.id, name: v.name, site: v.site_id })) },
  };
  for (const [field, value] of Object.entries(filled)) {
    changes[field] = { old: keep[field as keyof VendorRow] ?? null, new: value };
  }
  await recordAuditEntry(
    trx,
    { entity: 'vendors', siteId: keep.site_id, id: keep.id, action: 'update' },
    changes,
  );

  await trx.deleteFrom('vendors').where('id', 'in', ids).execute();
  for (const vendor of gone) {
    await releaseQuota(trx, vendor.site_id, 'vendors', vendor.created);
  }
  await recountUsage(trx, [...new Set(tags.map((t) => t.tag))]);
  return leftBehind;
}

/**
 * POST /api/businesses/{id}/vendor_merges: `vendors` become `keep`, all of the business's sites
 * (owner only). With `preview` nothing changes: the answer says what would merge and how many
 * records would move.
 */
export async function mergeVendors(
  ctx: AppContext,
  userId: string,
  businessId: string,
  input: VendorMerge,
): Promise<VendorMergeResult> {
  const { answer, written, sites } = await runMerge(
    ctx,
    userId,
    businessId,
    { keep: input.keep, ids: input.vendors, preview: input.preview },
    {
      field: 'vendors',
      noun: 'Vendor',
      pickMessage: 'Choose a vendor to merge into this one',
      unknownMessage: 'Unknown vendor',
      rows: (db, trx, ids) =>
        trx
          ? lockVendors(trx, ids)
          : db.selectFrom('vendors').selectAll().where('id', 'in', ids).execute(),
      check: (keep, gone) => {
        // Two registrations are two parties (a trader's branches in two states).
        if (gstinsOf([keep, ...gone]).size > 1) {
          throw new AppError('VALIDATION_FAILED', {
            vendors: {
              code: 'gstin_mismatch',
              message: 'Vendors with different GSTINs cannot merge',
            },
          });
        }
      },
      answer: async (keep, gone, others) => ({
        preview: input.preview === true,
        keep: {
          id: keep.id,
          name: keep.name,
          gstin: keep.gstin ?? [...gstinsOf(gone)][0] ?? null,
        },
        merged: gone.map((v) => ({ id: v.id, site: v.site_id, name: v.name, gstin: v.gstin })),
        records: await countReferences(ctx.db.kysely, vendorColumns(), others),
      }),
      write: (trx, keep, gone) => mergeVendorRows(ctx, trx, keep, gone),
    },
  );
  for (const { area, names } of written ?? []) await ctx.files.removeMany(area, names);
  if (!input.preview) announceVendorChange(ctx, sites, userId);
  return answer;
}

const gstinsOf = (vendors: readonly VendorRow[]) =>
  new Set(vendors.map((v) => v.gstin).filter((g): g is string => g !== null));

/** Every site of the business shows other vendors now: live views and kept totals hear of it. */
export function announceVendorChange(ctx: AppContext, sites: readonly string[], userId: string) {
  const changed = ['deliveries', 'payments', 'service_bookings', 'tags', 'vendors'];
  announceMerge(ctx, sites, userId, 'vendors', changed);
}
