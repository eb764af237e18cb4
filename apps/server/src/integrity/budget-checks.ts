import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import {
  figuresOf,
  itemLines,
  siteLines,
  type Figures,
} from '../modules/budgets/budget-figures.js';
import type { Violation } from './check.js';

const FIGURES: readonly (keyof Figures)[] = [
  'committed',
  'actual',
  'ordered',
  'received',
  'consumed',
  'on_order',
];

/**
 * Budgets (issue 45): every line's kept figures are the sums of their sources, as a fresh re-sum
 * finds them (the writes that move them keep them; a write that forgot would show here).
 */
export async function budgetChecks(db: Kysely<Database>): Promise<Violation[]> {
  const out: Violation[] = [];
  const sites = await db.selectFrom('budget_lines').select('site_id').distinct().execute();
  for (const { site_id: siteId } of sites) {
    const lines = await siteLines(db, siteId);
    const fresh = await figuresOf(db, siteId, lines, itemLines(lines));
    const kept = await db
      .selectFrom('budget_lines')
      .select(['id', ...FIGURES])
      .where('site_id', '=', siteId)
      .execute();
    for (const row of kept) {
      const want = fresh.get(row.id)!;
      for (const figure of FIGURES) {
        if (Number(row[figure]) !== want[figure]) {
          out.push({
            check: 'Budget line figures',
            table: 'budget_lines',
            id: row.id,
            detail: `${figure} ${Number(row[figure])} ≠ Σ sources ${want[figure]}`,
          });
        }
      }
    }
  }
  return out;
}
