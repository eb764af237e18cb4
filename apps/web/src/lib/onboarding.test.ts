import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isOnboardingDisabled,
  isTourSeen,
  markTourSeen,
  pathOfTour,
  resetOnboarding,
  resetTours,
  seenKey,
  seenTours,
  setOnboardingDisabled,
  TOUR_PAGES,
  tourPageForPath,
} from './onboarding';

class MemoryStorage {
  private data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

describe('onboarding flags', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal('window', {
      localStorage: storage,
      dispatchEvent: () => true,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('has a tour for each of the ten pages of spec part 9, the two of issue 24, Stock, Work orders, Labour, Wage sheets, Budget, Petty cash and TDS', () => {
    expect(TOUR_PAGES).toHaveLength(19);
    expect(TOUR_PAGES).toEqual(
      expect.arrayContaining([
        'material-requests',
        'purchase-orders',
        'stock',
        'work-orders',
        'labour',
        'wage-sheets',
        'budget',
        'petty-cash',
        'tds',
      ]),
    );
  });

  it('finds the tour of a list page, not of a detail page', () => {
    expect(tourPageForPath('/')).toBe('dashboard');
    expect(tourPageForPath('/service-bookings')).toBe('service-bookings');
    expect(tourPageForPath('/vendor-returns/')).toBe('vendor-returns');
    // A tour page that is no record type's list.
    expect(tourPageForPath('/tds')).toBe('tds');
    expect(pathOfTour('tds')).toBe('/tds');
    expect(tourPageForPath('/items/abc123')).toBeNull();
    expect(tourPageForPath('/profile')).toBeNull();
  });

  it('keeps seen flags under the product prefix and resets them', () => {
    expect(isTourSeen('items')).toBe(false);
    markTourSeen('items');
    markTourSeen('dashboard');
    expect(storage.getItem('siteledger.onboarding.seen.items')).toBe('true');
    expect(seenKey('vendor-returns')).toBe('siteledger.onboarding.seen.vendor-returns');
    expect(seenTours()).toEqual(['dashboard', 'items']);
    resetTours();
    expect(seenTours()).toEqual([]);
  });

  it('disables and enables all tours with siteledger.onboarding.disabled', () => {
    storage.setItem('siteledger.onboarding.disabled', 'true');
    expect(isOnboardingDisabled()).toBe(true);
    setOnboardingDisabled(false);
    expect(storage.getItem('siteledger.onboarding.disabled')).toBeNull();
    expect(isOnboardingDisabled()).toBe(false);
  });

  it('the debug reset removes onboarding and feature keys only', () => {
    markTourSeen('payments');
    setOnboardingDisabled(true);
    storage.setItem('siteledger.feature.quickActionsHint', 'seen');
    storage.setItem('siteledger.theme', 'dark');
    expect(resetOnboarding().sort()).toEqual([
      'siteledger.feature.quickActionsHint',
      'siteledger.onboarding.disabled',
      'siteledger.onboarding.seen.payments',
    ]);
    expect(storage.getItem('siteledger.theme')).toBe('dark');
    expect(storage.length).toBe(1);
  });
});
