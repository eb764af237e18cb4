import { z } from 'zod';
import { zLine } from '../text.js';
import { BILLING_CYCLES, PLAN_RESOURCES, SUBSCRIPTION_STATUSES } from '../subscription.js';

export const zPlanResource = z.enum(PLAN_RESOURCES);

export const zPlanFeatures = z.object({
  max_items: z.number(),
  max_vendors: z.number(),
  max_deliveries: z.number(),
  max_service_bookings: z.number(),
  max_payments: z.number(),
  max_accounts: z.number(),
  max_vendor_returns: z.number(),
  max_services: z.number(),
  max_material_requests: z.number(),
  max_purchase_orders: z.number(),
  max_sites: z.number(),
});
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
  created: z.string(),
  updated: z.string(),
});
export type SiteSubscription = z.infer<typeof zSiteSubscription>;

export const zUsage = z.object({
  period_start: z.string(),
  period_end: z.string(),
  items_count: z.number(),
  vendors_count: z.number(),
  deliveries_count: z.number(),
  service_bookings_count: z.number(),
  payments_count: z.number(),
  accounts_count: z.number(),
  vendor_returns_count: z.number(),
  services_count: z.number(),
  material_requests_count: z.number(),
  purchase_orders_count: z.number(),
});
export type Usage = z.infer<typeof zUsage>;

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
