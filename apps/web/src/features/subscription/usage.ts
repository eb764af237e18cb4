/**
 * Pure rules of the subscription page: how full a usage bar is and its colour, what a plan costs
 * per billing cycle and what paying yearly saves.
 */
import { toPaise, toRupees, type BillingCycle, type Plan } from '@siteledger/domain';

/** ok below 80 %, warning from 80 %, full at the cap; unlimited (-1) and disabled (0) have no bar. */
export type UsageLevel = 'ok' | 'warning' | 'full' | 'unlimited' | 'disabled';

export interface UsageMeter {
  /** 0–100, rounded; 0 for unlimited and disabled. */
  percent: number;
  level: UsageLevel;
}

/** From this share of the cap on, the bar turns amber. */
export const WARNING_SHARE = 0.8;

export function usageMeter(limit: number, count: number): UsageMeter {
  if (limit < 0) return { percent: 0, level: 'unlimited' };
  if (limit === 0) return { percent: 0, level: 'disabled' };
  const used = Math.max(0, count);
  const share = used / limit;
  const percent = Math.min(100, Math.round(share * 100));
  if (used >= limit) return { percent: 100, level: 'full' };
  return { percent, level: share >= WARNING_SHARE ? 'warning' : 'ok' };
}

/** The plan's price for one billing period, in rupees. */
export function planPrice(plan: Pick<Plan, 'price' | 'yearly_price'>, cycle: BillingCycle): number {
  return cycle === 'yearly' ? plan.yearly_price : plan.price;
}

/** Twelve monthly payments minus the yearly price, in rupees (never negative). */
export function yearlySaving(plan: Pick<Plan, 'price' | 'yearly_price'>): number {
  const saving = toPaise(plan.price) * 12 - toPaise(plan.yearly_price);
  return saving > 0 ? toRupees(saving) : 0;
}

/** A plan one pays for (the free plan has nothing to check out). */
export function isPaidPlan(plan: Pick<Plan, 'price' | 'yearly_price'>): boolean {
  return plan.price > 0 || plan.yearly_price > 0;
}
