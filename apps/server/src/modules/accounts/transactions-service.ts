import {
  toPaise,
  toRupees,
  type AccountTransaction,
  type AccountTransactionCreate,
  type AccountTransactionListQuery,
  type AccountTransactionUpdate,
} from '@siteledger/domain';
import { nowIso } from '../../db/ids.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { paginate, type ListSpec, type Page } from '../../platform/list.js';
import { expandSet } from '../../platform/route-params.js';
import { balanceEffect, lockAccount, moveBalance } from './accounts-repo.js';
import { postTransaction } from './account-postings.js';
import * as repo from './transactions-repo.js';
import { auditCreated, auditStart } from '../../platform/audit.js';

function toTransaction(row: repo.TransactionRow): AccountTransaction {
  return {
    id: row.id,
    site: row.site_id,
    account: row.account,
    type: row.type,
    amount: toRupees(row.amount),
    transaction_date: row.transaction_date,
    description: row.description,
    reference: row.reference,
    notes: row.notes,
    vendor: row.vendor,
    payment: row.payment,
    vendor_refund: row.vendor_refund,
    transaction_category: row.transaction_category,
    created: row.created,
    updated: row.updated,
  };
}

async function shape(
  ctx: AppContext,
  siteId: string,
  rows: repo.TransactionRow[],
  expand: Set<string>,
) {
  const accounts = expand.has('account')
    ? new Map(
        (
          await repo.accountRefs(ctx.db.kysely, siteId, [...new Set(rows.map((r) => r.account))])
        ).map((a) => [a.id, a]),
      )
    : null;
  const vendorIds = [...new Set(rows.map((r) => r.vendor).filter((v): v is string => !!v))];
  const vendors = expand.has('vendor')
    ? new Map((await repo.vendorRefs(ctx.db.kysely, siteId, vendorIds)).map((v) => [v.id, v]))
    : null;
  return rows.map((row) => {
    const tx = toTransaction(row);
    if (!accounts && !vendors) return tx;
    const account = accounts?.get(row.account);
    const vendor = row.vendor ? vendors?.get(row.vendor) : undefined;
    return { ...tx, expand: { ...(account ? { account } : {}), ...(vendor ? { vendor } : {}) } };
  });
}

const LIST: ListSpec = {
  table: 'account_transactions',
  sortable: ['transaction_date', 'amount', 'created'],
  defaultSort: '-transaction_date,-created',
  filters: ['account', 'type', 'vendor', 'payment', 'transaction_category'],
  search: ['description', 'reference', 'notes'],
  dateColumn: 'transaction_date',
};

export async function listTransactions(
  ctx: AppContext,
  siteId: string,
  query: AccountTransactionListQuery,
): Promise<Page<AccountTransaction>> {
  const page = await paginate(
    repo.transactionsQuery(ctx.db.kysely),
    LIST,
    siteId,
    query,
    query,
    ctx.listTotals,
  );
  return { ...page, items: await shape(ctx, siteId, page.items, expandSet(query.expand)) };
}

export async function getTransaction(
  ctx: AppContext,
  siteId: string,
  id: string,
  expand = new Set<string>(),
) {
  const row = await repo.findTransaction(ctx.db.kysely, siteId, id);
  if (!row) throw notFound('Transaction');
  const [tx] = await shape(ctx, siteId, [row], expand);
  return tx!;
}

function badVendor(): AppError {
  return new AppError('VALIDATION_FAILED', {
    vendor: { code: 'invalid_reference', message: 'Unknown vendor' },
  });
}

export async function createTransaction(
  ctx: AppContext,
  siteId: string,
  userId: string,
  input: AccountTransactionCreate,
): Promise<AccountTransaction> {
  const id = await ctx.db.kysely.transaction().execute(async (trx) => {
    if (input.vendor && !(await repo.vendorExists(trx, siteId, input.vendor))) throw badVendor();
    const posted = await postTransaction(
      trx,
      {
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
      },
      ctx.db.dialect === 'postgres',
    );
    await auditCreated(trx, 'account_transactions', siteId, posted);
    return posted;
  });
  return getTransaction(ctx, siteId, id);
}

/** Manual transactions only: a payment's or refund's postings change with that record. */
async function lockManual(
  ctx: AppContext,
  trx: Parameters<typeof postTransaction>[0],
  siteId: string,
  id: string,
) {
  const pg = ctx.db.dialect === 'postgres';
  // Locked: its amount, type and account are what the balances are moved by.
  const row = await repo.findTransaction(trx, siteId, id, pg);
  if (!row) throw notFound('Transaction');
  if (row.payment || row.vendor_refund) throw new AppError('TRANSACTION_LINKED');
  await lockAccount(trx, siteId, row.account, pg);
  return row;
}

export async function updateTransaction(
  ctx: AppContext,
  siteId: string,
  id: string,
  input: AccountTransactionUpdate,
): Promise<AccountTransaction> {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await lockManual(ctx, trx, siteId, id);
    const changes: Partial<repo.TransactionRow> = { updated: nowIso() };
    if (input.account !== undefined && input.account !== row.account) {
      const target = await lockAccount(trx, siteId, input.account, ctx.db.dialect === 'postgres');
      if (!target) {
        throw new AppError('VALIDATION_FAILED', {
          account: { code: 'invalid_reference', message: 'Unknown account' },
        });
      }
      if (target.is_active !== 1)
        throw new AppError('ACCOUNT_INACTIVE', { account: input.account });
      changes.account = input.account;
    }
    if (input.vendor !== undefined) {
      if (input.vendor && !(await repo.vendorExists(trx, siteId, input.vendor))) throw badVendor();
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
    const audit = await auditStart(trx, {
      entity: 'account_transactions',
      siteId,
      id,
      action: 'update',
    });
    await repo.updateTransaction(trx, siteId, id, changes);
    await audit.finish();
    // Out of the account it was in, as it was; into the account it is in now, as it is now.
    await moveBalance(trx, siteId, row.account, -balanceEffect(row));
    await moveBalance(
      trx,
      siteId,
      changes.account ?? row.account,
      balanceEffect({ type: changes.type ?? row.type, amount: changes.amount ?? row.amount }),
    );
  });
  return getTransaction(ctx, siteId, id);
}

export async function deleteTransaction(
  ctx: AppContext,
  siteId: string,
  id: string,
): Promise<void> {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await lockManual(ctx, trx, siteId, id);
    const audit = await auditStart(trx, {
      entity: 'account_transactions',
      siteId,
      id,
      action: 'delete',
    });
    await repo.deleteTransaction(trx, siteId, id);
    await audit.finish();
    await moveBalance(trx, siteId, row.account, -balanceEffect(row));
  });
}
