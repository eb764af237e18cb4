import { sql } from 'kysely';
import type { TestServer } from './test-server.js';

/** The vendor ledger endpoint's entry (API.md "Reports and exports"). */
export interface LedgerEntry {
  id: string;
  date: string;
  type: string;
  reference: string | null;
  debit: number;
  credit: number;
  balance: number;
  amount: number;
}

export interface LedgerBody {
  opening_balance: number;
  closing_balance: number;
  totalItems: number;
  entries: LedgerEntry[];
  summary: { ledger_balance: number };
}

/** The type column of the exports, per ledger entry type. */
export const TYPE_LABELS: Record<string, string> = {
  delivery: 'Delivery',
  service_booking: 'Service booking',
  payment: 'Payment',
  return: 'Return',
  refund: 'Refund',
  credit_note: 'Credit note',
  credit_note_expired: 'Credit note lapsed',
};

/** YYYY-MM-DD → DD-MM-YYYY. */
export const dmy = (date: string) => date.split('-').reverse().join('-');

/** Rupees as the CSV writes them. */
export const two = (rupees: number) => rupees.toFixed(2);

/** A text cell as the CSV guards it against formulas. */
export const guarded = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** The CSV row an entry of GET …/ledger must become (the description column aside). */
export function expectedRow(entry: LedgerEntry): string[] {
  return [
    dmy(entry.date),
    TYPE_LABELS[entry.type] ?? entry.type,
    guarded(entry.reference ?? ''),
    two(entry.debit),
    two(entry.credit),
    two(entry.balance),
  ];
}

/** A CSV row without its description cell (index 3), to compare with expectedRow. */
export const withoutDescription = (row: string[]) => [...row.slice(0, 3), ...row.slice(4)];

/**
 * `count` deliveries of ₹100 (one line each: 1 × `item` at ₹100) written straight into the
 * database for `vendor`, spread over 1 000 days from 2022-01-01 (as test/ledger.test.ts builds its
 * big ledger). Ids are `prefix` letters + the number; created in 2025, outside any usage month.
 */
export async function insertManyDeliveries(
  server: TestServer,
  target: { siteId: string; vendor: string; item: string },
  count: number,
  prefix: { delivery: string; line: string },
): Promise<void> {
  const db = server.ctx.db.kysely;
  const pg = server.ctx.db.dialect === 'postgres';
  const series = pg
    ? sql`select i from generate_series(1, ${sql.lit(count)}) as s(i)`
    : sql`with recursive s(i) as (select 1 union all select i + 1 from s where i < ${sql.lit(count)})
        select i from s`;
  const date = pg
    ? sql`to_char(date '2022-01-01' + (i % 1000), 'YYYY-MM-DD')`
    : sql`date('2022-01-01', '+' || (i % 1000) || ' days')`;
  const id = (letter: string) => sql`${sql.lit(letter)} || substr('00000000000000' || i, -14)`;
  const created = sql.lit('2025-01-01T00:00:00.000Z');
  await sql`insert into deliveries (id, site_id, vendor, delivery_date, delivery_reference, notes,
      photos, items_total, tax_amount, round_off, total_amount, paid_amount, payment_status,
      created_by, created, updated)
    select ${id(prefix.delivery)}, ${target.siteId}, ${target.vendor}, ${date}, 'CH-' || i, null,
      '[]', 10000, 0, 0, 10000, 0, 'pending', null, ${created}, ${created}
    from (${series}) as n`.execute(db);
  await sql`insert into delivery_items (id, site_id, delivery, item, quantity, unit_price,
      total_amount, notes, created_by, created, updated)
    select ${id(prefix.line)}, ${target.siteId}, ${id(prefix.delivery)}, ${target.item}, 1000,
      10000, 10000, null, null, ${created}, ${created}
    from (${series}) as n`.execute(db);
  if (pg) await sql`analyze deliveries`.execute(db);
}
