/** Accounts of the current site and their transactions (API.md "Accounts"). */
import type {
  Account,
  AccountCreate,
  AccountTransaction,
  AccountTransactionCreate,
  AccountTransactionUpdate,
  AccountUpdate,
} from '@siteledger/domain';
import type { ListQuery } from '../lib/site-records';
import { defineCollection } from './collection';

export const ACCOUNTS = 'accounts';
export const TRANSACTIONS = 'account_transactions';

const accounts = defineCollection<Account, AccountCreate, AccountUpdate>(ACCOUNTS);
const transactions = defineCollection<
  AccountTransaction,
  AccountTransactionCreate,
  AccountTransactionUpdate
>(TRANSACTIONS);

export const useAccounts = accounts.useList;
export const useAccount = accounts.useOne;
export const useCreateAccount = accounts.useCreate;
export const useUpdateAccount = accounts.useUpdate;
export const useDeleteAccount = accounts.useDelete;

/** A page of one account's transactions, newest first, with the vendor inlined. */
export function useAccountTransactions(accountId: string, query: ListQuery) {
  return transactions.useWhere(
    { ...query, account: accountId, expand: 'vendor' },
    { enabled: Boolean(accountId) },
  );
}

// A transaction changes its account's balance; an account's edit shows in transaction lists.
export const useCreateTransaction = transactions.useCreate;
export const useUpdateTransaction = transactions.useUpdate;
export const useDeleteTransaction = transactions.useDelete;
