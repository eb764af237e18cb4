import { AUDIT_ENTITIES, PLAN_RESOURCES } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import en from '../locales/all-en';
import hi from '../locales/all-hi';
import { NAV_ITEMS } from '../lib/navigation';
import { QUEUED_COLLECTIONS } from '../lib/offline-queue';
import { pathOfTour, TOUR_PAGES } from '../lib/onboarding';
import { pageName, RECORD_TYPES } from '../lib/record-types';
import { collectionsToRefresh } from '../lib/write-effects';
import { TOURS } from '../features/onboarding/tours';
import { QUICK_ACTIONS } from './shell/quick-action-list';
import { APP_ROUTES } from './routes';

/** Issue 41: a record type is one registry entry (its `page`); everything else follows from it. */
const pages = import.meta.glob('../features/*/*-page.tsx');

function lookup(tree: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : null,
      tree,
    );
}

describe('record types', () => {
  it.each(RECORD_TYPES.map((type) => [type.collection, type] as const))(
    '%s has its pages, routes, sidebar entry, quick action, tour and strings',
    (_collection, type) => {
      if (type.listPage) expect(pages[`../features/${type.listPage}.tsx`]).toBeTypeOf('function');
      if (type.detailPage)
        expect(pages[`../features/${type.detailPage}.tsx`]).toBeTypeOf('function');
      const paths = APP_ROUTES.map((route) => route.path);
      expect(paths).toContain(type.path);
      if (type.detailPage) expect(paths).toContain(`${type.path}/:id`);
      expect(NAV_ITEMS.find((item) => item.path === type.path)?.shortcut).toBe(type.shortcut);
      expect(QUICK_ACTIONS[type.key]?.path).toBe(type.path);
      expect(TOUR_PAGES).toContain(pageName(type));
      expect(pathOfTour(pageName(type))).toBe(type.path);
      expect(TOURS[pageName(type)]?.length).toBeGreaterThan(0);
      for (const strings of [en, hi]) {
        expect(lookup(strings, `nav.${type.key}`), `nav.${type.key}`).toBeTypeOf('string');
        expect(lookup(strings, `quickActions.actions.${type.key}`)).toBeTypeOf('string');
        expect(lookup(strings, `onboarding.tours.${type.key}`)).toBeTypeOf('object');
      }
      // Issue 41: what else a write changed, the server names; the record's own always refreshes.
      expect(collectionsToRefresh(type.collection)).toEqual([type.collection]);
    },
  );

  it('keeps the sidebar order, the shortcuts distinct and the offline queue in step', () => {
    expect(NAV_ITEMS.map((item) => item.key)).toEqual([
      'dashboard',
      'items',
      'services',
      'vendors',
      'deliveries',
      'serviceBookings',
      'quotations',
      'materialRequests',
      'purchaseOrders',
      'workOrders',
      'budget',
      'labour',
      'wageSheets',
      'stock',
      'pettyCash',
      'accounts',
      'payments',
      'vendorReturns',
      'purchaseRegister',
      'tds',
    ]);
    const shortcuts = NAV_ITEMS.map((item) => item.shortcut);
    expect(new Set(shortcuts).size).toBe(shortcuts.length);
    // Queued without a page of their own: attendance (the muster is the Labour page's tab) and
    // RA bills (recorded on their work order's page).
    expect([...QUEUED_COLLECTIONS].sort()).toEqual(
      [
        ...RECORD_TYPES.filter((type) => type.queued).map((type) => type.collection),
        'attendance',
        'ra_bills',
      ].sort(),
    );
    // The waiting list names each kind it can hold.
    for (const strings of [en, hi]) {
      for (const collection of QUEUED_COLLECTIONS) {
        expect(lookup(strings, `live.queue.kind.${collection}`), collection).toBeTypeOf('string');
      }
    }
  });

  it('names every counted resource and every audited entity in both languages', () => {
    for (const strings of [en, hi]) {
      for (const resource of PLAN_RESOURCES) {
        expect(lookup(strings, `planLimit.resources.${resource}`), resource).toBeTypeOf('string');
        expect(lookup(strings, `planLimit.resourceTitles.${resource}`), resource).toBeTypeOf(
          'string',
        );
      }
      for (const entity of AUDIT_ENTITIES) {
        expect(lookup(strings, `audit.entities.${entity}`), entity).toBeTypeOf('string');
      }
    }
  });
});
