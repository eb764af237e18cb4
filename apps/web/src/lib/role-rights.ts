/**
 * What the caller's role may do on the current site under its business's role settings (issue 47,
 * GET /api/sites/{id} `role_settings`): the screen hides what the server refuses. Until the site
 * is read, the defaults (spec part 6) apply.
 */
import {
  effectiveRules,
  permissionsFor,
  ruleAreaOf,
  type Permission,
  type Permissions,
  type RoleRights,
  type RoleSettings,
} from '@siteledger/domain';
import { useSiteRecord } from '../data/sites';
import { useSession } from './session';

/** The current site's role settings (the site record every screen shares), if read yet. */
export function useRoleSettings(): RoleSettings | undefined {
  const { siteId } = useSession();
  return useSiteRecord<{ role_settings?: RoleSettings }>(siteId ?? '').data?.role_settings;
}

export function useRoleRights(): RoleRights | null {
  const { role } = useSession();
  const settings = useRoleSettings();
  return role ? effectiveRules(settings)[role] : null;
}

/**
 * The permission map of the caller's role for a collection: for payments and accounts (and their
 * parts) as the business's role settings widen or narrow it; for anything else spec part 6's.
 */
export function permissionsIn(
  base: Permissions,
  rights: RoleRights | null,
  collection: string,
): Permissions {
  const area = ruleAreaOf(collection);
  if (!area || !rights) return base;
  const can = rights[area];
  return {
    ...base,
    canRead: base.canRead && can.read,
    canViewFinancials: base.canViewFinancials && can.read,
    canExport: base.canExport && can.read,
    canCreate: can.create,
    canUpdate: can.update,
    canDelete: can.delete,
  };
}

/** `permissionsIn` for the session's role. */
export function useCollectionPermissions(collection: string): Permissions {
  const { role } = useSession();
  return permissionsIn(permissionsFor(role), useRoleRights(), collection);
}

/** May the caller see a nav entry of this collection key with this permission? */
export function allowedIn(
  base: Permissions,
  rights: RoleRights | null,
  collection: string,
  permission: Permission,
): boolean {
  return permissionsIn(base, rights, collection)[permission];
}
