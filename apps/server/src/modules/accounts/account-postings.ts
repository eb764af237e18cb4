import type { Transaction } from 'kysely';
import { newId, nowIso } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import {
  balanceEffect,
  insertPostingMovingActiveBalance,
  lockAccount,
  moveBalance,
} from './accounts-repo.js';
import * as repo from './transactions-repo.js';
import { unknownAccount } from '../../db/site-refs.js';

/**
 * The one way money enters or leaves an account: used by manual transactions, payments and
 * refunds, always inside the caller's database transaction, always followed by a recomputed
 * balance. Amounts are paise.
 */
export interface Posting {
  siteId: string;
  account: string;
  type: 'credit' | 'debit';
  amount: number;
  date: string;
  description?: string | null;
  reference?: string | null;
  notes?: string | null;
  vendor?: string | null;
  payment?: string | null;
  vendor_refund?: string | null;
  tds_challan?: string | null;
  worker_advance?: string | null;
  wage_sheet?: string | null;
  imprest?: string | null;
  imprest_replenishment?: string | null;
  category?: string | null;
  userId: string;
}

/**
 * The account, locked for the rest of the transaction: 400 on `field` when it is not this site's,
 * ACCOUNT_INACTIVE when it is closed. Postings, a transaction moved to another account and money
 * refunds check their account here.
 */
export async function lockPostableAccount(
  trx: Transaction<Database>,
  siteId: string,
  accountId: string,
  field = 'account',
) {
  const account = await lockAccount(trx, siteId, accountId);
  if (!account) throw unknownAccount(field);
  if (account.is_active !== 1) throw new AppError('ACCOUNT_INACTIVE', { account: accountId });
  return account;
}

/**
 * `accountChecked`: the caller has already seen that the account is the site's, so the row lock
 * is taken by the balance update itself, as the last statement: a payment holds its account's
 * lock for one statement and the commit instead of from the start of its writes (every payment
 * from one account queues on that lock; issue 22). The transaction row's foreign key takes only a
 * key-share lock, which does not conflict with the update's.
 */
export async function postTransaction(
  trx: Transaction<Database>,
  posting: Posting,
  options: { accountChecked?: boolean } = {},
): Promise<string> {
  if (!options.accountChecked) await lockPostableAccount(trx, posting.siteId, posting.account);
  const now = nowIso();
  const id = newId();
  const row: repo.TransactionRow = {
    id,
    site_id: posting.siteId,
    account: posting.account,
    type: posting.type,
    amount: posting.amount,
    transaction_date: posting.date,
    description: posting.description ?? null,
    reference: posting.reference ?? null,
    notes: posting.notes ?? null,
    vendor: posting.vendor ?? null,
    payment: posting.payment ?? null,
    vendor_refund: posting.vendor_refund ?? null,
    tds_challan: posting.tds_challan ?? null,
    worker_advance: posting.worker_advance ?? null,
    wage_sheet: posting.wage_sheet ?? null,
    imprest: posting.imprest ?? null,
    imprest_replenishment: posting.imprest_replenishment ?? null,
    transaction_category: posting.category ?? null,
    created_by: posting.userId,
    created: now,
    updated: now,
  };
  if (!options.accountChecked) {
    await repo.insertTransaction(trx, row);
    await moveBalance(trx, posting.siteId, posting.account, balanceEffect(posting));
  } else if (!(await insertPostingMovingActiveBalance(trx, row, balanceEffect(posting)))) {
    throw new AppError('ACCOUNT_INACTIVE', { account: posting.account });
  }
  return id;
}

/**
 * Removes what a payment or refund posted, and takes it out of the accounts it touched. Callers
 * hold the payment or refund locked, so no other transaction removes the same rows meanwhile.
 */
export async function removePostings(
  trx: Transaction<Database>,
  siteId: string,
  link: repo.PostingLink,
): Promise<void> {
  const rows = await repo.transactionsOf(trx, siteId, link);
  const moves = new Map<string, number>();
  for (const row of rows) {
    await repo.deleteTransaction(trx, siteId, row.id);
    moves.set(row.account, (moves.get(row.account) ?? 0) - balanceEffect(row));
  }
  for (const [account, delta] of moves) await moveBalance(trx, siteId, account, delta);
}
