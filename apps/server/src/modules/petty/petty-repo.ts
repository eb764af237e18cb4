import type { Executor } from '../../db/executor.js';
import { siteRows } from '../../db/site-rows.js';

export const imprestRows = siteRows('imprests');
export const expenseRows = siteRows('petty_expenses');
export const replenishmentRows = siteRows('imprest_replenishments');

export interface Spend {
  approved: number;
  pending: number;
}

/** Approved and pending spend of each imprest since its last replenishment (paise). */
export async function spendOf(db: Executor, imprests: readonly string[]) {
  const out = new Map<string, Spend>(imprests.map((id) => [id, { approved: 0, pending: 0 }]));
  if (imprests.length === 0) return out;
  const rows = await db
    .selectFrom('petty_expenses')
    .select(['imprest', 'status', (eb) => eb.fn.sum<number | string>('amount').as('total')])
    .where('imprest', 'in', [...imprests])
    .where('replenishment', 'is', null)
    .where('status', 'in', ['approved', 'pending'])
    .groupBy(['imprest', 'status'])
    .execute();
  for (const row of rows) {
    const spend = out.get(row.imprest);
    if (!spend) continue;
    if (row.status === 'approved') spend.approved += Number(row.total);
    else spend.pending += Number(row.total);
  }
  return out;
}

/** The latest replenishment date of each imprest. */
export async function lastReplenished(db: Executor, imprests: readonly string[]) {
  if (imprests.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('imprest_replenishments')
    .select(['imprest', (eb) => eb.fn.max('replenish_date').as('last')])
    .where('imprest', 'in', [...imprests])
    .groupBy('imprest')
    .execute();
  return new Map(rows.map((r) => [r.imprest, String(r.last)]));
}

/** The site's member's name, or undefined when the user is not an active member of the site. */
export async function memberName(db: Executor, siteId: string, userId: string) {
  const row = await db
    .selectFrom('site_users as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.name')
    .where('m.site_id', '=', siteId)
    .where('m.user_id', '=', userId)
    .where('m.is_active', '=', 1)
    .executeTakeFirst();
  return row?.name;
}

export async function namesOf(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** An expense's cost head: its budget line's when it names one, else the one given, else other. */
export async function headFor(
  db: Executor,
  budgetLine: string | null,
  given: string | null,
): Promise<string> {
  if (budgetLine) {
    const line = await db
      .selectFrom('budget_lines')
      .select('head')
      .where('id', '=', budgetLine)
      .executeTakeFirst();
    if (line) return line.head;
  }
  return given ?? 'other';
}
