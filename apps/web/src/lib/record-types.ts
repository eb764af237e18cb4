/**
 * The site record types that have a page of their own, in sidebar order: ONE table that the
 * sidebar and its shortcuts (lib/navigation.ts), the routes (app/routes.tsx), the quick actions
 * (app/shell/quick-action-list.ts), the page tours (lib/onboarding.ts, features/onboarding/tours.ts),
 * the activity trail's links (lib/audit-api.ts) and the offline queue (lib/offline-queue*.ts) are
 * read from; what a write refreshes the server names (lib/write-effects.ts). Adding a record type
 * is one entry here (docs/ARCHITECTURE.md, "Adding a record type").
 */
import type { Permission, PlanResource } from '@siteledger/domain';
import {
  CalendarClock,
  ClipboardList,
  FileText,
  Landmark,
  Package,
  ShoppingCart,
  Store,
  Truck,
  Undo2,
  Wallet,
  Warehouse,
  Wrench,
  type LucideIcon,
} from 'lucide-react';

/** The test ids a standard list page's tour points at (header, add, toolbar, table). */
export interface ListTourTargets {
  add: string;
  toolbar: string;
  table: string;
}

export interface RecordType {
  /** The API collection: `/api/sites/{siteId}/<collection>`. */
  collection: string;
  /** camelCase: the label is `nav.<key>`, the quick action's `quickActions.actions.<key>`. */
  key: string;
  /** The list page. Its tour is named after it without the slash ('service-bookings'). */
  path: string;
  /** Module of the list page under features/, e.g. 'items/items-page' (its `…Page` export). */
  listPage: string;
  /** Module of the record's own page at `<path>/:id`, when it has one. */
  detailPage?: string;
  icon: LucideIcon;
  /** What the role needs to open the pages (creating also needs `canCreate`). */
  access: Permission;
  /** Alt+Shift+<letter> opens the list page. */
  shortcut: string;
  /**
   * The list page's add action, offered as a quick action; `resource` is what it counts against
   * the plan (null: not counted).
   */
  quickAction: { resource: PlanResource | null };
  /** A standard list page's tour targets; a page with its own tour is in onboarding/tours.ts. */
  tour?: ListTourTargets;
  /** Creates a phone keeps in the offline queue when there is no connection. */
  queued?: boolean;
  /**
   * The page's further add actions, each at a path of its own under the page (a tab) that opens
   * its form on the add event; `key` names its `quickActions.actions.<key>` label.
   */
  moreActions?: readonly { key: string; path: string }[];
}

