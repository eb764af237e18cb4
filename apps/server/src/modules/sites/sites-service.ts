import {
  money,
  rateFromStored,
  rateToStored,
  roleSettingsOf,
  toPaise,
  type Member,
  type Role,
  type Site,
  type SiteAllowance,
  type SiteCreateBody,
  type SiteUpdate,
} from '@siteledger/domain';
import { findOwnedBusiness, insertBusiness, setBusinessTan } from '../../db/business-rows.js';
import type { Executor } from '../../db/executor.js';
import { newId, nowIso } from '../../db/ids.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound, ownerOnly } from '../../platform/errors.js';
import { toApi } from '../../platform/record-shape.js';
import {
  capsOfPlan,
  findDefaultPlan,
  freeSubscription,
  plansOfOwnedSites,
} from '../../db/plans.js';
import * as repo from './sites-repo.js';
import { stateFor } from '../../platform/gst-profile.js';
import type { SiteScope } from '../../platform/scope.js';

/** The thresholds are stored in paise like a record's `money()` field. */
const MONEY = money();

/** Permanent data deletion happens this many days after a site is disowned (spec part 9). */
export const PURGE_AFTER_DAYS = 30;

export function toSite(row: repo.SiteRow, role?: string): Site {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    total_units: row.total_units,
    total_planned_area: row.total_planned_area,
    admin_user: row.admin_user,
    is_active: row.is_active === 1,
    deleted_at: row.deleted_at,
    require_two_step: row.require_two_step === 1,
    gstin: row.gstin,
    state_code: row.state_code,
    input_tax_mode: row.input_tax_mode,
    approval_threshold:
      row.approval_threshold === null ? null : toApi(MONEY, row.approval_threshold),
    po_over_receipt_percent: rateFromStored(row.po_over_receipt_percent),
    allow_negative_stock: Number(row.allow_negative_stock) === 1,
    stock_count_threshold:
      row.stock_count_threshold === null ? null : toApi(MONEY, row.stock_count_threshold),
    tan: row.tan,
    ot_multiplier: Number(row.ot_multiplier) / 100,
    budget_control: row.budget_control === 'block' ? 'block' : 'warn',
    consumption_flag_percent: Number(row.consumption_flag_percent) / 100,
    supervisor_budget_view: row.supervisor_budget_view === 'quantities' ? 'quantities' : 'none',
    petty_approval_threshold: toApi(MONEY, row.petty_approval_threshold),
    petty_photo_above: row.petty_photo_above === null ? null : toApi(MONEY, row.petty_photo_above),
    business: row.business_id,
    created: row.created,
    updated: row.updated,
    ...(role ? { role: role as Role } : {}),
  };
}

export async function listMySites(ctx: AppContext, userId: string): Promise<Site[]> {
  const rows = await repo.listSitesOfUser(ctx.db.kysely, userId);
  return rows.map(({ role, ...site }) => toSite(site, role));
}

/**
 * How many active sites a user owns and how many they may own: the largest max_sites among the
 * plans of those sites, or the default plan's when they own none (-1 = unlimited).
 */
async function siteAllowanceIn(db: Parameters<typeof plansOfOwnedSites>[0], userId: string) {
  const defaultPlan = await findDefaultPlan(db);
  if (!defaultPlan) throw new Error('No default subscription plan is seeded');
  const owned = await plansOfOwnedSites(db, userId);
  const defaultCap = (await capsOfPlan(db, defaultPlan.id)).sites;
  const limits = owned.map((row) => row.max_sites ?? defaultCap);
  const limit = limits.length === 0 ? defaultCap : limits.includes(-1) ? -1 : Math.max(...limits);
  return { owned: owned.length, limit };
}

/** For the site selector: may this user create another site? */
export async function siteAllowance(ctx: AppContext, userId: string): Promise<SiteAllowance> {
  const { owned, limit } = await siteAllowanceIn(ctx.db.kysely, userId);
  return { owned, max_sites: limit, can_create: limit === -1 || (limit > 0 && owned < limit) };
}

/**
 * A user may own at most the largest max_sites among the plans of the sites they own, or the
 * default plan's when they own none (API.md "Fixed details").
 */
/**
 * The business a new site joins (issue 47): the one named, if the caller owns it (its TAN is the
 * site's; a business without one takes the site's), else a new business of the caller's, named
 * after the site.
 */
async function businessFor(
  trx: Executor,
  userId: string,
  input: SiteCreateBody,
  now: string,
): Promise<{ id: string; tan: string | null }> {
  const tan = input.tan || null;
  if (input.business) {
    const found = await findOwnedBusiness(trx, input.business, userId);
    if (!found) {
      throw new AppError('VALIDATION_FAILED', {
        business: { code: 'invalid_reference', message: 'Business not found' },
      });
    }
    if (found.tan === null && tan !== null) await setBusinessTan(trx, found.id, tan, now);
    return { id: found.id, tan: found.tan ?? tan };
  }
  const id = newId();
  await insertBusiness(trx, {
    id,
    owner: userId,
    name: input.name,
    legal_name: null,
    address: null,
    gstins: '[]',
    pan: null,
    tan,
    logo: null,
    created_by: userId,
    created: now,
    updated: now,
  });
  return { id, tan };
}

