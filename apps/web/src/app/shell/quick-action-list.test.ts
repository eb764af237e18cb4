import { permissionsFor } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import {
  PETTY_ACTION,
  pageActionFor,
  QUICK_ACTIONS,
  quickActionsFor,
  quickActionTestId,
  RECORD_ACTIONS,
  recordActionsFor,
} from './quick-action-list';

const ids = (pathname: string, role: string | null) =>
  quickActionsFor(pathname, permissionsFor(role)).map(quickActionTestId);

describe('quick actions', () => {
  it('offers record service booking, delivery and payment in that order', () => {
    expect(RECORD_ACTIONS.map((action) => action.key)).toEqual([
      'serviceBookings',
      'deliveries',
      'payments',
    ]);
    expect(ids('/', 'owner')).toEqual([
      'quick-action-service-bookings',
      'quick-action-deliveries',
      'quick-action-payments',
    ]);
  });

  it("puts the current page's own add action first", () => {
    expect(ids('/vendors', 'owner')).toEqual([
      'quick-action-vendors',
      'quick-action-service-bookings',
      'quick-action-deliveries',
      'quick-action-payments',
    ]);
    expect(ids('/quotations/', 'supervisor')[0]).toBe('quick-action-quotations');
  });

  it('lists a record action once when it is also the page action', () => {
    expect(ids('/deliveries', 'owner')).toEqual([
      'quick-action-deliveries',
      'quick-action-service-bookings',
      'quick-action-payments',
    ]);
  });

  it('has a page action for each list page of the brief, none for detail pages', () => {
    for (const path of [
      '/accounts',
      '/quotations',
      '/items',
      '/vendors',
      '/services',
      '/deliveries',
      '/service-bookings',
      '/payments',
      '/vendor-returns',
    ]) {
      expect(pageActionFor(path)?.path).toBe(path);
    }
    expect(pageActionFor('/vendors/abc')).toBeNull();
    expect(pageActionFor('/')).toBeNull();
  });

  it("offers the Stock page's two actions, record consumption first, on its pages", () => {
    expect(ids('/stock', 'supervisor')).toEqual([
      'quick-action-stock',
      'quick-action-stock-transfers',
      'quick-action-service-bookings',
      'quick-action-deliveries',
      'quick-action-payments',
    ]);
    expect(ids('/stock/transfers', 'owner').slice(0, 2)).toEqual([
      'quick-action-stock-transfers',
      'quick-action-stock',
    ]);
    expect(ids('/stock', 'accountant')).toEqual([]);
  });

  it('offers nothing to a role that cannot create, and only pages the role may open', () => {
    expect(ids('/vendors', 'accountant')).toEqual([]);
    expect(ids('/vendors', null)).toEqual([]);
    const supervisor = quickActionsFor('/accounts', permissionsFor('supervisor'));
    expect(supervisor[0]).toBe(QUICK_ACTIONS.accounts);
  });

  it('offers a petty cash holder "Spent" everywhere, after the three record actions', () => {
    expect(PETTY_ACTION).toBe(QUICK_ACTIONS.pettyCash);
    expect(PETTY_ACTION.path).toBe('/petty-cash');
    expect(recordActionsFor(false)).toBe(RECORD_ACTIONS);
    expect(recordActionsFor(true).map((action) => action.key)).toEqual([
      'serviceBookings',
      'deliveries',
      'payments',
      'pettyCash',
    ]);
    const holder = (pathname: string, role: string) =>
      quickActionsFor(pathname, permissionsFor(role), null, true).map(quickActionTestId);
    expect(holder('/', 'supervisor')).toEqual([
      'quick-action-service-bookings',
      'quick-action-deliveries',
      'quick-action-payments',
      'quick-action-petty-cash',
    ]);
    expect(holder('/vendors', 'supervisor')).toEqual([
      'quick-action-vendors',
      'quick-action-service-bookings',
      'quick-action-deliveries',
      'quick-action-payments',
      'quick-action-petty-cash',
    ]);
    // On the petty cash page "Spent" is the page's own action, listed once.
    expect(holder('/petty-cash', 'supervisor')).toEqual([
      'quick-action-petty-cash',
      'quick-action-service-bookings',
      'quick-action-deliveries',
      'quick-action-payments',
    ]);
    // An owner holding petty cash spends from it too.
    expect(holder('/', 'owner').at(-1)).toBe('quick-action-petty-cash');
  });

  it('offers "Spent" to nobody who does not hold petty cash, nor to a role that cannot create', () => {
    for (const role of ['owner', 'supervisor']) {
      expect(ids('/', role)).not.toContain('quick-action-petty-cash');
      expect(ids('/vendors', role)).not.toContain('quick-action-petty-cash');
    }
    expect(quickActionsFor('/', permissionsFor('accountant'), null, true)).toEqual([]);
    expect(quickActionsFor('/', permissionsFor(null), null, true)).toEqual([]);
  });
});
