/**
 * Row types of the core tables (accounts, sites, roles, plans). Conventions for every table:
 * ids are 15 characters [a-z0-9]; money columns hold integer paise; quantity columns hold integer
 * thousandths; business dates are 'YYYY-MM-DD' text; timestamps are ISO-8601 UTC text; booleans
 * are integers 0/1 (the same on SQLite and PostgreSQL).
 */
export interface UsersTable {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  avatar: string | null;
  password_hash: string;
  verified: number;
  coupon_code: string | null;
  legal_accepted: number;
  legal_accepted_at: string | null;
  /** Two-step sign-in: the enabled TOTP secret (base32), the one being set up, and since when. */
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_enabled_at: string | null;
  /** The time step of the last code accepted, so that no code is accepted twice. */
  totp_last_step: number | null;
  /** Their notices' language (migration 0037): 'en' | 'hi'; null: not chosen (English). */
  language: string | null;
  created: string;
  updated: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created: string;
  /** When the current token stops working: min(last use + idle timeout, absolute end). */
  expires_at: string;
  user_agent: string | null;
  last_used_at: string | null;
  absolute_expires_at: string | null;
  token_issued_at: string | null;
  ip: string | null;
  kind: SessionKind;
  csrf_hash: string | null;
}

export type SessionKind = 'bearer' | 'cookie';

/** Tokens a session rotated away from; one coming back after the grace period ends the session. */
export interface RetiredSessionTokensTable {
  token_hash: string;
  session_id: string;
  retired_at: string;
}

export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
  created: string;
}

export type AuthTokenKind = 'password_reset' | 'verification' | 'email_change' | 'two_step';

export interface AuthTokensTable {
  id: string;
  user_id: string;
  kind: AuthTokenKind;
  token_hash: string;
  new_email: string | null;
  expires_at: string;
  used_at: string | null;
  created: string;
}

export type InputTaxMode = 'cost' | 'claim';

export interface SitesTable {
  id: string;
  name: string;
  description: string | null;
  total_units: number;
  total_planned_area: number;
  admin_user: string;
  is_active: number;
  deleted_at: string | null;
  purge_after: string | null;
  /** 1: every member must have two-step sign-in switched on to open the site. */
  require_two_step: number;
  /** GST profile (migration 0011): optional GSTIN, two-digit state code, 'cost' | 'claim'. */
  gstin: string | null;
  state_code: string | null;
  input_tax_mode: InputTaxMode;
  /** Paise: a request estimated at or below it needs no approval; null: every request does. */
  approval_threshold: number | null;
  /** Hundredths of a percent a PO line may be received above its ordered quantity. */
  po_over_receipt_percent: number;
  /** 1: consumption and transfers may take stock below zero. */
  allow_negative_stock: number;
  /** Paise; null: no count waits for an owner. */
  stock_count_threshold: number | null;
  created: string;
  updated: string;
  /** The deductor's TAN (migration 0026): sites sharing one are one deductor. */
  tan: string | null;
  /** Overtime pay as a multiple of the ordinary rate, hundredths (migration 0029; default 2×). */
  ot_multiplier: number;
  /** Migration 0030: 'warn' or 'block' an order past its budget line; the flag in hundredths. */
  budget_control: string;
  consumption_flag_percent: number;
  /** Migration 0031: what supervisors see of the budget, 'none' or 'quantities'. */
  supervisor_budget_view: string;
  /** Migration 0032: petty expenses above this (paise) wait for an owner; a photo above that. */
  petty_approval_threshold: number;
  petty_photo_above: number | null;
  /** Migration 0034: the business that owns the site (its TAN is the site's). */
  business_id: string;
}

export interface SiteUsersTable {
  id: string;
  site_id: string;
  user_id: string;
  role: string;
  assigned_by: string | null;
  assigned_at: string;
  is_active: number;
  disowned_at: string | null;
  created: string;
  updated: string;
}

export interface SiteInvitationsTable {
  id: string;
  site_id: string;
  email: string;
  role: string;
  invited_by: string;
  invited_at: string;
  status: string;
  expires_at: string;
  /** Hash of the one-time secret in the mailed link (null for invitations sent before it). */
  token_hash: string | null;
  created: string;
  updated: string;
}

export interface SubscriptionPlansTable {
  id: string;
  name: string;
  price: number;
  yearly_price: number;
  currency: string;
  is_active: number;
  is_default: number;
  /**
   * Legacy (migration 0025): the caps are `plan_limits` rows and nothing reads these columns. A
   * write to them is copied into the plan's rows by a trigger; the seed still fills them.
   */
  max_items: number;
  max_vendors: number;
  max_deliveries: number;
  max_service_bookings: number;
  max_payments: number;
  max_accounts: number;
  max_vendor_returns: number;
  max_services: number;
  max_material_requests: number;
  max_purchase_orders: number;
  max_sites: number;
  created: string;
  updated: string;
}

export interface SiteSubscriptionsTable {
  id: string;
  site_id: string;
  plan_id: string;
  status: string;
  auto_renew: number;
  billing_cycle: string | null;
  cancelled_at: string | null;
  current_period_start: string | null;
  current_period_end: string | null;
  provider_subscription_id: string | null;
  /** A free plan the site moves to when the paid period ends (issue 26). */
  pending_plan_id: string | null;
  renewal_failed_at: string | null;
  /**
   * When Razorpay said `provider_subscription_id` ended (cancelled, completed): it cannot be
   * reactivated or charge again (issue 39). Cleared whenever the provider subscription changes.
   */
  provider_ended_at: string | null;
  /** The buyer printed on plan invoices. */
  billing_name: string | null;
  billing_gstin: string | null;
  billing_state: string | null;
  created: string;
  updated: string;
}

