import { type AnyDb } from './helpers.js';

/**
 * Sums of one account's transactions (the integrity check's balance check; until the running
 * balance of `accounts-repo.ts` `moveBalance`, every posting) read the whole table without an
 * index on `account`: 6.2 ms once the benchmark's busiest account had 38 000 transactions. This
 * index covers the sum (account, type, amount), so it reads the account's entries from the index
 * alone (11.4 → 2.2 ms for 40 000 transactions of 200 000; bench/ANALYSIS.md).
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
