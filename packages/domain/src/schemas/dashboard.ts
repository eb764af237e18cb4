import { z } from 'zod';

/** One calendar month of the expense chart (TIMEZONE months, rupees). */
export const zDashboardMonth = z.object({
  /** YYYY-MM. */
  month: z.string(),
  /** Σ total_amount of deliveries dated in the month. */
  deliveries: z.number(),
  /** Σ total_amount of bookings not cancelled starting in the month. */
  service_bookings: z.number(),
  total: z.number(),
});
export type DashboardMonth = z.infer<typeof zDashboardMonth>;

/**
 * Issue 46: the whole site's spend by kind (rupees), beside total_expenses, which stays
 * deliveries and bookings only (API.md):
 * - materials_and_services: total_expenses (deliveries + bookings not cancelled);
 * - subcontract: Σ gross + GST of RA bills (not retention releases), by bill_date;
 * - labour: Σ gross (wages + overtime) of wage sheets approved or paid, a contractor's included,
 *   by period_to;
 * - petty_cash: Σ amount of approved petty expenses, by expense_date;
 * - total: their sum.
 */
export const zSiteSpend = z.object({
  materials_and_services: z.number(),
  subcontract: z.number(),
  labour: z.number(),
  petty_cash: z.number(),
  total: z.number(),
});
export type SiteSpend = z.infer<typeof zSiteSpend>;

/**
 * GET …/dashboard (API.md "Fixed details"), rupees over the site's records:
 * - total_expenses: Σ delivery total_amount + Σ total_amount of bookings not cancelled;
 * - current_month_expenses: the same for delivery_date / start_date in the current month;
 * - expense_per_sqft: total_expenses ÷ the site's total_planned_area, rounded to the paisa;
 * - outstanding_amount: Σ max(owed − paid_amount, 0) over those deliveries and bookings, where
 *   owed is total_amount less the TDS deducted from it (API.md "TDS");
 * - payments_last_7_days: Σ payment amount with payment_date from 6 days ago to today;
 * - total_paid: Σ payment amount.
 * "Today" and months are the server's TIMEZONE; `as_of` is that today. `monthly` holds the last
 * 12 months, oldest first, the current month last (months without records are 0).
 */
export const zDashboard = z.object({
  total_expenses: z.number(),
  current_month_expenses: z.number(),
  expense_per_sqft: z.number(),
  outstanding_amount: z.number(),
  /** Left out for a role the business keeps from payments (issue 47, role settings). */
  payments_last_7_days: z.number().optional(),
  total_paid: z.number().optional(),
  as_of: z.string(),
  monthly: z.array(zDashboardMonth),
  /**
   * Issue 43: TDS deducted in earlier months and not yet deposited (rupees), and the earliest due
   * date among them (the 7th of the next month; 30 April for March), null when nothing is due.
   */
  tds_to_deposit: z.number(),
  tds_due_date: z.string().nullable(),
  /** Retention held on work orders that falls due within 30 days (or is past due), rupees. */
  retention_due: z.number(),
  retention_due_date: z.string().nullable(),
  /**
   * Issue 44: people marked present today (a gang by its headcount) and their man-days; this
   * month's attendance valued at wages plus overtime (rupees); the net of wage sheets not yet
   * paid (a contractor's: what his sheets still owe).
   */
  labour_present_today: z.number(),
  labour_man_days_today: z.number(),
  labour_cost_month: z.number(),
  wage_sheets_unpaid: z.number(),
  /**
   * Issue 46: petty expenses waiting for an owner's decision (how many, rupees) and the petty
   * cash approved this month (rupees; by expense date).
   */
  petty_pending_count: z.number(),
  petty_pending_amount: z.number(),
  petty_spent_month: z.number(),
  /** The site's spend by kind to date, and in the current month (months as above). */
  site_spend: zSiteSpend,
  site_spend_month: zSiteSpend,
});
export type Dashboard = z.infer<typeof zDashboard>;
