/**
 * Businesses (issue 47): the owner's company, which owns sites. Its TAN is every site's (the TDS
 * engine's deductor); merging businesses brings their sites into one, the TAN with them.
 */
import {
  mergeGroups,
  roleSettingsOf,
  type Business,
  type BusinessMerge,
  type BusinessMergeResult,
  type BusinessPatch,
} from '@siteledger/domain';
import { findOwnedBusiness, setBusinessTan, vendorsOfSites } from '../../db/business-rows.js';
import type { Executor } from '../../db/executor.js';
import { nowIso } from '../../db/ids.js';
import type { BusinessesTable, Database } from '../../db/schema.js';
import type { Transaction } from 'kysely';
import { runAsActor } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { parseFileList } from '../../platform/files.js';
import { LOGOS } from './business-logo.js';
import * as repo from './businesses-repo.js';
import { announceVendorChange, lockVendors, mergeVendorRows } from './vendor-merge.js';

type Row = BusinessesTable;
type SiteRow = Awaited<ReturnType<typeof repo.sitesOf>>[number];

function shape(row: Row, sites: readonly SiteRow[]): Business {
  return {
    id: row.id,
    owner: row.owner,
    name: row.name,
    legal_name: row.legal_name,
    address: row.address,
    gstins: parseFileList(row.gstins),
    pan: row.pan,
    tan: row.tan,
    logo: row.logo,
    sites: sites
      .filter((s) => s.business_id === row.id)
      .map((s) => ({ id: s.id, name: s.name, is_active: Number(s.is_active) === 1 })),
    role_settings: roleSettingsOf(row.role_settings),
    created: row.created,
    updated: row.updated,
  };
}

/** GET /api/businesses: the caller's businesses with their sites. */
export async function listBusinesses(ctx: AppContext, userId: string): Promise<Business[]> {
  const db = ctx.db.kysely;
  const rows = await repo.businessesOf(db, userId);
  const sites = await repo.sitesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => shape(row, sites));
}

async function owned(db: Executor, id: string, userId: string): Promise<Row> {
  const row = await findOwnedBusiness(db, id, userId);
  // Another's business is not there for the caller (as another site's record).
  if (!row) throw notFound('Business');
  return row;
}

export async function getBusiness(ctx: AppContext, userId: string, id: string): Promise<Business> {
  const db = ctx.db.kysely;
  const row = await owned(db, id, userId);
  return shape(row, await repo.sitesOf(db, [id]));
}

/** PATCH /api/businesses/{id}: its profile; a TAN goes to every site of the business. */
export async function updateBusiness(
  ctx: AppContext,
  userId: string,
  id: string,
  input: BusinessPatch,
): Promise<Business> {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    // Locked first: two owners' switches changed at once both land (role_settings is merged).
    await repo.lockBusinesses(trx, [id]);
    const row = await owned(trx, id, userId);
    const now = nowIso();
    const changes: Partial<Row> = { updated: now };
    if (input.name !== undefined) changes.name = input.name;
    if (input.legal_name !== undefined) changes.legal_name = input.legal_name || null;
    if (input.address !== undefined) changes.address = input.address || null;
    if (input.gstins !== undefined) changes.gstins = JSON.stringify([...new Set(input.gstins)]);
    if (input.pan !== undefined) changes.pan = input.pan || null;
    if (input.role_settings !== undefined) {
      // Filled in full: a later change of a default does not move what the owner chose.
      const settings = { ...roleSettingsOf(row.role_settings), ...input.role_settings };
      changes.role_settings = JSON.stringify(settings);
    }
    await trx.updateTable('businesses').set(changes).where('id', '=', id).execute();
    if (input.tan !== undefined) await setBusinessTan(trx, id, input.tan || null, now);
  });
  return getBusiness(ctx, userId, id);
}

/**
 * POST /api/businesses/{id}/merge: the other businesses' sites come into this one, with its TAN
 * (or, when it has none, the first of theirs that has one); the emptied businesses go. With
 * `preview` nothing changes: the answer says which sites would move, whose TAN (so whose TDS
 * deductor) would change, and which vendors of the sites look like one party.
 */
