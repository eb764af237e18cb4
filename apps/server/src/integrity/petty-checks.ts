import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Violation } from './check.js';

type Row = Record<string, unknown>;
const n = (value: unknown) => Number(value ?? 0);
const s = (value: unknown) => String(value ?? '');

async function rows(db: Kysely<Database>, query: ReturnType<typeof sql>): Promise<Row[]> {
  return (await query.execute(db)).rows as Row[];
}

/**
 * Petty cash (issue 46): an imprest's account debit is its level; a replenishment's debit is its
 * amount, which is the sum of the expenses it paid back, all approved and of its imprest; an
 * expense's taxable value and tax add up to its amount. With these the balance the reads give
 * (level − approved − pending since the last replenishment) is the cash the holder should have.
 */
export async function pettyChecks(db: Kysely<Database>): Promise<Violation[]> {
  const out: Violation[] = [];
  const push = (check: string, table: string, id: unknown, detail: string) =>
    out.push({ check, table, id: s(id), detail });

  for (const r of await rows(
    db,
    sql`select i.id, i.amount,
        coalesce((select sum(t.amount) from account_transactions t
          where t.imprest = i.id and t.type = 'debit'), 0) as debited
        from imprests i`,
  )) {
    if (n(r.amount) !== n(r.debited))
      push('Imprest issued', 'imprests', r.id, `level ${n(r.amount)}, debited ${n(r.debited)}`);
  }
  for (const r of await rows(
    db,
    sql`select p.id, p.amount, p.imprest,
        coalesce((select sum(t.amount) from account_transactions t
          where t.imprest_replenishment = p.id and t.type = 'debit'), 0) as debited,
        coalesce((select sum(e.amount) from petty_expenses e where e.replenishment = p.id), 0) as paid,
        (select count(*) from petty_expenses e where e.replenishment = p.id
          and (e.status <> 'approved' or e.imprest <> p.imprest)) as strays
        from imprest_replenishments p`,
  )) {
    if (n(r.amount) !== n(r.debited) || n(r.amount) !== n(r.paid) || n(r.strays) > 0)
      push(
        'Imprest replenished',
        'imprest_replenishments',
        r.id,
        `amount ${n(r.amount)}, debited ${n(r.debited)}, expenses ${n(r.paid)}, strays ${n(r.strays)}`,
      );
  }
  for (const r of await rows(
    db,
    sql`select id, amount, taxable_amount, cgst_amount, sgst_amount, igst_amount
        from petty_expenses`,
  )) {
    const parts = n(r.taxable_amount) + n(r.cgst_amount) + n(r.sgst_amount) + n(r.igst_amount);
    if (parts !== n(r.amount))
      push('Petty expense GST', 'petty_expenses', r.id, `amount ${n(r.amount)}, parts ${parts}`);
  }
  return out;
}
