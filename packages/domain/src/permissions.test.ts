import { describe, expect, it } from 'vitest';
import {
  accessLevel,
  canManageSite,
  hasPermission,
  isOwner,
  permissionsFor,
} from './permissions.js';

describe('permissions (spec part 6)', () => {
  it('owner has everything', () => {
    expect(Object.values(permissionsFor('owner')).every(Boolean)).toBe(true);
  });

  it('supervisor: create, read, update, export, view financials; no delete, no user or role management', () => {
    expect(permissionsFor('supervisor')).toEqual({
      canCreate: true,
      canRead: true,
      canUpdate: true,
      canDelete: false,
      canManageUsers: false,
      canManageRoles: false,
      canExport: true,
      canViewFinancials: true,
    });
  });

  it('accountant: read, export, view financials only', () => {
    expect(permissionsFor('accountant')).toEqual({
      canCreate: false,
      canRead: true,
      canUpdate: false,
      canDelete: false,
      canManageUsers: false,
      canManageRoles: false,
      canExport: true,
      canViewFinancials: true,
    });
  });

  it('none or unknown role: nothing', () => {
    for (const role of [null, undefined, '', 'admin', 'OWNER', 'toString', '__proto__']) {
      expect(Object.values(permissionsFor(role)).some(Boolean)).toBe(false);
      expect(hasPermission(role, 'canRead')).toBe(false);
    }
  });

  it('site management and labels', () => {
    expect(canManageSite('owner')).toBe(true);
    expect(canManageSite('supervisor')).toBe(true);
    expect(canManageSite('accountant')).toBe(false);
    expect(isOwner('owner')).toBe(true);
    expect(isOwner('supervisor')).toBe(false);
    expect(accessLevel('owner')).toBe('full');
    expect(accessLevel('supervisor')).toBe('no_delete');
    expect(accessLevel('accountant')).toBe('read_only');
  });
});