export async function createSite(
  ctx: AppContext,
  userId: string,
  input: SiteCreateBody,
): Promise<Site> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    await repo.lockUser(trx, userId);
    const { owned, limit } = await siteAllowanceIn(trx, userId);
    if (limit === 0) throw new AppError('FEATURE_NOT_AVAILABLE', { resource: 'sites' });
    if (limit > 0 && owned >= limit) {
      throw new AppError('LIMIT_EXCEEDED', {
        variant: 'sites',
        resource: 'sites',
        limit,
        count: owned,
      });
    }
    const defaultPlan = await findDefaultPlan(trx);
    if (!defaultPlan) throw new Error('No default subscription plan is seeded');
    const now = nowIso();
    const business = await businessFor(trx, userId, input, now);
    const site: repo.SiteRow = {
      id: newId(),
      name: input.name,
      description: input.description || null,
      total_units: input.total_units,
      total_planned_area: input.total_planned_area,
      admin_user: userId,
      require_two_step: 0,
      gstin: input.gstin || null,
      state_code: stateFor(input.gstin || null, input.state_code),
      tan: business.tan,
      business_id: business.id,
      budget_control: input.budget_control ?? 'warn',
      consumption_flag_percent: Math.round((input.consumption_flag_percent ?? 110) * 100),
      supervisor_budget_view: input.supervisor_budget_view ?? 'none',
      petty_approval_threshold:
        input.petty_approval_threshold == null ? 200000 : toPaise(input.petty_approval_threshold),
      petty_photo_above: input.petty_photo_above == null ? null : toPaise(input.petty_photo_above),
      ot_multiplier:
        input.ot_multiplier === undefined ? 200 : Math.round(input.ot_multiplier * 100),
      input_tax_mode: input.input_tax_mode ?? 'cost',
      approval_threshold:
        input.approval_threshold == null ? null : toPaise(input.approval_threshold),
      po_over_receipt_percent: rateToStored(input.po_over_receipt_percent ?? 0),
      allow_negative_stock: input.allow_negative_stock ? 1 : 0,
      stock_count_threshold:
        input.stock_count_threshold == null ? null : toPaise(input.stock_count_threshold),
      is_active: 1,
      deleted_at: null,
      purge_after: null,
      created: now,
      updated: now,
    };
    await repo.insertSite(trx, site);
    await repo.insertSiteUser(trx, {
      id: newId(),
      site_id: site.id,
      user_id: userId,
      role: 'owner',
      assigned_by: userId,
      assigned_at: now,
      is_active: 1,
      disowned_at: null,
      created: now,
      updated: now,
    });
    await repo.insertSubscription(trx, freeSubscription(site.id, defaultPlan.id, now));
    return toSite(site, 'owner');
  });
}

export async function getSite(scope: SiteScope): Promise<Site> {
  const { ctx, siteId, role } = scope;
  const row = await repo.findSite(ctx.db.kysely, siteId);
  if (!row) throw notFound('Site');
  // Every member may see what their role may do here (issue 47).
  return { ...toSite(row, role), role_settings: roleSettingsOf(scope.roleSettings ?? {}) };
}

