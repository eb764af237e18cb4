import { describe, expect, it } from 'vitest';
import {
  addMonthsIso,
  billingNoticeOf,
  effectiveStatus,
  GRACE_DAYS,
  graceEnd,
  isSubscriptionActive,
  limitState,
  renews,
  subscriptionPhase,
} from './subscription.js';

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

describe('grace and billing notices (issue 26)', () => {
  const end = '2026-12-01T00:00:00.000Z';
  const at = (days: number) => new Date(new Date(end).getTime() + days * 86_400_000).toISOString();
  const facts = {
    status: 'active',
    current_period_end: end,
    auto_renew: false,
    provider_subscription_id: null,
    pending_plan_id: null,
    renewal_failed_at: null,
  };

  it('an active period that ends unrenewed is in grace for 7 days, then lapsed', () => {
    expect(subscriptionPhase(facts, at(-1))).toBe('paid');
    expect(subscriptionPhase(facts, at(0))).toBe('grace');
    expect(subscriptionPhase(facts, at(6.99))).toBe('grace');
    expect(subscriptionPhase(facts, at(7))).toBe('lapsed');
    expect(isSubscriptionActive(facts, at(3))).toBe(true);
    expect(effectiveStatus(facts, at(3))).toBe('expired');
    expect(graceEnd(facts)).toBe(at(GRACE_DAYS));
  });

  it('a cancelled one has no grace; an open-ended one never lapses', () => {
    const cancelled = { ...facts, status: 'cancelled' };
    expect(subscriptionPhase(cancelled, at(-1))).toBe('paid');
    expect(subscriptionPhase(cancelled, at(0))).toBe('lapsed');
    expect(graceEnd(cancelled)).toBeNull();
    expect(subscriptionPhase({ status: 'active', current_period_end: null }, at(900))).toBe('paid');
  });

  it('says what the banner shows, most urgent first', () => {
    expect(billingNoticeOf(facts, at(-8))).toBeNull();
    expect(billingNoticeOf(facts, at(-7))).toEqual({ kind: 'ends_soon', date: end, days: 7 });
    expect(billingNoticeOf(facts, at(-0.5))).toMatchObject({ kind: 'ends_soon', days: 1 });
    expect(billingNoticeOf(facts, at(2))).toEqual({ kind: 'grace', date: at(7), days: 5 });
    expect(billingNoticeOf(facts, at(8))).toMatchObject({ kind: 'lapsed' });
    const renewing = { ...facts, auto_renew: true, provider_subscription_id: 'sub_1' };
    expect(renews(renewing)).toBe(true);
    expect(billingNoticeOf(renewing, at(-1))).toBeNull();
    const failed = { ...renewing, renewal_failed_at: at(-2) };
    expect(renews(failed)).toBe(false);
    expect(billingNoticeOf(failed, at(-1))).toEqual({
      kind: 'payment_failed',
      date: at(-2),
      days: 1,
    });
    expect(billingNoticeOf({ ...facts, pending_plan_id: 'free' }, at(-1))).toBeNull();
  });
});
