import {
  toPaise,
  type AccountTransaction,
  type AccountTransactionCreate,
  type AccountTransactionListQuery,
  type AccountTransactionUpdate,
} from '@siteledger/domain';
import { apiFields } from '../../platform/record-shape.js';
import { nowIso } from '../../db/ids.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { paginate, type ListSpec, type Page } from '../../platform/list.js';
import { expandSet } from '../../platform/route-params.js';
import { balanceEffect, lockAccount, moveBalance } from './accounts-repo.js';
import { lockPostableAccount, postTransaction } from './account-postings.js';
import * as repo from './transactions-repo.js';
import { auditCreated, auditStart } from '../../platform/audit.js';
import { accountRefs, checkVendorRef, vendorNameRefs } from '../../db/site-refs.js';
import type { SiteScope } from '../../platform/scope.js';

function toTransaction(row: repo.TransactionRow): AccountTransaction {
  return {
    id: row.id,
    site: row.site_id,
    account: row.account,
    type: row.type,
    ...apiFields('account_transactions', row, ['amount']),
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

const LIST: ListSpec = {
  table: 'account_transactions',
  sortable: ['transaction_date', 'amount', 'created'],
  defaultSort: '-transaction_date,-created',
  filters: ['account', 'type', 'vendor', 'payment', 'transaction_category'],
  search: ['description', 'reference', 'notes'],
  dateColumn: 'transaction_date',
};

export async function listTransactions(
  scope: SiteScope,
  query: AccountTransactionListQuery,
): Promise<Page<AccountTransaction>> {
  const { ctx, siteId } = scope;
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

export async function getTransaction(scope: SiteScope, id: string, expand = new Set<string>()) {
  const { ctx, siteId } = scope;
  const row = await repo.findTransaction(ctx.db.kysely, siteId, id);
  if (!row) throw notFound('Transaction');
  const [tx] = await shape(ctx, siteId, [row], expand);
  return tx!;
}

export async function createTransaction(
  scope: SiteScope,
  input: AccountTransactionCreate,
): Promise<AccountTransaction> {
  const { ctx, siteId, userId } = scope;
  const id = await ctx.db.kysely.transaction().execute(async (trx) => {
    if (input.vendor) await checkVendorRef(trx, siteId, input.vendor);
    const posted = await postTransaction(trx, {
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
    });
    await auditCreated(trx, 'account_transactions', siteId, posted);
    return posted;
  });
  return getTransaction(scope, id);
}

/** Manual transactions only: a payment's or refund's postings change with that record. */
async function lockManual(
  ctx: AppContext,
  trx: Parameters<typeof postTransaction>[0],
  siteId: string,
  id: string,
) {
  // Locked: its amount, type and account are what the balances are moved by.
  const row = await repo.lockTransaction(trx, siteId, id);
  if (!row) throw notFound('Transaction');
  if (row.payment || row.vendor_refund) throw new AppError('TRANSACTION_LINKED');
  await lockAccount(trx, siteId, row.account);
  return row;
}

export async function updateTransaction(
  scope: SiteScope,
  id: string,
  input: AccountTransactionUpdate,
): Promise<AccountTransaction> {
  const { ctx, siteId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await lockManual(ctx, trx, siteId, id);
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
  return getTransaction(scope, id);
}

export async function deleteTransaction(scope: SiteScope, id: string): Promise<void> {
  const { ctx, siteId } = scope;
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
