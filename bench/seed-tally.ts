/**
 * What the seed meant to write against what the server accepted, and the latest date of every
 * dated column: a refused record or a date after the seed's business day fails the seed (exit
 * non-zero), so neither can come back unnoticed.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../apps/server/src/db/schema.js';

/** Every dated column of the books: none may be after the seed's business day. */
const DATED: [keyof Database & string, string][] = [
  ['deliveries', 'delivery_date'],
  ['service_bookings', 'start_date'],
  ['service_bookings', 'end_date'],
  ['payments', 'payment_date'],
  ['account_transactions', 'transaction_date'],
  ['vendor_credit_notes', 'issue_date'],
  ['credit_note_usage', 'used_date'],
  ['vendor_returns', 'return_date'],
  ['vendor_returns', 'completion_date'],
  ['vendor_refunds', 'refund_date'],
  ['stock_consumptions', 'consumption_date'],
  ['stock_adjustments', 'adjustment_date'],
  ['stock_movements', 'movement_date'],
];

export class SeedTally {
  /** Records planned, by type. */
  readonly intended: Record<string, number> = {};
  /** Records landed, by type (and `… refused: CODE`, `lines`). */
  readonly counts: Record<string, number> = {};
  private readonly refusals: string[] = [];

  add(what: string, n = 1) {
    this.counts[what] = (this.counts[what] ?? 0) + n;
  }

  /** Writes one record, counting it landed or refused (by the server's error code). */
  async attempt<T>(what: string, write: () => Promise<T>): Promise<T | undefined> {
    try {
      const written = await write();
      this.add(what);
      return written;
    } catch (error) {
      const code = (error as { code?: string }).code ?? String(error);
      this.add(`${what} refused: ${code}`);
      if (this.refusals.length < 5) this.refusals.push(`${what}: ${JSON.stringify(error)}`);
      return undefined;
    }
  }

  /** Logs intended against landed and the latest dates; throws on a shortfall or a future date. */
  async check(db: Kysely<Database>, today: string, log: (line: string) => void) {
    const latest: Record<string, string | null> = {};
    for (const [table, column] of DATED) {
      const { rows } = await sql<{
        latest: string | null;
      }>`select max(${sql.ref(column)}) as latest from ${sql.table(table)}`.execute(db);
      latest[`${table}.${column}`] = rows[0]?.latest ?? null;
    }
    const landed = (what: string) => this.counts[what] ?? 0;
    for (const [what, n] of Object.entries(this.intended))
      log(`  ${what}: ${landed(what)} of ${n} landed`);
    log(`  latest dates (today ${today}): ${JSON.stringify(latest)}`);
    const problems = [
      ...Object.entries(this.intended)
        .filter(([what, n]) => landed(what) !== n)
        .map(([what, n]) => `${what}: ${landed(what)} of ${n} landed`),
      ...Object.entries(latest)
        .filter(([, date]) => date !== null && date > today)
        .map(([column, date]) => `${column} ${date} is after ${today}`),
    ];
    if (problems.length > 0) {
      const refused = Object.entries(this.counts).filter(([what]) => what.includes('refused'));
      throw new Error(
        [
          'the seed is not what it intends:',
          ...problems,
          ...refused.map(([what, n]) => `${n} × ${what}`),
          ...this.refusals,
        ].join('\n'),
      );
    }
    return latest;
  }
}
