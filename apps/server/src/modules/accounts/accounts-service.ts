import {
  toPaise,
  type Account,
  type AccountCreate,
  type AccountListQuery,
  type AccountUpdate,
} from '@siteledger/domain';
import { nowIso } from '../../db/ids.js';
import { recordService, storedRecord } from '../../platform/record-service.js';
import * as repo from './accounts-repo.js';

const toAccount = storedRecord<Account>('accounts');

/**
 * Accounts on the generic record service: counted by plans; an account's balance moves only
 * here (its opening balance) and through account-postings.ts.
 */
export const accounts = recordService<
  repo.AccountRow,
  Account,
  AccountCreate,
  AccountUpdate,
  AccountListQuery
>('accounts', {
  noun: 'Account',
  find: repo.findAccount,
  // Locked: balance changes to one account are serial.
  lock: repo.lockAccount,
  // An account is its business's (issue 47): read under a site, it is that site's; its balance is
  // the account's, moved by every site's postings.
  shape: async ({ siteId }, rows) => rows.map((row) => toAccount({ ...row, site_id: siteId })),
  list: {
    query: (db, query) => {
      const active =
        query.is_active === undefined
          ? undefined
          : query.is_active === 'true' || query.is_active === '1';
      return repo.accountsQuery(db, { is_active: active });
    },
  },
  create: {
    insert: async (trx, { siteId, userId }, input, id, now) => {
      const opening = toPaise(input.opening_balance);
      await repo.insertAccount(trx, {
        id,
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
      });
    },
  },
  update: {
    changes: async (_trx, _scope, _row, input) => {
      const changes: Partial<repo.AccountRow> = { updated: nowIso() };
      if (input.name !== undefined) changes.name = input.name;
      if (input.type !== undefined) changes.type = input.type;
      if (input.account_number !== undefined) changes.account_number = input.account_number || null;
      if (input.bank_name !== undefined) changes.bank_name = input.bank_name || null;
      if (input.description !== undefined) changes.description = input.description || null;
      if (input.is_active !== undefined) changes.is_active = input.is_active ? 1 : 0;
      if (input.opening_balance !== undefined)
        changes.opening_balance = toPaise(input.opening_balance);
      return changes;
    },
    write: repo.updateAccount,
    // A new opening balance moves the current balance with it.
    after: async (trx, { siteId }, id, _input, row, changes) => {
      if (changes.opening_balance !== undefined)
        await repo.moveBalance(
          trx,
          siteId,
          id,
          changes.opening_balance - Number(row.opening_balance),
        );
    },
  },
  remove: {
    // An account with history is part of the books: deactivate it instead.
    inUse: { entity: 'account', check: (trx, _siteId, id) => repo.accountIsUsed(trx, id) },
    write: repo.deleteAccount,
  },
});

export const listAccounts = accounts.list;
export const getAccount = accounts.get;
export const createAccount = accounts.create;
export const updateAccount = accounts.update;
export const deleteAccount = accounts.remove;
