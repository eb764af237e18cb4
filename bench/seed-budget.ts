/**
 * The large site's budget (issue 45), after its deliveries, bookings and stock, through the
 * service layer like the rest of the seed: a material line for every tenth item (quantity, rate,
 * percent complete: their figures re-summed from that item's deliveries and consumption as the
 * line is made) and a few lines of every other cost head. Then the report reads stored figures.
 */
import { BUDGET_HEADS, zBudgetLineCreate } from '@siteledger/domain';
import { budgetLines } from '../apps/server/src/modules/budgets/budgets-service.js';
import type { SiteScope } from '../apps/server/src/platform/scope.js';
import type { SeedTally } from './seed-tally.js';

export interface BudgetSeed {
  scope: SiteScope;
  itemIds: string[];
  tally: SeedTally;
  log: (line: string) => void;
}

/** Lines per cost head other than material. */
const OTHER_LINES = 8;

export async function seedBudget(s: BudgetSeed): Promise<void> {
  const { scope, itemIds, tally } = s;
  const budgeted = itemIds.filter((_, i) => i % 10 === 0);
  const heads = BUDGET_HEADS.filter((head) => head !== 'material');
  tally.intended['budget lines'] = budgeted.length + heads.length * OTHER_LINES;
  // One after another: each line's make re-sums its item, and the seed is not timed.
  for (const [n, item] of budgeted.entries()) {
    await tally.attempt('budget lines', () =>
      budgetLines.create(
        scope,
        zBudgetLineCreate.parse({
          head: 'material',
          name: `Material ${n + 1}`,
          item,
          quantity: 500 + (n % 7) * 250,
          unit_rate: 100 + (n % 13) * 25,
          percent_complete: 20 + (n % 8) * 10,
        }),
      ),
    );
  }
  for (const head of heads) {
    for (let k = 0; k < OTHER_LINES; k += 1) {
      await tally.attempt('budget lines', () =>
        budgetLines.create(
          scope,
          zBudgetLineCreate.parse({
            head,
            name: `${head} ${k + 1}`,
            amount: 50_000 + k * 12_500,
            percent_complete: k % 2 === 0 ? null : 30 + k * 5,
          }),
        ),
      );
    }
  }
  s.log(`  ${tally.counts['budget lines'] ?? 0} budget lines`);
}
