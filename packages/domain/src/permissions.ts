/** Roles and permissions of spec part 6. The server and the web app both read this map. */
export const ROLES = ['owner', 'supervisor', 'accountant'] as const;
export type Role = (typeof ROLES)[number];

export interface Permissions {
  canCreate: boolean;
  canRead: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  canManageUsers: boolean;
  canManageRoles: boolean;
  canExport: boolean;
  canViewFinancials: boolean;
}

export type Permission = keyof Permissions;

const NONE: Permissions = {
  canCreate: false,
  canRead: false,
  canUpdate: false,
  canDelete: false,
  canManageUsers: false,
  canManageRoles: false,
  canExport: false,
  canViewFinancials: false,
};

const ROLE_PERMISSIONS: Record<Role, Permissions> = {
  owner: {
    canCreate: true,
    canRead: true,
    canUpdate: true,
    canDelete: true,
    canManageUsers: true,
    canManageRoles: true,
    canExport: true,
    canViewFinancials: true,
  },
  supervisor: {
    ...NONE,
    canCreate: true,
    canRead: true,
    canUpdate: true,
    canExport: true,
    canViewFinancials: true,
  },
  accountant: { ...NONE, canRead: true, canExport: true, canViewFinancials: true },
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Unknown or missing role → nothing. */
export function permissionsFor(role: string | null | undefined): Permissions {
  return isRole(role) ? ROLE_PERMISSIONS[role] : NONE;
}

export function hasPermission(role: string | null | undefined, permission: Permission): boolean {
  return permissionsFor(role)[permission];
}

/** Owner and supervisor may manage (edit) a site in general; only owners delete it. */
export function canManageSite(role: string | null | undefined): boolean {
  return role === 'owner' || role === 'supervisor';
}

export function isOwner(role: string | null | undefined): boolean {
  return role === 'owner';
}

/** Access-level label keys (spec part 6); which role gets which is our choice. */
export function accessLevel(role: string | null | undefined): 'full' | 'no_delete' | 'read_only' {
  const p = permissionsFor(role);
  if (p.canDelete) return 'full';
  if (p.canCreate || p.canUpdate) return 'no_delete';
  return 'read_only';
}

/** The verb a permission guards, used in "Permission denied: Cannot {verb} {entity}". */
export function actionVerb(permission: Permission): 'create' | 'update' | 'delete' | null {
  if (permission === 'canCreate') return 'create';
  if (permission === 'canUpdate') return 'update';
  if (permission === 'canDelete') return 'delete';
  return null;
}