export const RECORD_TYPES: readonly RecordType[] = [
  {
    collection: 'items',
    key: 'items',
    path: '/items',
    listPage: 'items/items-page',
    detailPage: 'items/item-detail-page',
    icon: Package,
    access: 'canRead',
    shortcut: 'i',
    quickAction: { resource: 'items' },
    tour: { add: 'item-add', toolbar: 'items-toolbar', table: 'items-table' },
  },
  {
    collection: 'services',
    key: 'services',
    path: '/services',
    listPage: 'services/services-page',
    detailPage: 'services/service-detail-page',
    icon: Wrench,
    access: 'canRead',
    shortcut: 's',
    quickAction: { resource: 'services' },
    tour: { add: 'service-add', toolbar: 'services-toolbar', table: 'services-table' },
  },
  {
    collection: 'vendors',
    key: 'vendors',
    path: '/vendors',
    listPage: 'vendors/vendors-page',
    detailPage: 'vendors/vendor-detail-page',
    icon: Store,
    access: 'canRead',
    shortcut: 'v',
    quickAction: { resource: 'vendors' },
    tour: { add: 'vendor-add', toolbar: 'vendors-toolbar', table: 'vendors-table' },
  },
  {
    collection: 'deliveries',
    key: 'deliveries',
    path: '/deliveries',
    listPage: 'deliveries/deliveries-page',
    detailPage: 'deliveries/delivery-detail-page',
    icon: Truck,
    access: 'canRead',
    shortcut: 'e',
    quickAction: { resource: 'deliveries' },
    tour: { add: 'delivery-add', toolbar: 'deliveries-toolbar', table: 'deliveries-table' },
    queued: true,
  },
  {
    collection: 'service_bookings',
    key: 'serviceBookings',
    path: '/service-bookings',
    listPage: 'service-bookings/service-bookings-page',
    icon: CalendarClock,
    access: 'canRead',
    shortcut: 'b',
    quickAction: { resource: 'service_bookings' },
    tour: { add: 'booking-add', toolbar: 'bookings-toolbar', table: 'bookings-table' },
    queued: true,
  },
  {
    collection: 'quotations',
    key: 'quotations',
    path: '/quotations',
    listPage: 'quotations/quotations-page',
    icon: FileText,
    access: 'canRead',
    shortcut: 'q',
    quickAction: { resource: null },
  },
  // Purchasing (issue 24): after Quotations, the flow quotation → request → order → delivery.
  {
    collection: 'material_requests',
    key: 'materialRequests',
    path: '/material-requests',
    listPage: 'material-requests/material-requests-page',
    detailPage: 'material-requests/material-request-detail-page',
    icon: ClipboardList,
    access: 'canRead',
    shortcut: 'm',
    quickAction: { resource: 'material_requests' },
    tour: { add: 'request-add', toolbar: 'requests-toolbar', table: 'requests-table' },
    queued: true,
  },
  {
    collection: 'purchase_orders',
    key: 'purchaseOrders',
    path: '/purchase-orders',
    listPage: 'purchase-orders/purchase-orders-page',
    detailPage: 'purchase-orders/purchase-order-detail-page',
    icon: ShoppingCart,
    access: 'canRead',
    shortcut: 'o',
    quickAction: { resource: 'purchase_orders' },
    tour: { add: 'po-add', toolbar: 'pos-toolbar', table: 'pos-table' },
  },
  // Site stock (issue 25): on hand, consumption, transfers and counts; the page's own tour
  // (features/onboarding/tours.ts). Its add action records a consumption, queued offline.
  {
    collection: 'stock_consumptions',
    key: 'stock',
    path: '/stock',
    listPage: 'stock/stock-page',
    detailPage: 'stock/consumption-detail-page',
    icon: Warehouse,
    access: 'canRead',
    shortcut: 'k',
    quickAction: { resource: null },
    queued: true,
    moreActions: [{ key: 'stockTransfer', path: '/stock/transfers' }],
  },
  {
    collection: 'accounts',
    key: 'accounts',
    path: '/accounts',
    listPage: 'accounts/accounts-page',
    detailPage: 'accounts/account-detail-page',
    icon: Landmark,
    access: 'canViewFinancials',
    shortcut: 'a',
    quickAction: { resource: 'accounts' },
    tour: { add: 'account-add', toolbar: 'accounts-toolbar', table: 'accounts-table' },
  },
  {
    collection: 'payments',
    key: 'payments',
    path: '/payments',
    listPage: 'payments/payments-page',
    icon: Wallet,
    access: 'canViewFinancials',
    shortcut: 'p',
    quickAction: { resource: 'payments' },
    tour: { add: 'payment-add', toolbar: 'payments-toolbar', table: 'payments-table' },
    queued: true,
  },
  {
    collection: 'vendor_returns',
    key: 'vendorReturns',
    path: '/vendor-returns',
    listPage: 'vendor-returns/vendor-returns-page',
    icon: Undo2,
    access: 'canRead',
    shortcut: 'r',
    quickAction: { resource: 'vendor_returns' },
  },
];

/** The record type of an API collection, if it has pages. */
export function recordType(collection: string): RecordType | undefined {
  return RECORD_TYPES.find((type) => type.collection === collection);
}

/** 'service-bookings' for '/service-bookings': the tour's and the test ids' name of a page. */
export function pageName(type: RecordType): string {
  return type.path.slice(1);
}
