import { z } from 'zod';
import { hasPermission, permissionsFor, type Permission, type Role } from './permissions.js';

/**
 * What each role may do, per business (issue 47, "roles that fit how builders work"): the owner
 * widens or narrows spec part 6's defaults for payments and accounts. The defaults are the spec's
 * own, so a business that never touched them behaves as before.
 */
export const ROLE_SETTING_KEYS = [
  'accountant_payments',
  'accountant_accounts',
  'supervisor_balances',
  'supervisor_payments',
] as const;
export type RoleSettingKey = (typeof ROLE_SETTING_KEYS)[number];

export const zRoleSettings = z.object({
  /** Accountants create and edit payments (deleting stays the owner's). */
  accountant_payments: z.boolean(),
  /** Accountants create and edit accounts and their transactions. */
  accountant_accounts: z.boolean(),
  /** Supervisors see accounts and their balances. */
  supervisor_balances: z.boolean(),
  /** Supervisors see and record payments (and the dashboard's payment figures). */
  supervisor_payments: z.boolean(),
});
export type RoleSettings = z.infer<typeof zRoleSettings>;

/** PATCH /api/businesses/{id} `role_settings`: any of them. */
export const zRoleSettingsUpdate = zRoleSettings.partial().strict();
export type RoleSettingsUpdate = z.infer<typeof zRoleSettingsUpdate>;

export const DEFAULT_ROLE_SETTINGS: RoleSettings = {
  accountant_payments: false,
  accountant_accounts: false,
  supervisor_balances: true,
  supervisor_payments: true,
};

/**
 * The settings with the defaults filled in, from what is stored (JSON text or an object): an
 * unknown key or a value that is not a boolean is ignored, so a bad row never widens access.
 */
export function roleSettingsOf(stored: unknown): RoleSettings {
  let value: unknown = stored;
  if (typeof stored === 'string') {
    try {
      value = JSON.parse(stored) as unknown;
    } catch {
      value = {};
    }
  }
  const out = { ...DEFAULT_ROLE_SETTINGS };
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of ROLE_SETTING_KEYS) {
      if (typeof record[key] === 'boolean') out[key] = record[key];
    }
  }
  return out;
}

/** The parts of a site whose access the settings change. */
export type RuleArea = 'payments' | 'accounts';

export interface AreaRights {
  read: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
}

export interface RoleRights {
  payments: AreaRights;
  accounts: AreaRights;
  /** Account balances (opening, current) in any answer. */
  balances: boolean;
}

export type EffectiveRules = Record<Role, RoleRights>;

function base(role: Role): AreaRights {
  const p = permissionsFor(role);
  return {
    read: p.canViewFinancials,
    create: p.canCreate,
    update: p.canUpdate,
    delete: p.canDelete,
  };
}

function rightsOf(role: Role, s: RoleSettings): RoleRights {
  const payments = base(role);
  const accounts = base(role);
  if (role === 'accountant') {
    // Allowed: record and correct; deleting stays the owner's.
    if (s.accountant_payments) Object.assign(payments, { create: true, update: true });
    if (s.accountant_accounts) Object.assign(accounts, { create: true, update: true });
  }
  const none: AreaRights = { read: false, create: false, update: false, delete: false };
  if (role === 'supervisor') {
    return {
      payments: s.supervisor_payments ? payments : none,
      accounts: s.supervisor_balances ? accounts : none,
      balances: s.supervisor_balances,
    };
  }
  return { payments, accounts, balances: payments.read };
}

/** What each role may do under these settings (missing ones at their defaults). */
export function effectiveRules(settings?: Partial<RoleSettings> | null): EffectiveRules {
  const s = roleSettingsOf(settings ?? {});
  return {
    owner: rightsOf('owner', s),
    supervisor: rightsOf('supervisor', s),
    accountant: rightsOf('accountant', s),
  };
}

/** The right a route's permission asks for in an area (reading: any read permission). */
export function areaRight(permission: Permission): keyof AreaRights {
  if (permission === 'canCreate') return 'create';
  if (permission === 'canUpdate') return 'update';
  if (permission === 'canDelete') return 'delete';
  return 'read';
}

/** May `role` do what `permission` guards in `area` under these settings? */
export function mayInArea(
  settings: Partial<RoleSettings> | null | undefined,
  role: Role,
  area: RuleArea,
  permission: Permission,
): boolean {
  return effectiveRules(settings)[role][area][areaRight(permission)];
}

/**
 * A route's permission under the settings: outside an area spec part 6's; within one a write as
 * the settings say (an accountant allowed to pay creates payments), a read or export only when
 * the permission map allows it too.
 */
export function permittedIn(
  settings: Partial<RoleSettings> | null | undefined,
  role: Role,
  permission: Permission,
  area?: RuleArea,
): boolean {
  if (!area) return hasPermission(role, permission);
  const write = areaRight(permission) !== 'read';
  return (write || hasPermission(role, permission)) && mayInArea(settings, role, area, permission);
}

const AREA_OF: Readonly<Record<string, RuleArea>> = {
  payments: 'payments',
  payment_allocations: 'payments',
  credit_note_usage: 'payments',
  accounts: 'accounts',
  account_transactions: 'accounts',
};

/** The area a site collection (or audit entity) belongs to, if the role settings reach it. */
export function ruleAreaOf(collection: string): RuleArea | undefined {
  return AREA_OF[collection];
}
