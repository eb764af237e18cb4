import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { EXPORT_CHUNK_ROWS } from './ledger-lines.js';
import {
  statementChunk,
  type StatementCursor,
  type StatementRange,
  type StatementSourceRow,
} from './statement-repo.js';

export interface StatementLine extends StatementSourceRow {
  debit: number;
  credit: number;
  /** Account balance after this transaction (paise). */
  balance: number;
}

/**
 * The account's transactions in the range, a chunk at a time, with the running balance carried
 * across chunks from `opening` (the balance before `from`).
 */
export async function* statementLines(
  db: Kysely<Database>,
  range: StatementRange,
  opening: number,
  chunkRows = EXPORT_CHUNK_ROWS,
): AsyncGenerator<StatementLine[]> {
  let balance = opening;
  let cursor: StatementCursor | null = null;
  for (;;) {
    const rows = await statementChunk(db, range, cursor, chunkRows);
    if (rows.length === 0) return;
    yield rows.map((row) => {
      const credit = row.type === 'credit' ? row.amount : 0;
      const debit = row.type === 'debit' ? row.amount : 0;
      balance += credit - debit;
      return { ...row, debit, credit, balance };
    });
    if (rows.length < chunkRows) return;
    const last = rows[rows.length - 1]!;
    cursor = { date: last.date, created: last.created, id: last.id };
  }
}
