import type { Permission } from '@siteledger/domain';
import {
  BookOpenCheck,
  Building2,
  CreditCard,
  LayoutDashboard,
  Mail,
  Percent,
  UserCircle,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { RECORD_TYPES } from './record-types';

/** The sidebar of spec part 2, in order, with its Alt+Shift shortcut letters (lib/record-types.ts). */
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
  ...RECORD_TYPES.map((type) => ({
    path: type.path,
    key: type.key,
    icon: type.icon,
    shortcut: type.shortcut,
    permission: type.access,
  })),
  // The GST purchase register (issue 23, features/reports): the site's money, shown to the roles
  // that see Accounts and Payments.
  {
    path: '/reports/purchase-register',
    key: 'purchaseRegister',
    icon: BookOpenCheck,
    shortcut: 'g',
    permission: 'canViewFinancials',
  },
  // The TDS register (issue 43, features/tds): the same roles.
  { path: '/tds', key: 'tds', icon: Percent, shortcut: 't', permission: 'canViewFinancials' },
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
