import type { BillingNotice, SubscriptionState } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import { billingNoticeSignature, billingNoticeText } from './billing-notice';

const END = '2026-12-04T00:00:00.000Z';
const GRACE = '2026-12-11T00:00:00.000Z';
const day = (iso: string) => iso.slice(0, 10);

/** Only what the banner reads; the rest of the state does not matter to it. */
function state(
  notice: BillingNotice | null,
  overrides: { plan?: string | null; end?: string | null; grace?: string | null } = {},
): SubscriptionState {
  const plan = overrides.plan === undefined ? 'Basic' : overrides.plan;
  return {
    subscription: plan
      ? {
          plan: { name: plan },
          current_period_end: overrides.end === undefined ? END : overrides.end,
        }
      : null,
    grace_until: overrides.grace ?? null,
    notice,
  } as unknown as SubscriptionState;
}

describe('billingNoticeText', () => {
  it('shows nothing without a notice, and leaves lapsed to the read-only banner', () => {
    expect(billingNoticeText(undefined, day)).toBeNull();
    expect(billingNoticeText(state(null), day)).toBeNull();
    expect(billingNoticeText(state({ kind: 'lapsed', date: END, days: 0 }), day)).toBeNull();
  });

  it('ends soon: the plan, its end and the days left; the owner may renew', () => {
    expect(billingNoticeText(state({ kind: 'ends_soon', date: END, days: 7 }), day)).toEqual({
      kind: 'ends_soon',
      key: 'subscription.banner.endsSoonNamed',
      values: { plan: 'Basic', date: '2026-12-04', count: 7 },
      action: 'renew',
    });
    expect(
      billingNoticeText(state({ kind: 'ends_soon', date: END, days: 1 }, { plan: null }), day),
    ).toMatchObject({ key: 'subscription.banner.endsSoon', values: { count: 1 } });
  });

  it('grace: when the plan ended and until when writes still work', () => {
    const text = billingNoticeText(
      state({ kind: 'grace', date: GRACE, days: 5 }, { grace: GRACE }),
      day,
    );
    expect(text).toEqual({
      kind: 'grace',
      key: 'subscription.banner.grace',
      values: { ended: '2026-12-04', until: '2026-12-11', count: 5 },
      action: 'renew',
    });
  });

  it('grace without a known period end or grace_until falls back to the notice date', () => {
    expect(
      billingNoticeText(state({ kind: 'grace', date: GRACE, days: 2 }, { end: null }), day),
    ).toMatchObject({ key: 'subscription.banner.graceNoEnd', values: { until: '2026-12-11' } });
  });

  it('payment failed: the date of the failure; the owner pays again', () => {
    const failed = '2026-12-04T06:30:00.000Z';
    expect(
      billingNoticeText(state({ kind: 'payment_failed', date: failed, days: 0 }), day),
    ).toEqual({
      kind: 'payment_failed',
      key: 'subscription.banner.paymentFailedNamed',
      values: { plan: 'Basic', date: '2026-12-04' },
      action: 'pay',
    });
  });

  it('never counts negative days', () => {
    expect(
      billingNoticeText(state({ kind: 'ends_soon', date: END, days: -1 }), day)?.values.count,
    ).toBe(0);
  });
});

describe('billingNoticeSignature', () => {
  it('changes with the site, the kind and the date', () => {
    const notice: BillingNotice = { kind: 'ends_soon', date: END, days: 7 };
    expect(billingNoticeSignature('s1', notice)).toBe(`s1:ends_soon:${END}`);
    expect(billingNoticeSignature('s1', { ...notice, days: 1 })).toBe(`s1:ends_soon:${END}`);
    expect(billingNoticeSignature('s1', { ...notice, kind: 'grace' })).not.toBe(
      billingNoticeSignature('s1', notice),
    );
    expect(billingNoticeSignature('s1', null)).toBe('');
  });
});

describe('billingNoticeText with a planned move to Free', () => {
  it('says where the site goes and leads to the plan rather than to renewal', () => {
    const base = state({ kind: 'ends_soon', date: END, days: 3 });
    const moving = {
      ...base,
      subscription: { ...base.subscription, pending_plan: { name: 'Free' } },
    } as unknown as SubscriptionState;
    expect(billingNoticeText(moving, day)).toEqual({
      kind: 'ends_soon',
      key: 'subscription.banner.movesSoon',
      values: { plan: 'Basic', next: 'Free', date: '2026-12-04', count: 3 },
      action: 'manage',
    });
  });
});
