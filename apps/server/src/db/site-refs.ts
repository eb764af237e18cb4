import { AppError } from '../platform/errors.js';
import type { Executor } from './executor.js';
import { siteRefs } from './site-rows.js';
import { siteCondition } from './site-scope.js';
import { refsIf } from '../platform/expand-refs.js';

/*
 * The one place for the lookups every money module makes of a site's vendors and accounts: does
 * the body name one of this site's (bodies may not name another site's record), and the short
 * summaries inlined under `expand.vendor` / `expand.account` (one query for a whole page).
 */

/** True when the vendor is this site's (its business's: vendors are shared, issue 47). */
export async function vendorExists(db: Executor, siteId: string, id: string): Promise<boolean> {
  return (await findVendorName(db, siteId, id)) !== undefined;
}

/** The vendor's id and name, when it exists on this site. */
export function findVendorName(db: Executor, siteId: string, id: string) {
  return db
    .selectFrom('vendors')
    .select(['id', 'name'])
    .where(siteCondition('vendors', 'vendors.site_id', siteId))
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The vendor's id and name, when it exists on this site, and whether the account (when one is
 * named) is this site's: one read where a payment would make two.
 */
export async function findVendorAndAccount(
  db: Executor,
  siteId: string,
  vendorId: string,
  accountId: string | null | undefined,
): Promise<{ vendor?: { id: string; name: string }; accountFound: boolean }> {
  const row = await db
    .selectFrom('vendors')
    .select(['vendors.id', 'vendors.name'])
    .select((eb) =>
      eb
        .selectFrom('accounts')
        .select('accounts.id')
        .where(siteCondition('accounts', 'accounts.site_id', siteId))
        .where('accounts.id', '=', accountId ?? '')
        .as('account_id'),
    )
    .where(siteCondition('vendors', 'vendors.site_id', siteId))
    .where('vendors.id', '=', vendorId)
    .executeTakeFirst();
  if (!row) return { accountFound: false };
  return {
    vendor: { id: row.id, name: row.name },
    accountFound: !!accountId && row.account_id !== null && row.account_id !== undefined,
  };
}

/** True when the account exists on this site. */
export async function accountExists(db: Executor, siteId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where(siteCondition('accounts', 'accounts.site_id', siteId))
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** The 400 a body gets for naming a vendor that is not this site's. */
export function unknownVendor(): AppError {
  return new AppError('VALIDATION_FAILED', {
    vendor: { code: 'invalid_reference', message: 'Unknown vendor' },
  });
}

/** The field error for naming an account that is not this site's. */
export function unknownAccountField(): { code: string; message: string } {
  return { code: 'invalid_reference', message: 'Unknown account' };
}

/** The 400 a body gets for naming an account that is not this site's, on `field`. */
export function unknownAccount(field = 'account'): AppError {
  return new AppError('VALIDATION_FAILED', { [field]: unknownAccountField() });
}

/** Throws `unknownVendor()` unless the vendor exists on this site. */
export async function checkVendorRef(db: Executor, siteId: string, id: string): Promise<void> {
  if (!(await vendorExists(db, siteId, id))) throw unknownVendor();
}

/** Summaries for `expand.vendor`. */
export const vendorRefs = siteRefs('vendors', ['id', 'name', 'company_name', 'phone', 'gstin']);

/** Id and name only, for `expand.vendor` of account transactions. */
export const vendorNameRefs = siteRefs('vendors', ['id', 'name']);

/** Summaries for `expand.account`. */
export const accountRefs = siteRefs('accounts', ['id', 'name', 'type']);

/** `expand.vendor` and `expand.account` of a page of money records: one query each, if asked. */
export async function vendorAndAccountRefs(
  db: Executor,
  siteId: string,
  rows: readonly { vendor: string; account: string | null }[],
  expand: Set<string>,
) {
  const vendorIds = rows.map((r) => r.vendor);
  const accountIds = rows.map((r) => r.account);
  const vendors = await refsIf(expand.has('vendor'), () => vendorRefs(db, siteId, vendorIds));
  const accounts = await refsIf(expand.has('account'), () => accountRefs(db, siteId, accountIds));
  return { vendors, accounts };
}

/** 400 on `field` unless `id` is a budget line of the site (API.md "Budgets"). */
export async function checkBudgetLineRef(
  db: Executor,
  siteId: string,
  id: string,
  field: string,
): Promise<void> {
  const row = await db
    .selectFrom('budget_lines')
    .select('id')
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) {
    throw new AppError('VALIDATION_FAILED', {
      [field]: { code: 'invalid_reference', message: 'Budget line not found' },
    });
  }
}
