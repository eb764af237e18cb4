import {
  toPaise,
  type AccountTransaction,
  type AccountTransactionCreate,
  type AccountTransactionListQuery,
  type AccountTransactionUpdate,
} from '@siteledger/domain';
import type { Transaction } from 'kysely';
import { nowIso } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { recordService, storedRecord } from '../../platform/record-service.js';
import { balanceEffect, lockAccount, moveBalance } from './accounts-repo.js';
import { lockPostableAccount, postTransaction } from './account-postings.js';
import * as repo from './transactions-repo.js';
import { accountRefs, checkVendorRef, vendorNameRefs } from '../../db/site-refs.js';

const toTransaction = storedRecord<AccountTransaction>('account_transactions');

async function shape(
  ctx: AppContext,
  siteId: string,
  rows: repo.TransactionRow[],
  expand: Set<string>,
) {
  const accounts = expand.has('account')
    ? new Map(
        (await accountRefs(ctx.db.kysely, siteId, [...new Set(rows.map((r) => r.account))])).map(
          (a) => [a.id, a],
        ),
      )
    : null;
  const vendorIds = [...new Set(rows.map((r) => r.vendor).filter((v): v is string => !!v))];
  const vendors = expand.has('vendor')
    ? new Map((await vendorNameRefs(ctx.db.kysely, siteId, vendorIds)).map((v) => [v.id, v]))
    : null;
  return rows.map((row) => {
    const tx = toTransaction(row);
    if (!accounts && !vendors) return tx;
    const account = accounts?.get(row.account);
    const vendor = row.vendor ? vendors?.get(row.vendor) : undefined;
    return { ...tx, expand: { ...(account ? { account } : {}), ...(vendor ? { vendor } : {}) } };
  });
}

/** Manual transactions only: a payment's or refund's postings change with that record. */
async function lockManual(trx: Transaction<Database>, siteId: string, id: string) {
  // Locked: its amount, type and account are what the balances are moved by.
  const row = await repo.lockTransaction(trx, siteId, id);
  if (!row) return undefined;
  const linked = [
    row.payment,
    row.vendor_refund,
    row.tds_challan,
    row.worker_advance,
    row.wage_sheet,
    row.imprest,
    row.imprest_replenishment,
  ];
  if (linked.some(Boolean)) throw new AppError('TRANSACTION_LINKED');
  await lockAccount(trx, siteId, row.account);
  return row;
}

/**
 * Account transactions on the generic record service. Money moves only through
 * account-postings.ts (a create) and the balance moves in the hooks below (an edit, a delete),
 * in the same transaction as the audit entry.
 */
export const transactions = recordService<
  repo.TransactionRow,
  AccountTransaction,
  AccountTransactionCreate,
  AccountTransactionUpdate,
  AccountTransactionListQuery
>('account_transactions', {
  noun: 'Transaction',
  find: repo.findTransaction,
  lock: lockManual,
  shape: ({ ctx, siteId }, rows, expand) => shape(ctx, siteId, rows, expand),
  list: { query: (db) => repo.transactionsQuery(db) },
  create: {
    validate: async (trx, { siteId }, input) => {
      if (input.vendor) await checkVendorRef(trx, siteId, input.vendor);
    },
    insert: (trx, { siteId, userId }, input) =>
      postTransaction(trx, {
        siteId,
        account: input.account,
        type: input.type,
        amount: toPaise(input.amount),
        date: input.transaction_date,
        description: input.description,
        reference: input.reference,
        notes: input.notes,
        vendor: input.vendor,
        category: input.transaction_category,
        userId,
      }),
  },
  update: {
    changes: async (trx, { siteId }, row, input) => {
      const changes: Partial<repo.TransactionRow> = { updated: nowIso() };
      if (input.account !== undefined && input.account !== row.account) {
        await lockPostableAccount(trx, siteId, input.account);
        changes.account = input.account;
      }
      if (input.vendor !== undefined) {
        if (input.vendor) await checkVendorRef(trx, siteId, input.vendor);
        changes.vendor = input.vendor || null;
      }
      if (input.type !== undefined) changes.type = input.type;
      if (input.amount !== undefined) changes.amount = toPaise(input.amount);
      if (input.transaction_date !== undefined) changes.transaction_date = input.transaction_date;
      if (input.description !== undefined) changes.description = input.description || null;
      if (input.reference !== undefined) changes.reference = input.reference || null;
      if (input.notes !== undefined) changes.notes = input.notes || null;
      if (input.transaction_category !== undefined)
        changes.transaction_category = input.transaction_category || null;
      return changes;
    },
    write: repo.updateTransaction,
    // Out of the account it was in, as it was; into the account it is in now, as it is now.
    after: async (trx, { siteId }, _id, _input, row, changes) => {
      await moveBalance(trx, siteId, row.account, -balanceEffect(row));
      await moveBalance(
        trx,
        siteId,
        changes.account ?? row.account,
        balanceEffect({ type: changes.type ?? row.type, amount: changes.amount ?? row.amount }),
      );
    },
  },
  remove: {
    write: repo.deleteTransaction,
    after: (trx, { siteId }, row) => moveBalance(trx, siteId, row.account, -balanceEffect(row)),
  },
});

export const listTransactions = transactions.list;
export const getTransaction = transactions.get;
export const createTransaction = transactions.create;
export const updateTransaction = transactions.update;
export const deleteTransaction = transactions.remove;