export async function mergeBusinesses(
  ctx: AppContext,
  userId: string,
  id: string,
  input: BusinessMerge,
): Promise<BusinessMergeResult> {
  const others = [...new Set(input.businesses)].filter((other) => other !== id);
  if (others.length === 0) {
    throw new AppError('VALIDATION_FAILED', {
      businesses: { code: 'invalid_reference', message: 'Choose another business to merge' },
    });
  }
  // `trx`: the merge's transaction; a preview reads outside one.
  const run = async (db: Executor, trx: Transaction<Database> | null) => {
    const locked = input.preview
      ? await db
          .selectFrom('businesses')
          .selectAll()
          .where('id', 'in', [id, ...others])
          .execute()
      : await repo.lockBusinesses(db, [id, ...others]);
    const mine = locked.filter((b) => b.owner === userId);
    const target = mine.find((b) => b.id === id);
    if (!target) throw notFound('Business');
    const merged = others.map((other) => mine.find((b) => b.id === other));
    if (merged.some((b) => b === undefined)) {
      throw new AppError('VALIDATION_FAILED', {
        businesses: { code: 'invalid_reference', message: 'Business not found' },
      });
    }
    const from = merged.filter((b): b is Row => b !== undefined);
    const tan = target.tan ?? from.find((b) => b.tan !== null)?.tan ?? null;
    const sites = await repo.sitesOf(db, [id, ...others]);
    const moving = sites.filter((s) => s.business_id !== id);
    const nameOf = new Map(from.map((b) => [b.id, b.name]));
    const siteName = new Map(sites.map((s) => [s.id, s.name]));
    const vendors = await vendorsOfSites(
      db,
      sites.map((s) => s.id),
    );
    const groups = mergeGroups(
      vendors.map((v) => ({ id: v.id, site: v.site_id, name: v.name, gstin: v.gstin })),
    ).filter((group) => new Set(group.vendors.map((v) => v.site)).size > 1);
    const result: Omit<BusinessMergeResult, 'business'> = {
      preview: input.preview === true,
      vendors_merged: 0,
      sites_moved: moving.map((s) => ({
        id: s.id,
        name: s.name,
        from_business: s.business_id,
        from_name: nameOf.get(s.business_id) ?? '',
      })),
      tan_changes: sites
        .filter((s) => (s.tan ?? null) !== tan)
        .map((s) => ({ site: s.id, name: s.name, from: s.tan ?? null, to: tan })),
      duplicate_vendors: groups.map((group) => ({
        reason: group.reason,
        name: group.keep.name,
        gstin: group.keep.gstin,
        vendors: group.vendors.map((v) => ({
          id: v.id,
          site: v.site,
          site_name: siteName.get(v.site) ?? '',
          name: v.name,
        })),
      })),
    };
    if (trx) {
      const now = nowIso();
      await trx
        .updateTable('sites')
        .set({ business_id: id, updated: now })
        .where('business_id', 'in', others)
        .execute();
      await setBusinessTan(trx, id, tan, now);
      // The logo, like the TAN: the target's, else the first merged business's that has one; the
      // other merged logos' files go after the commit.
      const logos = from.map((b) => b.logo).filter((logo): logo is string => logo !== null);
      const logo = target.logo ?? logos[0] ?? null;
      if (logo !== target.logo) {
        await trx.updateTable('businesses').set({ logo }).where('id', '=', id).execute();
      }
      leftBehind.push({ area: LOGOS, names: logos.filter((name) => name !== logo) });
      await trx.deleteFrom('businesses').where('id', 'in', others).execute();
      if (input.merge_vendors) {
        for (const group of groups) {
          const rows = await lockVendors(
            trx,
            group.vendors.map((v) => v.id),
          );
          const keep = rows.find((v) => v.id === group.keep.id)!;
          const gone = rows.filter((v) => v.id !== keep.id);
          leftBehind.push(...(await mergeVendorRows(ctx, trx, keep, gone)));
          result.vendors_merged += gone.length;
        }
      }
    }
    return { result, sites: sites.map((s) => s.id) };
  };
  const leftBehind: { area: string; names: string[] }[] = [];
  const { result, sites } = input.preview
    ? await run(ctx.db.kysely, null)
    : await runAsActor(userId, () => ctx.db.kysely.transaction().execute((trx) => run(trx, trx)));
  for (const { area, names } of leftBehind) await ctx.files.removeMany(area, names);
  if (!input.preview) announceVendorChange(ctx, sites, userId);
  return { ...result, business: await getBusiness(ctx, userId, id) };
}
