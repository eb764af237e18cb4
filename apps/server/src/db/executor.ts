import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/** What a repo function runs its SQL on: the database, or a transaction of it. */
export type Executor = Kysely<Database> | Transaction<Database>;
