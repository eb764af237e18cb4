import type { PlanResource, SubscriptionState } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import { OPEN_LIMIT, planLimitFor, readOnlyCause, readOnlySignature } from './plan-limits';

const RESOURCES: PlanResource[] = [
  'items',
  'vendors',
  'deliveries',
  'service_bookings',
  'payments',
  'accounts',
  'vendor_returns',
  'services',
];

/** A Free-plan state (caps of the seeded plan) with the given counts. */
function freeState(
  counts: Partial<Record<PlanResource, number>> = {},
  overrides: Partial<SubscriptionState> = {},
): SubscriptionState {
  const limits: Record<PlanResource, number> = {
    items: 1,
    vendors: 1,
    deliveries: 5,
    service_bookings: 5,
    payments: 5,
    accounts: 1,
    vendor_returns: 2,
    services: 1,
    material_requests: 5,
    purchase_orders: 5,
    work_orders: 2,
    ra_bills: 5,
    workers: 10,
  };
  const count = (resource: PlanResource) => counts[resource] ?? 0;
  const reached = RESOURCES.filter((r) => limits[r] > 0 && count(r) >= limits[r]);
  return {
    subscription: null,
    usage: {
      period_start: '2026-05-01T00:00:00.000Z',
      period_end: '2026-05-31T23:59:59.999Z',
      items_count: count('items'),
      vendors_count: count('vendors'),
      deliveries_count: count('deliveries'),
      service_bookings_count: count('service_bookings'),
      payments_count: count('payments'),
      accounts_count: count('accounts'),
      vendor_returns_count: count('vendor_returns'),
      services_count: count('services'),
      material_requests_count: count('material_requests'),
      purchase_orders_count: count('purchase_orders'),
      work_orders_count: count('work_orders'),
      ra_bills_count: count('ra_bills'),
      workers_count: count('workers'),
    },
    limits,
    active: true,
    read_only: reached.length > 0,
    limits_reached: reached,
    features_disabled: [],
    can_reactivate: false,
    payments_configured: false,
    next_charge: null,
    grace_until: null,
    notice: null,
    billing: null,
    ...overrides,
  };
}

describe('planLimitFor', () => {
  it('never blocks while nothing is known (the server decides)', () => {
    expect(planLimitFor(undefined, 'vendors')).toEqual(OPEN_LIMIT);
    expect(planLimitFor(null, 'vendors')).toEqual(OPEN_LIMIT);
  });

  it('allows a resource under its cap', () => {
    expect(planLimitFor(freeState({ deliveries: 4 }), 'deliveries')).toEqual({
      blocked: false,
      reason: null,
      limit: 5,
      count: 4,
    });
  });

  it('blocks at the cap with the count and the cap', () => {
    expect(planLimitFor(freeState({ vendors: 1 }), 'vendors')).toEqual({
      blocked: true,
      reason: 'limit',
      limit: 1,
      count: 1,
    });
  });

  it('blocks only the resource whose cap is reached', () => {
    expect(planLimitFor(freeState({ vendors: 1 }), 'items').blocked).toBe(false);
  });

  it('never blocks an unlimited resource', () => {
    const state = freeState({ vendors: 40 });
    state.limits.vendors = -1;
    state.limits_reached = [];
    expect(planLimitFor(state, 'vendors')).toMatchObject({ blocked: false, limit: -1, count: 40 });
  });

  it('says a cap of 0 is not available in the plan', () => {
    const state = freeState({}, { features_disabled: ['vendor_returns'] });
    state.limits.vendor_returns = 0;
    expect(planLimitFor(state, 'vendor_returns')).toMatchObject({
      blocked: true,
      reason: 'disabled',
    });
  });

  it('blocks everything when the subscription is not active', () => {
    const state = freeState({}, { active: false, read_only: true });
    for (const resource of RESOURCES) {
      expect(planLimitFor(state, resource)).toMatchObject({ blocked: true, reason: 'inactive' });
    }
  });
});

describe('readOnlyCause', () => {
  it('is nothing for a writable site or an unknown state', () => {
    expect(readOnlyCause(undefined)).toBeNull();
    expect(readOnlyCause(freeState())).toBeNull();
  });

  it('names the inactive subscription first', () => {
    expect(readOnlyCause(freeState({ vendors: 1 }, { active: false }))).toEqual({
      kind: 'inactive',
    });
  });

  it('lists the resources at their cap', () => {
    expect(readOnlyCause(freeState({ vendors: 1, items: 1 }))).toEqual({
      kind: 'limits',
      resources: ['items', 'vendors'],
    });
  });

  it('gives a signature that changes with the site and the resources', () => {
    const one = readOnlyCause(freeState({ vendors: 1 }));
    const two = readOnlyCause(freeState({ vendors: 1, items: 1 }));
    expect(readOnlySignature('s1', one)).toBe('s1:limits:vendors');
    expect(readOnlySignature('s1', two)).not.toBe(readOnlySignature('s1', one));
    expect(readOnlySignature('s2', one)).not.toBe(readOnlySignature('s1', one));
    expect(readOnlySignature('s1', { kind: 'inactive' })).toBe('s1:inactive');
    expect(readOnlySignature('s1', null)).toBe('');
  });
});
