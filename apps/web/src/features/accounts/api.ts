import type {
  Account,
  AccountCreate,
  AccountTransaction,
  AccountTransactionCreate,
  AccountTransactionUpdate,
  AccountUpdate,
} from '@siteledger/domain';
import {
  useCreateRecord,
  useDeleteRecord,
  useRecord,
  useRecordList,
  useUpdateRecord,
  type ListQuery,
} from '../../lib/site-records';

/** Accounts of the current site and their transactions (API.md "Accounts"). */
export const ACCOUNTS = 'accounts';
export const TRANSACTIONS = 'account_transactions';

export function useAccounts(query: ListQuery) {
  return useRecordList<Account>(ACCOUNTS, query);
}

export function useAccount(id: string | undefined) {
  return useRecord<Account>(ACCOUNTS, id);
}

/** A page of one account's transactions, newest first, with the vendor inlined. */
export function useAccountTransactions(accountId: string, query: ListQuery) {
  return useRecordList<AccountTransaction>(
    TRANSACTIONS,
    { ...query, account: accountId, expand: 'vendor' },
    { enabled: Boolean(accountId) },
  );
}

// A transaction changes its account's balance; an account's edit shows in transaction lists.

export const useCreateAccount = () => useCreateRecord<AccountCreate, Account>(ACCOUNTS);
export const useUpdateAccount = () => useUpdateRecord<AccountUpdate, Account>(ACCOUNTS);
export const useDeleteAccount = () => useDeleteRecord(ACCOUNTS);

export const useCreateTransaction = () =>
  useCreateRecord<AccountTransactionCreate, AccountTransaction>(TRANSACTIONS);
export const useUpdateTransaction = () =>
  useUpdateRecord<AccountTransactionUpdate, AccountTransaction>(TRANSACTIONS);
export const useDeleteTransaction = () => useDeleteRecord(TRANSACTIONS);
