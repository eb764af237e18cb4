import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ledgerChunk, type LedgerCursor, type LedgerSourceRow } from './ledger-source-repo.js';

/** Rows read per query: the most an export holds at once. */
export const EXPORT_CHUNK_ROWS = 1000;

export interface LedgerLine extends LedgerSourceRow {
  /** Running balance after this entry (paise), counted from the vendor's first entry. */
  balance: number;
}

export interface LedgerLinesParams {
  siteId: string;
  vendor: string;
  today: string;
  /** Inclusive bounds; '' and '9999-12-31' when open. */
  from: string;
  to: string;
  /** Balance before `from`. */
  opening: number;
  chunkRows?: number;
}

/**
 * The ledger's entries in the range, one chunk at a time, each with its running balance. The
 * balance is carried from chunk to chunk, so no query ever looks at more than one chunk's rows
 * and the whole ledger is never in memory.
 */
export async function* ledgerLines(
  db: Kysely<Database>,
  params: LedgerLinesParams,
): AsyncGenerator<LedgerLine[]> {
  const limit = params.chunkRows ?? EXPORT_CHUNK_ROWS;
  let balance = params.opening;
  let cursor: LedgerCursor | null = null;
  for (;;) {
    const rows = await ledgerChunk(db, params, cursor, limit);
    if (rows.length === 0) return;
    const lines = rows.map((row) => {
      balance += row.credit - row.debit;
      return { ...row, balance };
    });
    yield lines;
    if (rows.length < limit) return;
    const last = rows[rows.length - 1]!;
    cursor = { date: last.date, created: last.created, rank: last.rank, id: last.id };
  }
}
