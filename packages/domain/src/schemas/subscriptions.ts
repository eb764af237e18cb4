import { z } from 'zod';
import { zLine } from '../text.js';
import { BILLING_CYCLES, PLAN_RESOURCES, SUBSCRIPTION_STATUSES } from '../subscription.js';
import { PLAN_CAPS, planFeatureKey, usageCountKey } from '../plan-caps.js';

export const zPlanResource = z.enum(PLAN_RESOURCES);

/** `{ key: number }` for each key of a list, in its order. */
const numbersFor = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, z.number()])) as Record<K, z.ZodNumber>;

/** `max_<cap>` for every cap of PLAN_CAPS (-1 unlimited, 0 disabled): built from plan_limits rows. */
export const zPlanFeatures = z.object(numbersFor(PLAN_CAPS.map(planFeatureKey)));
export type PlanFeatures = z.infer<typeof zPlanFeatures>;

/** A plan; `price` (per month) and `yearly_price` in rupees. */
export const zPlan = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  yearly_price: z.number(),
  currency: z.string(),
  is_default: z.boolean(),
  features: zPlanFeatures,
});
export type Plan = z.infer<typeof zPlan>;

export const zSiteSubscription = z.object({
  id: z.string(),
  site: z.string(),
  /** Stored status, except that a lapsed period reads as expired. */
  status: z.enum(SUBSCRIPTION_STATUSES),
  plan: zPlan,
  auto_renew: z.boolean(),
  billing_cycle: z.enum(BILLING_CYCLES).nullable(),
  cancelled_at: z.string().nullable(),
  current_period_start: z.string().nullable(),
  current_period_end: z.string().nullable(),
  provider_subscription_id: z.string().nullable(),
  /** A move to this (free or default) plan at the end of the paid period (issue 26). */
  pending_plan: zPlan.nullable(),
  /** When the last renewal charge failed; cleared by the next successful charge. */
  renewal_failed_at: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type SiteSubscription = z.infer<typeof zSiteSubscription>;

/** This month's `<resource>_count` for every counted resource: built from plan_usage rows. */
export const zUsage = z.object({
  period_start: z.string(),
  period_end: z.string(),
  ...numbersFor(PLAN_RESOURCES.map(usageCountKey)),
});
export type Usage = z.infer<typeof zUsage>;

export const BILLING_NOTICE_KINDS = [
  /** The paid period ends within 7 days and will not renew. */
  'ends_soon',
  /** The period ended; writes work until `grace_until`. */
  'grace',
  /** A renewal charge failed (payment.failed, subscription.pending or .halted). */
  'payment_failed',
  /** Read-only: the period and its grace are over. */
  'lapsed',
] as const;
export type BillingNoticeKind = (typeof BILLING_NOTICE_KINDS)[number];

export const zBillingNotice = z.object({
  kind: z.enum(BILLING_NOTICE_KINDS),
  /** The date the notice is about: the period's end, the grace's end, or the failure. */
  date: z.string(),
  days: z.number().int(),
});
export type BillingNotice = z.infer<typeof zBillingNotice>;

/** The buyer on plan invoices; `state` a two-digit GST state code (from the GSTIN when given). */
export const zBillingDetails = z.object({
  name: z.string(),
  gstin: z.string().nullable(),
  state: z.string().nullable(),
});
export type BillingDetails = z.infer<typeof zBillingDetails>;

/** GET /api/sites/{siteId}/subscription (and the answer of checkout verify, cancel, reactivate). */
export const zSubscriptionState = z.object({
  subscription: zSiteSubscription.nullable(),
  usage: zUsage,
  /** The plan's caps by resource (-1 unlimited, 0 disabled). */
  limits: z.record(zPlanResource, z.number()),
  /** Writes are allowed at all. */
  active: z.boolean(),
  /** Spec part 4: not active, or any resource at its cap. */
  read_only: z.boolean(),
  limits_reached: z.array(zPlanResource),
  features_disabled: z.array(zPlanResource),
  can_reactivate: z.boolean(),
  payments_configured: z.boolean(),
  /** The provider renews it: amount (rupees) and when, or null when nothing will be charged. */
  next_charge: z.object({ amount: z.number(), date: z.string() }).nullable(),
  /** Writes still work until then although the paid period ended (null when not in grace). */
  grace_until: z.string().nullable(),
  /** What the banner tells the owner now, or null. */
  notice: zBillingNotice.nullable(),
  /** Buyer details printed on the plan invoices (owners only; null for other roles). */
  billing: zBillingDetails.nullable(),
});
export type SubscriptionState = z.infer<typeof zSubscriptionState>;

export const zCheckoutInput = z.object({
  plan: zLine(40).min(1, 'Plan is required'),
  billing_cycle: z.enum(BILLING_CYCLES).default('monthly'),
});
export type CheckoutInput = z.infer<typeof zCheckoutInput>;

export const zCheckoutOrder = z.object({
  order_id: z.string(),
  /** In paise. */
  amount: z.number().int(),
  currency: z.string(),
  key_id: z.string(),
  notes: z.object({
    site_id: z.string(),
    plan_id: z.string(),
    billing_cycle: z.enum(BILLING_CYCLES),
  }),
});
export type CheckoutOrder = z.infer<typeof zCheckoutOrder>;

export const zVerifyInput = z.object({
  razorpay_order_id: zLine(100).min(1),
  razorpay_payment_id: zLine(100).min(1),
  razorpay_signature: zLine(200).min(1),
});
export type VerifyInput = z.infer<typeof zVerifyInput>;

/** POST …/subscription/subscribe: a Razorpay subscription that renews until cancelled. */
export const zSubscribeResult = z.object({
  subscription_id: z.string(),
  /** First charge, in paise. */
  amount: z.number().int(),
  currency: z.string(),
  key_id: z.string(),
  notes: zCheckoutOrder.shape.notes,
});
export type SubscribeResult = z.infer<typeof zSubscribeResult>;

/** Checkout's answer for a subscription: signed over `payment_id|subscription_id`. */
export const zVerifySubscriptionInput = z.object({
  razorpay_subscription_id: zLine(100).min(1),
  razorpay_payment_id: zLine(100).min(1),
  razorpay_signature: zLine(200).min(1),
});
export type VerifySubscriptionInput = z.infer<typeof zVerifySubscriptionInput>;

/** verify takes either the order's or the subscription's checkout answer. */
export const zVerifyAnyInput = z.union([zVerifyInput, zVerifySubscriptionInput]);
export type VerifyAnyInput = z.infer<typeof zVerifyAnyInput>;

/** POST …/subscription/downgrade: to a free plan at the end of the paid period. */
export const zDowngradeInput = z.object({ plan: zLine(40).min(1, 'Plan is required') });
export type DowngradeInput = z.infer<typeof zDowngradeInput>;

/** PUT …/subscription/billing_details. */
export const zBillingDetailsInput = z.object({
  name: zLine(200).min(1, 'Name is required'),
  gstin: z
    .string()
    .trim()
    .toUpperCase()
    .max(15)
    .nullish()
    .transform((v) => (v ? v : null)),
  state: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type BillingDetailsInput = z.infer<typeof zBillingDetailsInput>;

/** One payment for a plan with its tax invoice; amounts in rupees. */
export const zPlanInvoice = z.object({
  id: z.string(),
  number: z.string(),
  /** YYYY-MM-DD in the business time zone. */
  invoice_date: z.string(),
  plan_name: z.string(),
  billing_cycle: z.enum(BILLING_CYCLES),
  period_start: z.string(),
  period_end: z.string(),
  /** Razorpay payment id. */
  payment_id: z.string(),
  /** How it was paid: a renewing subscription or a one-off order. */
  source: z.enum(['subscription', 'order']),
  buyer_name: z.string(),
  buyer_gstin: z.string().nullable(),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  total: z.number(),
  /** GET this for the PDF. */
  pdf_url: z.string(),
  created: z.string(),
});
export type PlanInvoice = z.infer<typeof zPlanInvoice>;
