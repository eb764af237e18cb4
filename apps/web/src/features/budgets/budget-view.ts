/**
 * What the Budget page draws, worked out apart from React so it can be tested: lines grouped by
 * cost head in the domain's order, the flagged ones first, and each line's bar as shares of
 * its budget (actual, then committed, then what is left).
 */
import { BUDGET_HEADS, type BudgetHead, type FullBudgetLine } from '@siteledger/domain';

/** A line needs the owner's eye: consumption past the site's threshold, or money past budget. */
export function isFlagged(line: Pick<FullBudgetLine, 'quantity_view' | 'remaining'>): boolean {
  return Boolean(line.quantity_view?.flag) || line.remaining < 0;
}

export interface BudgetGroup {
  head: BudgetHead;
  lines: FullBudgetLine[];
  totals: { budget: number; committed: number; actual: number; remaining: number };
}

/** Rupees summed in paise, so ₹0.10 + ₹0.20 is ₹0.30 and not 0.30000000000000004. */
function sumRupees(values: readonly number[]): number {
  return values.reduce((paise, value) => paise + Math.round(value * 100), 0) / 100;
}

/**
 * Heads in BUDGET_HEADS order, empty heads left out; within a head flagged lines first, then by
 * name (the server's `head,name` order, kept stable for lines of one kind).
 */
export function groupBudgetLines(lines: readonly FullBudgetLine[]): BudgetGroup[] {
  return BUDGET_HEADS.flatMap((head) => {
    const own = lines.filter((line) => line.head === head);
    if (own.length === 0) return [];
    const sorted = [...own].sort(
      (a, b) =>
        Number(isFlagged(b)) - Number(isFlagged(a)) ||
        a.name.localeCompare(b.name, 'en-IN', { sensitivity: 'base' }),
    );
    return [
      {
        head,
        lines: sorted,
        totals: {
          budget: sumRupees(own.map((line) => line.amount)),
          committed: sumRupees(own.map((line) => line.committed)),
          actual: sumRupees(own.map((line) => line.actual)),
          remaining: sumRupees(own.map((line) => line.remaining)),
        },
      },
    ];
  });
}

/** Widths in percent of the bar; `over` when spending passed the budget. */
export interface BudgetBar {
  actual: number;
  committed: number;
  remaining: number;
  over: boolean;
}

const roundTenth = (value: number): number => Math.round(value * 10) / 10;

/**
 * The stacked bar of a line: actual, committed and remaining as shares of the budget. Past the
 * budget the whole bar is what was spent (actual and committed in proportion), so it never
 * overflows its box; with no budget at all a spend fills it.
 */
export function budgetBar(figures: {
  budget: number;
  committed: number;
  actual: number;
}): BudgetBar {
  const actual = Math.max(figures.actual, 0);
  const committed = Math.max(figures.committed, 0);
  const spent = actual + committed;
  const scale = Math.max(figures.budget, spent);
  if (scale <= 0) return { actual: 0, committed: 0, remaining: 0, over: false };
  const actualShare = roundTenth((actual / scale) * 100);
  const committedShare = roundTenth((committed / scale) * 100);
  return {
    actual: actualShare,
    committed: committedShare,
    remaining: roundTenth(Math.max(100 - actualShare - committedShare, 0)),
    over: spent > figures.budget,
  };
}

/**
 * The amount the dialog shows and sends: quantity × unit rate to the paisa when both are given
 * (the server's rule), otherwise what was typed.
 */
export function lineAmount(
  quantity: number | null | undefined,
  unitRate: number | null | undefined,
  typed: number | null | undefined,
): number | null {
  if (quantity != null && unitRate != null) return Math.round(quantity * unitRate * 100) / 100;
  return typed ?? null;
}

/** The site's totals from its heads' (the page shows them before the report answers). */
export function budgetTotals(groups: readonly BudgetGroup[]): BudgetGroup['totals'] {
  return {
    budget: sumRupees(groups.map((group) => group.totals.budget)),
    committed: sumRupees(groups.map((group) => group.totals.committed)),
    actual: sumRupees(groups.map((group) => group.totals.actual)),
    remaining: sumRupees(groups.map((group) => group.totals.remaining)),
  };
}

/** The lines' forecasts at completion, summed in paise (the totals' "Forecast at completion"). */
export function forecastTotal(lines: readonly Pick<FullBudgetLine, 'forecast'>[]): number {
  return sumRupees(lines.map((line) => line.forecast));
}
