import { describe, expect, it } from 'vitest';
import { addMonthsIso, effectiveStatus, isSubscriptionActive, limitState } from './subscription.js';

describe('limitState', () => {
  it('follows the spec: -1 unlimited, 0 disabled, reached when count ≥ cap', () => {
    expect(limitState(-1, 10_000)).toBe('unlimited');
    expect(limitState(0, 0)).toBe('disabled');
    expect(limitState(5, 4)).toBe('available');
    expect(limitState(5, 5)).toBe('reached');
    expect(limitState(1, 2)).toBe('reached');
  });
});

describe('isSubscriptionActive', () => {
  const now = '2026-11-22T10:00:00.000Z';
  it('active and trial are active while the period lasts', () => {
    expect(isSubscriptionActive({ status: 'active', current_period_end: null }, now)).toBe(true);
    expect(
      isSubscriptionActive(
        { status: 'trial', current_period_end: '2026-12-01T00:00:00.000Z' },
        now,
      ),
    ).toBe(true);
    expect(
      isSubscriptionActive(
        { status: 'active', current_period_end: '2026-11-01T00:00:00.000Z' },
        now,
      ),
    ).toBe(false);
  });
  it('a cancelled subscription works until its period ends', () => {
    const until = (end: string | null) =>
      isSubscriptionActive({ status: 'cancelled', current_period_end: end }, now);
    expect(until('2026-11-30T00:00:00.000Z')).toBe(true);
    expect(until('2026-11-22T10:00:00.000Z')).toBe(false);
    expect(until(null)).toBe(false);
  });
  it('inactive and expired block writes', () => {
    expect(isSubscriptionActive({ status: 'inactive', current_period_end: null }, now)).toBe(false);
    expect(isSubscriptionActive({ status: 'expired', current_period_end: null }, now)).toBe(false);
    expect(
      effectiveStatus({ status: 'cancelled', current_period_end: '2026-01-01T00:00:00.000Z' }, now),
    ).toBe('expired');
    expect(effectiveStatus({ status: 'weird', current_period_end: null }, now)).toBe('inactive');
  });
});

describe('addMonthsIso', () => {
  it('adds calendar months and clamps to the last day', () => {
    expect(addMonthsIso('2026-01-31T05:00:00.000Z', 1)).toBe('2026-02-28T05:00:00.000Z');
    expect(addMonthsIso('2028-01-31T05:00:00.000Z', 1)).toBe('2028-02-29T05:00:00.000Z');
    expect(addMonthsIso('2026-11-22T10:00:00.000Z', 12)).toBe('2027-11-22T10:00:00.000Z');
    expect(addMonthsIso('2026-12-15T00:00:00.000Z', 1)).toBe('2027-01-15T00:00:00.000Z');
  });
});
