import { z } from 'zod';
import { zLine, zMultiline } from '../text.js';
import { zBusinessDate, zId, zListQuery, zPositiveRupees, zSignedRupees } from './common.js';

export const ACCOUNT_TYPES = ['bank', 'credit_card', 'cash', 'digital_wallet', 'other'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const TRANSACTION_TYPES = ['credit', 'debit'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** What a transaction was for; payments and refunds set theirs, manual ones may choose. */
export const TRANSACTION_CATEGORIES = [
  'payment',
  'refund',
  'deposit',
  'withdrawal',
  'transfer',
  'other',
] as const;
export type TransactionCategory = (typeof TRANSACTION_CATEGORIES)[number];

const optionalText = (max: number) =>
  (max >= 500 ? zMultiline(max) : zLine(max)).optional().nullable();

// Fields without defaults: the update schema is their partial, so a PATCH never resets a field.
const accountFields = {
  name: zLine(120).min(1, 'Name is required'),
  type: z.enum(ACCOUNT_TYPES),
  account_number: optionalText(40),
  bank_name: optionalText(120),
  description: optionalText(2000),
  is_active: z.boolean(),
  opening_balance: zSignedRupees,
};

export const zAccountCreate = z.object({
  ...accountFields,
  is_active: accountFields.is_active.default(true),
  opening_balance: accountFields.opening_balance.default(0),
});
export type AccountCreate = z.infer<typeof zAccountCreate>;

export const zAccountUpdate = z.object(accountFields).partial();
export type AccountUpdate = z.infer<typeof zAccountUpdate>;

export const zAccount = z.object({
  id: z.string(),
  site: z.string(),
  name: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  account_number: z.string().nullable(),
  bank_name: z.string().nullable(),
  description: z.string().nullable(),
  is_active: z.boolean(),
  opening_balance: z.number(),
  /** opening_balance + credits − debits, true after every transaction change. */
  current_balance: z.number(),
  created: z.string(),
  updated: z.string(),
});
export type Account = z.infer<typeof zAccount>;

export const zAccountListQuery = zListQuery.extend({
  type: z.enum(ACCOUNT_TYPES).optional(),
  is_active: z.enum(['true', 'false', '1', '0']).optional(),
});
export type AccountListQuery = z.infer<typeof zAccountListQuery>;

const transactionFields = {
  account: zId,
  type: z.enum(TRANSACTION_TYPES),
  amount: zPositiveRupees,
  transaction_date: zBusinessDate,
  description: optionalText(500),
  reference: optionalText(120),
  notes: optionalText(2000),
  vendor: zId.optional().nullable(),
  transaction_category: z.enum(TRANSACTION_CATEGORIES).optional().nullable(),
};

/** A manual transaction; payments and refunds create their own through their services. */
export const zAccountTransactionCreate = z.object(transactionFields);
export type AccountTransactionCreate = z.infer<typeof zAccountTransactionCreate>;

export const zAccountTransactionUpdate = z.object(transactionFields).partial();
export type AccountTransactionUpdate = z.infer<typeof zAccountTransactionUpdate>;

export const zAccountTransaction = z.object({
  id: z.string(),
  site: z.string(),
  account: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  amount: z.number(),
  transaction_date: z.string(),
  description: z.string().nullable(),
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  vendor: z.string().nullable(),
  payment: z.string().nullable(),
  vendor_refund: z.string().nullable(),
  transaction_category: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
  expand: z
    .object({
      account: z.object({ id: z.string(), name: z.string(), type: z.string() }).optional(),
      vendor: z.object({ id: z.string(), name: z.string() }).optional(),
    })
    .optional(),
});
export type AccountTransaction = z.infer<typeof zAccountTransaction>;

export const zAccountTransactionListQuery = zListQuery.extend({
  account: z.string().max(40).optional(),
  type: z.enum(TRANSACTION_TYPES).optional(),
  vendor: z.string().max(40).optional(),
  payment: z.string().max(40).optional(),
  transaction_category: z.string().max(40).optional(),
});
export type AccountTransactionListQuery = z.infer<typeof zAccountTransactionListQuery>;
