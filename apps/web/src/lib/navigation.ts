import type { Permission } from '@siteledger/domain';
import {
  Building2,
  CalendarClock,
  CreditCard,
  FileText,
  Landmark,
  LayoutDashboard,
  Mail,
  Package,
  Store,
  Truck,
  Undo2,
  UserCircle,
  Users,
  Wallet,
  Wrench,
  type LucideIcon,
} from 'lucide-react';

/** The sidebar of spec part 2, in order, with its Alt+Shift shortcut letters. */
export interface NavItem {
  path: string;
  /** i18n key of the label, under `nav.` */
  key: string;
  icon: LucideIcon;
  shortcut: string;
  permission: Permission;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { path: '/', key: 'dashboard', icon: LayoutDashboard, shortcut: 'd', permission: 'canRead' },
  { path: '/items', key: 'items', icon: Package, shortcut: 'i', permission: 'canRead' },
  { path: '/services', key: 'services', icon: Wrench, shortcut: 's', permission: 'canRead' },
  { path: '/vendors', key: 'vendors', icon: Store, shortcut: 'v', permission: 'canRead' },
  { path: '/deliveries', key: 'deliveries', icon: Truck, shortcut: 'e', permission: 'canRead' },
  {
    path: '/service-bookings',
    key: 'serviceBookings',
    icon: CalendarClock,
    shortcut: 'b',
    permission: 'canRead',
  },
  { path: '/quotations', key: 'quotations', icon: FileText, shortcut: 'q', permission: 'canRead' },
  {
    path: '/accounts',
    key: 'accounts',
    icon: Landmark,
    shortcut: 'a',
    permission: 'canViewFinancials',
  },
  {
    path: '/payments',
    key: 'payments',
    icon: Wallet,
    shortcut: 'p',
    permission: 'canViewFinancials',
  },
  {
    path: '/vendor-returns',
    key: 'vendorReturns',
    icon: Undo2,
    shortcut: 'r',
    permission: 'canRead',
  },
];

/** Icons for screens outside the sidebar. */
export const PAGE_ICONS: Record<string, LucideIcon> = {
  users: Users,
  invites: Mail,
  profile: UserCircle,
  subscription: CreditCard,
  sites: Building2,
};

export function iconFor(key: string): LucideIcon {
  return NAV_ITEMS.find((item) => item.key === key)?.icon ?? PAGE_ICONS[key] ?? LayoutDashboard;
}
