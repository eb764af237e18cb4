/**
 * The site record types that have pages, in sidebar order, read from the record-type registry
 * (packages/domain/src/registry, each entry's `page`): the sidebar and its shortcuts
 * (lib/navigation.ts), the routes (app/routes.tsx), the quick actions (app/shell/quick-action-list.ts),
 * the page tours (lib/onboarding.ts, features/onboarding/tours.ts), the activity trail's links
 * (lib/audit-api.ts) and the offline queue's panel read this list. Adding a record type is its
 * registry entry (docs/ARCHITECTURE.md, "Adding a record type"); nothing here names one.
 */
import {
  pagedRecordTypes,
  type ListTourTargets,
  type PagedRecordType,
  type Permission,
  type PlanResource,
} from '@siteledger/domain';
import * as Lucide from 'lucide-react';
import type { LucideIcon } from 'lucide-react';

export type { ListTourTargets };

/**
 * The lucide icons a registry entry may name (`page.icon`); an unknown name shows `List`. Named
 * one by one, so the bundle keeps only these.
 */
const ICONS: Readonly<Record<string, LucideIcon>> = {
  CalendarClock: Lucide.CalendarClock,
  ClipboardList: Lucide.ClipboardList,
  Coins: Lucide.Coins,
  FileText: Lucide.FileText,
  HardHat: Lucide.HardHat,
  Landmark: Lucide.Landmark,
  Package: Lucide.Package,
  PiggyBank: Lucide.PiggyBank,
  ReceiptIndianRupee: Lucide.ReceiptIndianRupee,
  ShoppingCart: Lucide.ShoppingCart,
  Store: Lucide.Store,
  Truck: Lucide.Truck,
  Undo2: Lucide.Undo2,
  Users: Lucide.Users,
  Wallet: Lucide.Wallet,
  Warehouse: Lucide.Warehouse,
  Wrench: Lucide.Wrench,
};

export function iconNamed(name: string): LucideIcon {
  return ICONS[name] ?? Lucide.List;
}

export interface RecordType {
  /** The API collection: `/api/sites/{siteId}/<collection>`. */
  collection: string;
  /** camelCase: the label is `nav.<key>`, the quick action's `quickActions.actions.<key>`. */
  key: string;
  /** The list page. Its tour is named after it without the slash ('service-bookings'). */
  path: string;
  /**
   * Module of the list page under features/, e.g. 'items/items-page' (its `…Page` export);
   * null: the list is drawn from the registry entry (components/list-page/registry-list-page).
   */
  listPage: string | null;
  /** Module of the record's own page at `<path>/:id`, when it has one. */
  detailPage?: string;
  icon: LucideIcon;
  /** What the role needs to open the pages: the type's read permission (creating also needs `canCreate`). */
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
  /** The page's further add actions, each at a path of its own under the page (a tab). */
  moreActions?: readonly { key: string; path: string }[];
}

/** The tour of a list drawn from the registry: its names are the page's (registry-list-page). */
function registryTour(name: string): ListTourTargets {
  return { add: `${name}-add`, toolbar: `${name}-toolbar`, table: `${name}-table` };
}

/** The web's view of a registry entry with a page. */
export function pageTypeOf(type: PagedRecordType): RecordType {
  const { page } = type;
  const tour = page.tour ?? (page.listPage ? undefined : registryTour(pageName(page)));
  return {
    collection: type.collection,
    key: page.key,
    path: page.path,
    listPage: page.listPage ?? null,
    ...(page.detailPage ? { detailPage: page.detailPage } : {}),
    icon: iconNamed(page.icon),
    access: type.permissions.read,
    shortcut: page.shortcut,
    // A registry type counted by plan limits is a plan resource by definition (PLAN_RESOURCES).
    quickAction: { resource: type.planResource ? (type.collection as PlanResource) : null },
    ...(tour ? { tour } : {}),
    ...(type.offlineQueued ? { queued: true } : {}),
    ...(page.moreActions ? { moreActions: page.moreActions } : {}),
  };
}

export const RECORD_TYPES: readonly RecordType[] = pagedRecordTypes().map(pageTypeOf);

/** The record type of an API collection, if it has pages. */
export function recordType(collection: string): RecordType | undefined {
  return RECORD_TYPES.find((type) => type.collection === collection);
}

/** 'service-bookings' for '/service-bookings': the tour's and the test ids' name of a page. */
export function pageName(type: Pick<RecordType, 'path'>): string {
  return type.path.slice(1);
}