export async function updateSite(
  scope: SiteScope,
  input: SiteUpdate,
  callerHasTwoStep = false,
): Promise<Site> {
  const { ctx, siteId, role } = scope;
  const changes: Partial<repo.SiteRow> = { updated: nowIso() };
  if (input.require_two_step !== undefined) {
    changes.require_two_step = await twoStepRule(
      ctx,
      siteId,
      role,
      input.require_two_step,
      callerHasTwoStep,
    );
  }
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description || null;
  if (input.total_units !== undefined) changes.total_units = input.total_units;
  if (input.total_planned_area !== undefined) changes.total_planned_area = input.total_planned_area;
  const gstProfile =
    input.gstin !== undefined ||
    input.state_code !== undefined ||
    input.input_tax_mode !== undefined;
  // How the site's tax is booked is the owner's decision (it changes what its books claim).
  if (gstProfile && role !== 'owner') throw ownerOnly('change the GST profile');
  if (input.input_tax_mode !== undefined) changes.input_tax_mode = input.input_tax_mode;
  // Which sites are one deductor for TDS is the owner's (API.md "TDS").
  if (input.tan !== undefined) {
    if (role !== 'owner') throw ownerOnly('change the TAN');
    changes.tan = input.tan || null;
  }
  // How far a budget binds orders is the owner's (API.md "Budgets").
  if (
    input.budget_control !== undefined ||
    input.consumption_flag_percent !== undefined ||
    input.supervisor_budget_view !== undefined
  ) {
    if (role !== 'owner') throw ownerOnly('change the budget rules');
    if (input.supervisor_budget_view !== undefined)
      changes.supervisor_budget_view = input.supervisor_budget_view;
    if (input.budget_control !== undefined) changes.budget_control = input.budget_control;
    if (input.consumption_flag_percent !== undefined)
      changes.consumption_flag_percent = Math.round(input.consumption_flag_percent * 100);
  }
  // What a petty expense may be without an owner's look, and when it needs a photo (issue 46).
  if (input.petty_approval_threshold !== undefined || input.petty_photo_above !== undefined) {
    if (role !== 'owner') throw ownerOnly('change the petty cash rules');
    if (input.petty_approval_threshold != null)
      changes.petty_approval_threshold = toPaise(input.petty_approval_threshold);
    if (input.petty_photo_above !== undefined)
      changes.petty_photo_above =
        input.petty_photo_above === null ? null : toPaise(input.petty_photo_above);
  }
  // What overtime pays is the owner's (API.md "Labour": default 2×, BOCW Act § 29).
  if (input.ot_multiplier !== undefined) {
    if (role !== 'owner') throw ownerOnly('change the overtime rate');
    changes.ot_multiplier = Math.round(input.ot_multiplier * 100);
  }
  // What needs approval and how much may arrive above an order are the owner's controls.
  if (
    (input.approval_threshold !== undefined || input.po_over_receipt_percent !== undefined) &&
    role !== 'owner'
  ) {
    throw ownerOnly('change the purchasing rules');
  }
  // Whether stock may go below zero and which counts wait for approval: also the owner's.
  if (
    (input.allow_negative_stock !== undefined || input.stock_count_threshold !== undefined) &&
    role !== 'owner'
  ) {
    throw ownerOnly('change the stock rules');
  }
  if (input.allow_negative_stock !== undefined)
    changes.allow_negative_stock = input.allow_negative_stock ? 1 : 0;
  if (input.stock_count_threshold !== undefined)
    changes.stock_count_threshold =
      input.stock_count_threshold === null ? null : toPaise(input.stock_count_threshold);
  if (input.approval_threshold !== undefined)
    changes.approval_threshold =
      input.approval_threshold === null ? null : toPaise(input.approval_threshold);
  if (input.po_over_receipt_percent !== undefined)
    changes.po_over_receipt_percent = rateToStored(input.po_over_receipt_percent);
  if (input.gstin !== undefined || input.state_code !== undefined) {
    const row = await repo.findSite(ctx.db.kysely, siteId);
    if (!row) throw notFound('Site');
    const gstin = input.gstin !== undefined ? input.gstin || null : row.gstin;
    changes.gstin = gstin;
    // A new GSTIN brings its state; a state typed alone must agree with a GSTIN kept.
    changes.state_code = stateFor(
      gstin,
      input.state_code !== undefined ? input.state_code : input.gstin ? null : row.state_code,
    );
  }
  const { tan, ...own } = changes;
  if (tan === undefined) {
    await repo.updateSite(ctx.db.kysely, siteId, own);
  } else {
    // A site's TAN is its business's (issue 47): every site of the business takes it.
    await ctx.db.kysely.transaction().execute(async (trx) => {
      const row = await repo.findSite(trx, siteId);
      if (!row) throw notFound('Site');
      await repo.updateSite(trx, siteId, own);
      await setBusinessTan(trx, row.business_id, tan, nowIso());
    });
  }
  return getSite(scope);
}

/**
 * Requiring two-step sign-in of every member (issue 19): only an owner changes it, and only an
 * owner who has it on may switch it on (or they would lock themselves out).
 */
async function twoStepRule(
  ctx: AppContext,
  siteId: string,
  role: Role,
  wanted: boolean,
  callerHasTwoStep: boolean,
): Promise<number> {
  const row = await repo.findSite(ctx.db.kysely, siteId);
  if (!row) throw notFound('Site');
  const value = wanted ? 1 : 0;
  if (value === row.require_two_step) return value;
  if (role !== 'owner') throw ownerOnly('change the two-step sign-in rule');
  if (wanted && !callerHasTwoStep) throw new AppError('TWO_STEP_NEEDED_FOR_RULE');
  return value;
}

/** Disown: the site goes inactive now; its data is purged PURGE_AFTER_DAYS later. */
export async function disownSite(scope: SiteScope): Promise<void> {
  const { ctx, siteId } = scope;
  const now = new Date();
  const purgeAfter = new Date(now.getTime() + PURGE_AFTER_DAYS * 86_400_000).toISOString();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await repo.updateSite(trx, siteId, {
      is_active: 0,
      deleted_at: now.toISOString(),
      purge_after: purgeAfter,
      updated: now.toISOString(),
    });
    await repo.deactivateSiteUsers(trx, siteId, now.toISOString());
  });
}

export async function listMembers(scope: SiteScope): Promise<Member[]> {
  const { ctx, siteId } = scope;
  const rows = await repo.listMembers(ctx.db.kysely, siteId);
  return rows.map((row) => ({
    user: { id: row.user_id, name: row.name, email: row.email },
    role: row.role as Role,
    assigned_at: row.assigned_at,
    assigned_by: row.assigned_by,
  }));
}
