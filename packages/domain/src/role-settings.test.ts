import { describe, expect, it } from 'vitest';
import { hasPermission, ROLES, type Permission } from './permissions.js';
import {
  DEFAULT_ROLE_SETTINGS,
  effectiveRules,
  mayInArea,
  permittedIn,
  roleSettingsOf,
  zRoleSettingsUpdate,
} from './role-settings.js';

const PERMISSIONS: Permission[] = ['canRead', 'canCreate', 'canUpdate', 'canDelete', 'canExport'];

describe('role settings', () => {
  it('fills the defaults and ignores what is not a boolean setting', () => {
    expect(roleSettingsOf('{}')).toEqual(DEFAULT_ROLE_SETTINGS);
    expect(roleSettingsOf('not json')).toEqual(DEFAULT_ROLE_SETTINGS);
    expect(roleSettingsOf(null)).toEqual(DEFAULT_ROLE_SETTINGS);
    expect(
      roleSettingsOf('{"accountant_payments":true,"supervisor_balances":"no","other":true}'),
    ).toEqual({ ...DEFAULT_ROLE_SETTINGS, accountant_payments: true });
    expect(zRoleSettingsUpdate.safeParse({ other: true }).success).toBe(false);
    expect(zRoleSettingsUpdate.safeParse({ supervisor_payments: false }).success).toBe(true);
  });

  it('changes nothing at the defaults: every role as the permission map says', () => {
    for (const role of ROLES) {
      for (const area of ['payments', 'accounts'] as const) {
        for (const permission of PERMISSIONS) {
          const want =
            permission === 'canRead' || permission === 'canExport'
              ? hasPermission(role, 'canViewFinancials')
              : hasPermission(role, permission);
          expect(mayInArea({}, role, area, permission), `${role} ${area} ${permission}`).toBe(want);
        }
      }
      expect(effectiveRules()[role].balances).toBe(true);
      for (const permission of [...PERMISSIONS, 'canViewFinancials', 'canManageUsers'] as const) {
        for (const area of [undefined, 'payments', 'accounts'] as const) {
          expect(permittedIn({}, role, permission, area)).toBe(hasPermission(role, permission));
        }
      }
    }
  });

  it('lets accountants record and edit, never delete', () => {
    const rules = effectiveRules({ accountant_payments: true });
    expect(rules.accountant.payments).toEqual({
      read: true,
      create: true,
      update: true,
      delete: false,
    });
    expect(rules.accountant.accounts.create).toBe(false);
    expect(effectiveRules({ accountant_accounts: true }).accountant.accounts.update).toBe(true);
  });

  it('hides balances and payments from supervisors, and only from them', () => {
    const rules = effectiveRules({ supervisor_balances: false, supervisor_payments: false });
    expect(rules.supervisor.balances).toBe(false);
    expect(Object.values(rules.supervisor.accounts).some(Boolean)).toBe(false);
    expect(Object.values(rules.supervisor.payments).some(Boolean)).toBe(false);
    expect(rules.owner.balances && rules.accountant.balances).toBe(true);
    expect(rules.accountant.payments.read && rules.owner.payments.delete).toBe(true);
    const off = { supervisor_payments: false };
    expect(permittedIn(off, 'supervisor', 'canViewFinancials', 'payments')).toBe(false);
    expect(permittedIn(off, 'supervisor', 'canViewFinancials')).toBe(true);
    expect(permittedIn({ accountant_payments: true }, 'accountant', 'canCreate', 'payments')).toBe(
      true,
    );
  });
});
