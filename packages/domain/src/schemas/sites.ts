import { z } from 'zod';
import { zRoleSettings } from '../role-settings.js';
import { zOptionalTan } from './tds.js';
import { zLine, zMultiline } from '../text.js';
import { ROLES } from '../permissions.js';
import { INPUT_TAX_MODES, zStateCode } from '../gst.js';
import { zOptionalGstin } from './vendors.js';
import { hasAtMostDecimals } from '../money.js';
import { zId, zRupees } from './common.js';
import { BUDGET_CONTROLS, SUPERVISOR_BUDGET_VIEWS } from '../budget.js';

/** A percent from 0 to 100 with at most 2 decimals. */
const zPercent = z
  .number()
  .finite()
  .min(0)
  .max(100)
  .refine((v) => hasAtMostDecimals(v, 2), 'At most 2 decimals');

export const zRole = z.enum(ROLES);

const zUnits = z.number().int('Must be a whole number').min(1, 'Minimum is 1').max(1_000_000);
const zArea = z
  .number()
  .finite()
  .min(1, 'Minimum is 1')
  .max(1e9)
  .refine((v) => hasAtMostDecimals(v, 2), 'At most 2 decimals');

export const zSiteCreate = z.object({
  name: zLine(120).min(1, 'Site name is required'),
  description: zMultiline(2000).optional().nullable(),
  total_units: zUnits,
  total_planned_area: zArea,
  /** GST profile (API.md "GST"): the state is taken from the GSTIN when one is given. */
  gstin: zOptionalGstin.optional().nullable(),
  state_code: zStateCode.optional().nullable(),
  input_tax_mode: z.enum(INPUT_TAX_MODES).optional(),
  /**
   * Purchasing (API.md "Material requests and purchase orders"), owners only: a request whose
   * estimate is at or below this amount (rupees) needs no approval; null: every request does.
   */
  approval_threshold: zRupees.optional().nullable(),
  /** How far (percent, at most 2 decimals) a PO line may be received above what was ordered. */
  po_over_receipt_percent: zPercent.optional(),
  /** Site stock, owners only: consumption and transfers may take stock below zero. */
  allow_negative_stock: z.boolean().optional(),
  /** A supervisor's count whose difference is worth more than this (rupees) waits for an owner. */
  stock_count_threshold: zRupees.optional().nullable(),
  /** API.md "TDS": the deductor's TAN; sites with the same TAN are one deductor. */
  tan: zOptionalTan.optional().nullable(),
  /** API.md "Labour", owners only: overtime pays this multiple of the ordinary rate (default 2). */
  ot_multiplier: z
    .number()
    .finite()
    .min(1)
    .max(4)
    .refine((v) => hasAtMostDecimals(v, 2), 'At most 2 decimals')
    .optional(),
  /** API.md "Budgets", owners only: warn (default) or block an order past its budget line. */
  budget_control: z.enum(BUDGET_CONTROLS).optional(),
  /** Consumption above this percent of what the work done should use is flagged (default 110). */
  consumption_flag_percent: z
    .number()
    .finite()
    .min(100)
    .max(1000)
    .refine((v) => hasAtMostDecimals(v, 2), 'At most 2 decimals')
    .optional(),
  /** Owners only (issue 45): supervisors see no budget figures, or its quantities (never money). */
  supervisor_budget_view: z.enum(SUPERVISOR_BUDGET_VIEWS).optional(),
  /** API.md "Petty cash", owners only: expenses above it wait for an owner (default 2,000). */
  petty_approval_threshold: zRupees.optional(),
  /** Owners only (issue 46): an expense above it needs a bill photo (null: never). */
  petty_photo_above: zRupees.optional().nullable(),
});
export type SiteCreate = z.infer<typeof zSiteCreate>;

/** POST /api/sites: `business` (one the caller owns) takes the site in; else a new business. */
export const zSiteCreateBody = zSiteCreate.extend({ business: zId.optional() });
export type SiteCreateBody = z.infer<typeof zSiteCreateBody>;

export const zSiteUpdate = zSiteCreate.partial().extend({
  /** Owners only: every member must have two-step sign-in switched on to open the site. */
  require_two_step: z.boolean().optional(),
});
export type SiteUpdate = z.infer<typeof zSiteUpdate>;

export const zSite = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  total_units: z.number(),
  total_planned_area: z.number(),
  admin_user: z.string(),
  is_active: z.boolean(),
  deleted_at: z.string().nullable(),
  require_two_step: z.boolean(),
  gstin: z.string().nullable(),
  state_code: z.string().nullable(),
  input_tax_mode: z.enum(INPUT_TAX_MODES),
  approval_threshold: z.number().nullable(),
  po_over_receipt_percent: z.number(),
  allow_negative_stock: z.boolean(),
  stock_count_threshold: z.number().nullable(),
  tan: z.string().nullable(),
  ot_multiplier: z.number(),
  budget_control: z.enum(BUDGET_CONTROLS),
  consumption_flag_percent: z.number(),
  supervisor_budget_view: z.enum(SUPERVISOR_BUDGET_VIEWS),
  petty_approval_threshold: z.number(),
  petty_photo_above: z.number().nullable(),
  /** Issue 47: the business that owns the site (its TAN is the site's). */
  business: z.string(),
  /** GET /api/sites/{id}: what each role may do on the site (its business's role settings). */
  role_settings: zRoleSettings.optional(),
  created: z.string(),
  updated: z.string(),
  role: zRole.optional(),
});
export type Site = z.infer<typeof zSite>;

export const zMember = z.object({
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  role: zRole,
  assigned_at: z.string(),
  assigned_by: z.string().nullable(),
});
export type Member = z.infer<typeof zMember>;

/** GET /api/me/site-allowance: owned active sites against the plan's max_sites (-1 unlimited). */
export const zSiteAllowance = z.object({
  owned: z.number(),
  max_sites: z.number(),
  can_create: z.boolean(),
});
export type SiteAllowance = z.infer<typeof zSiteAllowance>;
