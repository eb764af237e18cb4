import type { Plan, SiteSubscription, SubscriptionState } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import { canDowngradeTo, canRenewCurrent, mustSubscribeAgain, renewalLines } from './plan-renewal';

const features = {
  max_items: -1,
  max_vendors: -1,
  max_deliveries: -1,
  max_service_bookings: -1,
  max_payments: -1,
  max_accounts: -1,
  max_vendor_returns: -1,
  max_services: -1,
  max_material_requests: -1,
  max_purchase_orders: -1,
  max_work_orders: -1,
  max_ra_bills: -1,
  max_workers: -1,
  max_sites: 3,
};
const basic: Plan = {
  id: 'basic',
  name: 'Basic',
  price: 999,
  yearly_price: 9999,
  currency: 'INR',
  is_default: false,
  features,
};
const free: Plan = { ...basic, id: 'free', name: 'Free', price: 0, yearly_price: 0 };

const END = '2026-12-27T00:00:00.000Z';

function sub(overrides: Partial<SiteSubscription> = {}): SiteSubscription {
  return {
    id: 'sub1',
    site: 's1',
    status: 'active',
    plan: basic,
    auto_renew: true,
    billing_cycle: 'monthly',
    cancelled_at: null,
    current_period_start: '2026-11-27T00:00:00.000Z',
    current_period_end: END,
    provider_subscription_id: 'sub_rzp',
    pending_plan: null,
    renewal_failed_at: null,
    created: '2026-11-27T00:00:00.000Z',
    updated: '2026-11-27T00:00:00.000Z',
    ...overrides,
  };
}

function state(
  subscription: SiteSubscription | null,
  overrides: Partial<SubscriptionState> = {},
): SubscriptionState {
  return {
    subscription,
    usage: {
      period_start: '2026-11-01T00:00:00.000Z',
      period_end: '2026-11-30T23:59:59.999Z',
      items_count: 0,
      vendors_count: 0,
      deliveries_count: 0,
      service_bookings_count: 0,
      payments_count: 0,
      accounts_count: 0,
      vendor_returns_count: 0,
      services_count: 0,
      material_requests_count: 0,
      purchase_orders_count: 0,
      work_orders_count: 0,
      ra_bills_count: 0,
      workers_count: 0,
    },
    limits: {} as SubscriptionState['limits'],
    active: true,
    read_only: false,
    limits_reached: [],
    features_disabled: [],
    can_reactivate: false,
    payments_configured: true,
    next_charge: null,
    grace_until: null,
    notice: null,
    billing: null,
    ...overrides,
  };
}

describe('renewalLines', () => {
  it('says nothing without a subscription or on an open-ended free plan', () => {
    expect(renewalLines(state(null))).toEqual([]);
    expect(
      renewalLines(
        state(
          sub({ plan: free, auto_renew: false, current_period_end: null, billing_cycle: null }),
        ),
      ),
    ).toEqual([]);
  });

  it('names the next charge and that it renews when the provider will charge', () => {
    const lines = renewalLines(state(sub(), { next_charge: { amount: 999, date: END } }));
    expect(lines).toEqual([{ kind: 'next_charge', amount: 999, date: END }, { kind: 'renews' }]);
  });

  it('says it renews when auto-renewing without a known charge', () => {
    expect(renewalLines(state(sub()))).toEqual([{ kind: 'renews' }]);
  });

  it('says it ends when paid once or cancelled', () => {
    expect(renewalLines(state(sub({ auto_renew: false })))).toEqual([{ kind: 'ends', date: END }]);
    expect(
      renewalLines(state(sub({ status: 'cancelled', cancelled_at: '2026-11-28T00:00:00Z' }))),
    ).toEqual([{ kind: 'ends', date: END }]);
  });

  it('announces a planned move to Free instead of renewal', () => {
    const lines = renewalLines(state(sub({ pending_plan: free, auto_renew: false })));
    expect(lines).toEqual([{ kind: 'moves', plan: 'Free', date: END }]);
  });

  it('puts a failed renewal first, and does not claim the plan still renews', () => {
    const failedAt = '2026-12-27T05:00:00.000Z';
    const lines = renewalLines(state(sub({ renewal_failed_at: failedAt })));
    expect(lines).toEqual([
      { kind: 'renewal_failed', date: failedAt },
      { kind: 'ends', date: END },
    ]);
  });
});

describe('canRenewCurrent', () => {
  it('not while a paid period runs, nor on the free plan', () => {
    expect(canRenewCurrent(state(sub()))).toBe(false);
    // Cancelled here, still reactivatable at the provider: Reactivate, not a second payment.
    expect(canRenewCurrent(state(sub({ status: 'cancelled' }), { can_reactivate: true }))).toBe(
      false,
    );
    // Cancelled after paying once: nothing renews, and its period still runs.
    expect(
      canRenewCurrent(state(sub({ status: 'cancelled', provider_subscription_id: null }))),
    ).toBe(false);
    expect(canRenewCurrent(state(sub({ plan: free }), { active: false }))).toBe(false);
  });

  it('once lapsed, in the grace, or after a failed renewal charge', () => {
    expect(canRenewCurrent(state(sub({ status: 'expired' }), { active: false }))).toBe(true);
    expect(canRenewCurrent(state(sub(), { grace_until: '2027-01-03T00:00:00Z' }))).toBe(true);
    expect(canRenewCurrent(state(sub({ renewal_failed_at: END })))).toBe(true);
  });
});

describe('mustSubscribeAgain (issue 39)', () => {
  it('a subscription the provider cancelled: a new subscription, while its period runs', () => {
    const cancelled = state(sub({ status: 'cancelled' }), { can_reactivate: false });
    expect(mustSubscribeAgain(cancelled)).toBe(true);
    expect(canRenewCurrent(cancelled)).toBe(true);
  });

  it('not while it can be reactivated, once paid once, on the free plan, or when running', () => {
    expect(mustSubscribeAgain(state(sub({ status: 'cancelled' }), { can_reactivate: true }))).toBe(
      false,
    );
    expect(
      mustSubscribeAgain(state(sub({ status: 'cancelled', provider_subscription_id: null }))),
    ).toBe(false);
    expect(mustSubscribeAgain(state(sub({ status: 'cancelled', plan: free })))).toBe(false);
    expect(mustSubscribeAgain(state(sub()))).toBe(false);
  });
});

describe('canDowngradeTo', () => {
  it('offers the free plan while a paid plan runs', () => {
    expect(canDowngradeTo(free, state(sub()))).toBe(true);
    expect(canDowngradeTo(free, state(sub({ status: 'trial' })))).toBe(true);
  });

  it('not for a paid plan, when already on free or moving there, or once lapsed', () => {
    expect(canDowngradeTo(basic, state(sub({ plan: { ...basic, id: 'pro' } })))).toBe(false);
    expect(canDowngradeTo(free, state(sub({ plan: free })))).toBe(false);
    expect(canDowngradeTo(free, state(sub({ pending_plan: free })))).toBe(false);
    expect(canDowngradeTo(free, state(sub({ status: 'expired' }), { active: false }))).toBe(false);
    expect(canDowngradeTo(free, state(sub({ status: 'cancelled' })))).toBe(false);
    expect(canDowngradeTo(free, state(null))).toBe(false);
  });
});
