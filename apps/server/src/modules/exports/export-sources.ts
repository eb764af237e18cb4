import type { AccountStatementQuery, VendorExportQuery } from '@siteledger/domain';
import type { AccountsTable } from '../../db/schema.js';
import { businessToday } from '../../platform/business-time.js';
import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { findAccount } from '../accounts/accounts-repo.js';
import { ledgerTotals } from '../ledger/ledger-repo.js';
import { findVendor, type VendorWithFigures } from '../vendors/vendors-repo.js';
import { ledgerLines, type LedgerLine } from './ledger-lines.js';
import { findSiteName, statementTotals } from './statement-repo.js';
import { statementLines, type StatementLine } from './statement-lines.js';
import type { SiteScope } from '../../platform/scope.js';
import type { PeriodSource } from './period-source.js';

const OPEN_END = '9999-12-31';

/** Everything an export of a vendor's ledger shows; the entries come a chunk at a time. */
export interface VendorExportSource extends PeriodSource<LedgerLine> {
  siteId: string;
  vendor: VendorWithFigures;
}

export interface StatementSource extends PeriodSource<StatementLine> {
  account: AccountsTable;
  /** Paise. */
  credits: number;
  debits: number;
}

async function siteName(ctx: AppContext, siteId: string): Promise<string> {
  return (await findSiteName(ctx.db.kysely, siteId)) ?? '';
}

/** The vendor (404 for another site's), its figures and the range's opening and closing balance. */
export async function loadVendorSource(
  scope: SiteScope,
  vendorId: string,
  query: Pick<VendorExportQuery, 'from' | 'to'>,
): Promise<VendorExportSource> {
  const { ctx, siteId } = scope;
  const db = ctx.db.kysely;
  const today = businessToday(ctx.config.timezone);
  const vendor = await findVendor(db, siteId, vendorId, today);
  if (!vendor) throw notFound('Vendor');
  const range = { from: query.from ?? '', to: query.to ?? OPEN_END };
  const totals = await ledgerTotals(db, siteId, vendorId, today, range);
  return {
    siteId,
    siteName: await siteName(ctx, siteId),
    vendor,
    from: query.from,
    to: query.to,
    today,
    opening: totals.opening,
    closing: totals.opening + totals.movement,
    count: totals.count,
    lines: () =>
      ledgerLines(db, { siteId, vendor: vendorId, today, ...range, opening: totals.opening }),
  };
}

/** The account (404 for another site's) and its balances around the range. */
export async function loadStatementSource(
  scope: SiteScope,
  accountId: string,
  query: Pick<AccountStatementQuery, 'from' | 'to'>,
): Promise<StatementSource> {
  const { ctx, siteId } = scope;
  const db = ctx.db.kysely;
  const account = await findAccount(db, siteId, accountId);
  if (!account) throw notFound('Account');
  const range = { siteId, account: accountId, from: query.from ?? '', to: query.to ?? OPEN_END };
  const totals = await statementTotals(db, range);
  const opening = Number(account.opening_balance) + totals.before;
  return {
    siteName: await siteName(ctx, siteId),
    account,
    from: query.from,
    to: query.to,
    today: businessToday(ctx.config.timezone),
    opening,
    credits: totals.credits,
    debits: totals.debits,
    closing: opening + totals.credits - totals.debits,
    count: totals.count,
    lines: () => statementLines(db, range, opening),
  };
}
