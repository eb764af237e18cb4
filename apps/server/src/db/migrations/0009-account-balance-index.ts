import { type AnyDb } from './helpers.js';

/**
 * An account's balance is recomputed from all its transactions on every posting
 * (accounts-repo.ts `recomputeBalance`: the balance is always the sum, never a running figure).
 * Without an index on `account` that sum read the whole table: 6.2 ms per payment once the
 * benchmark's busiest account had 38 000 transactions, and growing. This index covers the sum
 * (account, type, amount), so it reads the account's entries from the index alone
 * (11.4 → 2.2 ms for 40 000 transactions of 200 000; bench/ANALYSIS.md).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('account_transactions_account_sum')
    .on('account_transactions')
    .columns(['account', 'type', 'amount'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('account_transactions_account_sum').execute();
}
