import { describe, expect, it } from 'vitest';
import { capFromRow, capToRow, PLAN_CAPS, planFeaturesOf, usageCountsOf } from './plan-caps.js';
import { PLAN_RESOURCES } from './subscription.js';
import { zPlanFeatures, zUsage } from './schemas/subscriptions.js';

describe('plan caps', () => {
  it('are the counted resources and sites', () => {
    expect(PLAN_CAPS).toEqual([...PLAN_RESOURCES, 'sites']);
  });

  it('store unlimited as null and read null or no row as -1', () => {
    expect(capToRow(-1)).toBeNull();
    expect(capToRow(-5)).toBeNull();
    expect(capToRow(0)).toBe(0);
    expect(capToRow(5)).toBe(5);
    expect(capFromRow(null)).toBe(-1);
    expect(capFromRow(undefined)).toBe(-1);
    expect(capFromRow(-3)).toBe(-1);
    expect(capFromRow(0)).toBe(0);
    expect(capFromRow('7')).toBe(7);
  });

  it('give the API fields of every list entry, and the schemas take exactly those', () => {
    const features = planFeaturesOf((cap) => (cap === 'sites' ? 3 : 1));
    expect(Object.keys(features)).toEqual(PLAN_CAPS.map((c) => `max_${c}`));
    expect(features.max_sites).toBe(3);
    expect(zPlanFeatures.strict().parse(features)).toEqual(features);
    const counts = usageCountsOf(() => 2);
    expect(Object.keys(counts)).toEqual(PLAN_RESOURCES.map((r) => `${r}_count`));
    const usage = { period_start: 'a', period_end: 'b', ...counts };
    expect(zUsage.strict().parse(usage)).toEqual(usage);
  });
});
