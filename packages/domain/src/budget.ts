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

/** Consumption above this percent of what the work done should have used is flagged. */
export const DEFAULT_CONSUMPTION_FLAG_PERCENT = 110;

/** remaining = budget − committed − actual (negative: over budget). */
export function budgetRemaining(budget: Paise, committed: Paise, actual: Paise): Paise {
  return budget - committed - actual;
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
