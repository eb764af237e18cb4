/**
 * The quick actions of spec part 2: every list page's own add action, and the three "record"
 * actions offered everywhere (top bar from 768 px, the floating button's list below).
 */
import type { Permission, Permissions, PlanResource } from '@siteledger/domain';

export interface QuickAction {
  /** The i18n key under `quickActions.actions.`. */
  key: QuickActionKey;
  /** The list page whose add dialog the action opens. */
  path: string;
  /** The sidebar entry (lib/navigation.ts) whose icon the action borrows. */
  navKey: string;
  /** What the page's route needs beyond creating. */
  access: Permission;
  /** Counted against the plan (quotations are not). */
  resource: PlanResource | null;
}

export type QuickActionKey =
  | 'accounts'
  | 'quotations'
  | 'items'
  | 'vendors'
  | 'services'
  | 'deliveries'
  | 'serviceBookings'
  | 'payments'
  | 'vendorReturns';

export const QUICK_ACTIONS: Record<QuickActionKey, QuickAction> = {
  accounts: {
    key: 'accounts',
    path: '/accounts',
    navKey: 'accounts',
    access: 'canViewFinancials',
    resource: 'accounts',
  },
  quotations: {
    key: 'quotations',
    path: '/quotations',
    navKey: 'quotations',
    access: 'canRead',
    resource: null,
  },
  items: { key: 'items', path: '/items', navKey: 'items', access: 'canRead', resource: 'items' },
  vendors: {
    key: 'vendors',
    path: '/vendors',
    navKey: 'vendors',
    access: 'canRead',
    resource: 'vendors',
  },
  services: {
    key: 'services',
    path: '/services',
    navKey: 'services',
    access: 'canRead',
    resource: 'services',
  },
  deliveries: {
    key: 'deliveries',
    path: '/deliveries',
    navKey: 'deliveries',
    access: 'canRead',
    resource: 'deliveries',
  },
  serviceBookings: {
    key: 'serviceBookings',
    path: '/service-bookings',
    navKey: 'serviceBookings',
    access: 'canRead',
    resource: 'service_bookings',
  },
  payments: {
    key: 'payments',
    path: '/payments',
    navKey: 'payments',
    access: 'canViewFinancials',
    resource: 'payments',
  },
  vendorReturns: {
    key: 'vendorReturns',
    path: '/vendor-returns',
    navKey: 'vendorReturns',
    access: 'canRead',
    resource: 'vendor_returns',
  },
};

/** Record service booking, record delivery, record payment — in the spec's order. */
export const RECORD_ACTIONS: readonly QuickAction[] = [
  QUICK_ACTIONS.serviceBookings,
  QUICK_ACTIONS.deliveries,
  QUICK_ACTIONS.payments,
];

/** `quick-action-service-bookings`: the page's path, kebab-case like every test id. */
export function quickActionTestId(action: QuickAction): string {
  return `quick-action-${action.path.slice(1)}`;
}

/** The add action of the list page at `pathname`, if it has one. */
export function pageActionFor(pathname: string): QuickAction | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.values(QUICK_ACTIONS).find((action) => action.path === path) ?? null;
}

/** Only roles that may create, and only pages the role may open. */
export function allowedActions(
  actions: readonly QuickAction[],
  permissions: Permissions,
): QuickAction[] {
  if (!permissions.canCreate) return [];
  return actions.filter((action) => permissions[action.access]);
}

/** The floating button's list: the current page's own action first, then the record actions. */
export function quickActionsFor(pathname: string, permissions: Permissions): QuickAction[] {
  const own = pageActionFor(pathname);
  const ordered = own ? [own, ...RECORD_ACTIONS.filter((a) => a.key !== own.key)] : RECORD_ACTIONS;
  return allowedActions(ordered, permissions);
}
