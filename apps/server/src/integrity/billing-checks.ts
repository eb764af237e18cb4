import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Violation } from './check.js';

type Row = Record<string, unknown>;

/**
 * Plan invoices (issue 26): numbers 1…n in each financial year with no gap and the year's
 * counter at n; each invoice's parts add up to its total, with either CGST = SGST share or IGST.
 */
export async function billingChecks(db: Kysely<Database>): Promise<Violation[]> {
  const out: Violation[] = [];
  const years = (
    await sql`select i.financial_year as fy, count(*) as n, min(i.sequence) as lo,
        max(i.sequence) as hi, max(c.last_number) as counter
      from plan_invoices i left join plan_invoice_counters c on c.financial_year = i.financial_year
      group by i.financial_year`.execute(db)
  ).rows as Row[];
  for (const r of years) {
    const [n, lo, hi, counter] = [r.n, r.lo, r.hi, r.counter].map((v) => Number(v ?? 0));
    if (lo !== 1 || hi !== n || counter !== hi) {
      out.push({
        check: 'invoice numbers',
        table: 'plan_invoices',
        id: String(r.fy),
        detail: `${n} invoices numbered ${lo}–${hi}, counter at ${counter}: numbers must run 1…n without gaps`,
      });
    }
  }
  const sums = (
    await sql`select id, number from plan_invoices
      where taxable + cgst + sgst + igst <> total or taxable < 0
        or (igst <> 0 and (cgst <> 0 or sgst <> 0))`.execute(db)
  ).rows as Row[];
  for (const r of sums) {
    out.push({
      check: 'invoice amounts',
      table: 'plan_invoices',
      id: String(r.id),
      detail: `invoice ${String(r.number)}: taxable + taxes ≠ total, or IGST with CGST/SGST`,
    });
  }
  return out;
}