/** A plan's cap of one resource (issue 41): null unlimited, 0 not in the plan, n at most n. */
export interface PlanLimitsTable {
  plan_id: string;
  /** A PLAN_CAPS entry of the domain. */
  resource: string;
  cap: number | null;
}

/** How many records of one resource a site created in one calendar month still exist. */
export interface PlanUsageTable {
  id: string;
  site_id: string;
  /** A PLAN_RESOURCES entry of the domain. */
  resource: string;
  period_start: string;
  period_end: string;
  count: number;
  created: string;
  updated: string;
}

export interface PaymentOrdersTable {
  id: string;
  site_id: string;
  plan_id: string;
  billing_cycle: string;
  provider_order_id: string;
  amount: number;
  currency: string;
  /** created | paid */
  status: string;
  provider_payment_id: string | null;
  created_by: string | null;
  created: string;
  updated: string;
}

/** A Razorpay plan made for one of ours at one cycle and amount (issue 26). */
export interface ProviderPlansTable {
  id: string;
  plan_id: string;
  billing_cycle: string;
  amount: number;
  provider_plan_id: string;
  created: string;
  updated: string;
}

/** A Razorpay subscription created for a site's checkout. */
export interface ProviderSubscriptionsTable {
  id: string;
  site_id: string;
  plan_id: string;
  billing_cycle: string;
  amount: number;
  currency: string;
  provider_subscription_id: string;
  /**
   * When its first charge is due (ISO), if after checkout: the end of a period already paid for
   * (issue 39). Checkout then only authenticates the card; null: charged at checkout.
   */
  start_at: string | null;
  created_by: string | null;
  created: string;
  updated: string;
}

export interface PlanInvoiceCountersTable {
  financial_year: string;
  last_number: number;
}

/** A tax invoice for one plan payment; amounts in paise, `rate` in percent. */
export interface PlanInvoicesTable {
  id: string;
  /** Null once the site was purged: the invoice stays with the seller's books. */
  site_id: string | null;
  number: string;
  financial_year: string;
  sequence: number;
  invoice_date: string;
  plan_id: string | null;
  plan_name: string;
  billing_cycle: string;
  period_start: string;
  period_end: string;
  /** subscription | order */
  source: string;
  provider_payment_id: string;
  provider_subscription_id: string | null;
  seller_name: string;
  seller_address: string | null;
  seller_gstin: string | null;
  seller_state: string | null;
  buyer_name: string;
  buyer_gstin: string | null;
  buyer_state: string | null;
  site_name: string;
  sac: string;
  rate: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  currency: string;
  created: string;
  updated: string;
}

export interface BillingNoticesTable {
  site_id: string;
  kind: string;
  key: string;
  created: string;
}

export interface WebhookEventsTable {
  id: string;
  event: string;
  received: string;
}

/** A create's Idempotency-Key and the record it made (site-scoped). */
export interface IdempotencyKeysTable {
  id: string;
  site_id: string;
  key: string;
  collection: string;
  record_id: string;
  created: string;
}

/** Consecutive failed sign-ins of an email address (lower case) and the lock they earned. */
export interface LoginThrottleTable {
  email: string;
  failures: number;
  locked_until: string | null;
  notified_at: string | null;
  updated: string;
}

/** Requests per client address and route in the current window (platform/rate-limit-store.ts). */
export interface RateLimitsTable {
  key: string;
  /** Epoch milliseconds (bigint: PostgreSQL answers it as a string). */
  window_start: number | string;
  hits: number;
}

/** One change to a business record (platform/audit.ts). */
export interface AuditLogTable {
  id: string;
  site_id: string;
  user_id: string | null;
  at: string;
  entity: string;
  record_id: string;
  action: 'create' | 'update' | 'delete';
  /** JSON: { field: { old, new } }. */
  changes: string;
}

export interface CoreTables {
  users: UsersTable;
  sessions: SessionsTable;
  retired_session_tokens: RetiredSessionTokensTable;
  recovery_codes: RecoveryCodesTable;
  auth_tokens: AuthTokensTable;
  sites: SitesTable;
  site_users: SiteUsersTable;
  site_invitations: SiteInvitationsTable;
  subscription_plans: SubscriptionPlansTable;
  site_subscriptions: SiteSubscriptionsTable;
  plan_limits: PlanLimitsTable;
  plan_usage: PlanUsageTable;
  payment_orders: PaymentOrdersTable;
  webhook_events: WebhookEventsTable;
  provider_plans: ProviderPlansTable;
  provider_subscriptions: ProviderSubscriptionsTable;
  plan_invoice_counters: PlanInvoiceCountersTable;
  plan_invoices: PlanInvoicesTable;
  billing_notices: BillingNoticesTable;
  idempotency_keys: IdempotencyKeysTable;
  login_throttle: LoginThrottleTable;
  rate_limits: RateLimitsTable;
  audit_log: AuditLogTable;
}
