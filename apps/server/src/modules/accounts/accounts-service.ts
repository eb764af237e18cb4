import {
  toPaise,
  type Account,
  type AccountCreate,
  type AccountListQuery,
  type AccountUpdate,
} from '@siteledger/domain';
import { apiFields } from '../../platform/record-shape.js';
import { newId, nowIso } from '../../db/ids.js';
import { AppError, notFound } from '../../platform/errors.js';
import { checkQuota, releaseQuota } from '../../platform/plan-limits.js';
import { paginate, type ListSpec, type Page } from '../../platform/list.js';
import * as repo from './accounts-repo.js';
import { auditCreated, auditStart } from '../../platform/audit.js';
import type { SiteScope } from '../../platform/scope.js';

export function toAccount(row: repo.AccountRow): Account {
  return {
    id: row.id,
    site: row.site_id,
    name: row.name,
    type: row.type,
    account_number: row.account_number,
    bank_name: row.bank_name,
    description: row.description,
    is_active: row.is_active === 1,
    ...apiFields('accounts', row, ['opening_balance', 'current_balance']),
    created: row.created,
    updated: row.updated,
  };
}

const LIST: ListSpec = {
  table: 'accounts',
  sortable: ['name', 'type', 'current_balance', 'created', 'updated'],
  defaultSort: 'name',
  filters: ['type'],
  search: ['name', 'account_number', 'bank_name'],
};

export async function listAccounts(
  scope: SiteScope,
  query: AccountListQuery,
): Promise<Page<Account>> {
  const { ctx, siteId } = scope;
  const active =
    query.is_active === undefined
      ? undefined
      : query.is_active === 'true' || query.is_active === '1';
  const page = await paginate(
    repo.accountsQuery(ctx.db.kysely, { is_active: active }),
    LIST,
    siteId,
    query,
    query,
    ctx.listTotals,
  );
  return { ...page, items: page.items.map(toAccount) };
}

export async function getAccount(scope: SiteScope, id: string): Promise<Account> {
  const { ctx, siteId } = scope;
  const row = await repo.findAccount(ctx.db.kysely, siteId, id);
  if (!row) throw notFound('Account');
  return toAccount(row);
}

export async function createAccount(scope: SiteScope, input: AccountCreate): Promise<Account> {
  const { ctx, siteId, userId } = scope;
  const now = nowIso();
  const opening = toPaise(input.opening_balance);
  const row: repo.AccountRow = {
    id: newId(),
    site_id: siteId,
    name: input.name,
    type: input.type,
    account_number: input.account_number || null,
    bank_name: input.bank_name || null,
    description: input.description || null,
    is_active: input.is_active ? 1 : 0,
    opening_balance: opening,
    current_balance: opening,
    created_by: userId,
    created: now,
    updated: now,
  };
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const slot = await checkQuota(trx, ctx, siteId, 'accounts', 1, scope.subscription);
    await repo.insertAccount(trx, row);
    await auditCreated(trx, 'accounts', siteId, row.id);
    await slot.take();
  });
  return toAccount(row);
}

export async function updateAccount(
  scope: SiteScope,
  id: string,
  input: AccountUpdate,
): Promise<Account> {
  const { ctx, siteId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await repo.lockAccount(trx, siteId, id);
    if (!row) throw notFound('Account');
    const changes: Partial<repo.AccountRow> = { updated: nowIso() };
    if (input.name !== undefined) changes.name = input.name;
    if (input.type !== undefined) changes.type = input.type;
    if (input.account_number !== undefined) changes.account_number = input.account_number || null;
    if (input.bank_name !== undefined) changes.bank_name = input.bank_name || null;
    if (input.description !== undefined) changes.description = input.description || null;
    if (input.is_active !== undefined) changes.is_active = input.is_active ? 1 : 0;
    if (input.opening_balance !== undefined)
      changes.opening_balance = toPaise(input.opening_balance);
    const audit = await auditStart(trx, { entity: 'accounts', siteId, id, action: 'update' });
    await repo.updateAccount(trx, siteId, id, changes);
    await audit.finish();
    // A new opening balance moves the current balance with it.
    if (changes.opening_balance !== undefined)
      await repo.moveBalance(
        trx,
        siteId,
        id,
        changes.opening_balance - Number(row.opening_balance),
      );
  });
  return getAccount(scope, id);
}

export async function deleteAccount(scope: SiteScope, id: string): Promise<void> {
  const { ctx, siteId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await repo.lockAccount(trx, siteId, id);
    if (!row) throw notFound('Account');
    // An account with history is part of the books: deactivate it instead.
    if (await repo.accountIsUsed(trx, id))
      throw new AppError('RECORD_IN_USE', { entity: 'account' });
    const audit = await auditStart(trx, { entity: 'accounts', siteId, id, action: 'delete' });
    await repo.deleteAccount(trx, siteId, id);
    await audit.finish();
    await releaseQuota(trx, siteId, 'accounts', row.created);
  });
}
