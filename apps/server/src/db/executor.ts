import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/** What a repo function runs its SQL on: the database, or a transaction of it. */
export type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Runs `work` in a transaction: the caller's, when `db` already is one, or a new one. For repo
 * functions whose statements must stand or fall together whoever calls them.
 */
export function atomically<T>(
  db: Executor,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}
