/**
 * What the work-order suites start each test with (API.md's work-order example): a
 * GST-registered site, a § 194C contractor and a bank account to pay him from, and the order.
 */

/** A test file's call that expects 2xx on the site (`/api/sites/{siteId}` + path). */
export type SiteCall = <T>(method: string, p: string, body?: unknown) => Promise<T>;

/**
 * The site's GSTIN (and TAN, when given), the contractor (a firm under § 194C) and ₹20,00,000 in
 * HDFC current.
 */
export async function subcontractSetup(
  ok: SiteCall,
  site: { tan?: string } = {},
): Promise<{ contractor: string; account: string }> {
  await ok('PATCH', '', { gstin: '27AAPFU0939F1ZV', ...site });
  const contractor = (
    await ok<{ id: string }>('POST', '/vendors', {
      name: 'Sri Sai Constructions',
      gstin: '27AAGCS1234F1ZM',
      tds_section: '194C',
    })
  ).id;
  const account = (
    await ok<{ id: string }>('POST', '/accounts', {
      name: 'HDFC current',
      type: 'bank',
      opening_balance: 20_00_000,
    })
  ).id;
  return { contractor, account };
}

/**
 * ₹10,00,000 of RCC work: 2,000 sqm at ₹300 and 40 cum at ₹10,000; 18 % GST; 5 % retention due
 * 365 days after the final bill; a ₹1,00,000 advance recovered at 10 % of each bill.
 */
export const RCC_ORDER = {
  title: 'RCC frame, tower A',
  retention_percent: 5,
  retention_due_days: 365,
  advance_amount: 1_00_000,
  advance_recovery_percent: 10,
  gst_rate: 18,
  lines: [
    { description: 'Shuttering', unit: 'sqm', quantity: 2000, rate: 300 },
    { description: 'Concrete M25', unit: 'cum', quantity: 40, rate: 10_000 },
  ],
} as const;
