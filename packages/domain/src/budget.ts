import type { Paise } from './money.js';

/**
 * Site budgets (API.md "Budgets"): cost heads, a line's remaining money and its quantity view.
 * Money is paise, quantities thousandths, percents hundredths of a percent (30 % = 3000).
 */
export const BUDGET_HEADS = [
  'material',
  'labour',
  'subcontract',
  'equipment',
  'overhead',
  'other',
] as const;
export type BudgetHead = (typeof BUDGET_HEADS)[number];

export const BUDGET_CONTROLS = ['warn', 'block'] as const;
export type BudgetControl = (typeof BUDGET_CONTROLS)[number];

/**
 * What a supervisor sees of the budget (the owner's choice): the lines' names only, or also their
 * quantities. Never money: the budget is the owner's margin.
 */
export const SUPERVISOR_BUDGET_VIEWS = ['none', 'quantities'] as const;
export type SupervisorBudgetView = (typeof SUPERVISOR_BUDGET_VIEWS)[number];

/** Consumption above this percent of what the work done should have used is flagged. */
export const DEFAULT_CONSUMPTION_FLAG_PERCENT = 110;

/** remaining = budget − committed − actual (negative: over budget). */
export function budgetRemaining(budget: Paise, committed: Paise, actual: Paise): Paise {
  return budget - committed - actual;
}

/** a × b ÷ c rounded half up, in BigInt (crores of paise × 10⁴ pass 2⁵³); c > 0. */
function mulDiv(a: number, b: number, c: number): number {
  const num = BigInt(Math.round(a)) * BigInt(Math.round(b));
  const den = BigInt(Math.round(c));
  const sign = num < 0n ? -1n : 1n;
  return Number((sign * (sign * num * 2n + den)) / (den * 2n));
}

export interface ForecastInput {
  budget: Paise;
  committed: Paise;
  actual: Paise;
  /** Hundredths of a percent (30 % = 3000); null when not given. */
  percentComplete: number | null;
  /** A material line's quantities, thousandths: budgeted, consumed, and covered (ordered or received). */
  quantity?: { budget: number; consumed: number; covered: number } | null;
}

/**
 * Forecast at completion (paise): what the line will have cost once its work is done. What is
 * spent or ordered (committed + actual) is a floor. Without a percent complete the budget is
 * taken to hold unless the spend has already passed it. With one, a material line projects its
 * consumption to 100 % and adds what that needs beyond what is ordered or received, at the
 * budget's rate (stock bought ahead is not overspend); any other line projects its actual.
 * With nothing to project from (no percent, nothing used or spent yet) the budget holds.
 */
export function forecastAtCompletion(input: ForecastInput): Paise {
  const { budget, committed, actual, percentComplete: p, quantity: q } = input;
  const spent = committed + actual;
  if (p !== null && p > 0 && q && q.budget > 0 && q.consumed > 0) {
    const needed = mulDiv(q.consumed, 10_000, p);
    const toBuy = Math.max(0, needed - q.covered);
    return spent + mulDiv(toBuy, budget, q.budget);
  }
  if (p !== null && p > 0 && !q && actual > 0) return Math.max(spent, mulDiv(actual, 10_000, p));
  // Nothing to project from (no progress, or none of it used or spent yet).
  return Math.max(budget, spent);
}

export interface ConsumptionView {
  /** consumed − quantity × percent complete ÷ 100, thousandths. */
  variance_milli: number;
  /** consumed ÷ (quantity × percent complete ÷ 100) × 100, one decimal; null before any work. */
  percent: number | null;
  flag: boolean;
}

/**
 * A material line's consumption against the work done: what the percent complete should have
 * used of the budgeted quantity, what was consumed, the percent (one decimal, half away from
 * zero) and the flag above the site's threshold (percent, e.g. 110).
 */
export function consumptionView(
  quantityMilli: number,
  percentCompleteHundredths: number,
  consumedMilli: number,
  flagPercent: number,
): ConsumptionView {
  // Expected use in thousandths × 10 000 (percent hundredths): kept whole until the division.
  const expectedScaled = quantityMilli * percentCompleteHundredths;
  const variance_milli = Math.round(consumedMilli - expectedScaled / 10_000);
  if (expectedScaled <= 0) return { variance_milli, percent: null, flag: false };
  // consumed ÷ expected × 100, to one decimal: × 1000 then round, then ÷ 10.
  const tenths = Math.round((consumedMilli * 10_000 * 1000) / expectedScaled);
  const percent = tenths / 10;
  return { variance_milli, percent, flag: percent > flagPercent };
}
