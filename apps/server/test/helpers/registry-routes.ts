import type { Guard, RecordTypeDef } from '@siteledger/domain';
import { fileFields, isListExported } from '@siteledger/domain';
import type { Access } from '../../src/platform/access.js';

/** A route a record type's registry entry promises, and what calling it requires. */
export interface PromisedRoute {
  method: string;
  url: string;
  /** A permission of spec part 6, or 'owner'. */
  requires: Guard;
}

/**
 * The routes of `/api/sites/:siteId/<collection>` a registry entry promises (issue 41): the list
 * and one record as it reads, create/update/delete as its permissions say, and a file route pair
 * when it has a `files()` field and may be updated.
 */
export function promisedRoutes(type: RecordTypeDef): PromisedRoute[] {
  const base = `/api/sites/:siteId/${type.collection}`;
  const { read, create, update, delete: remove } = type.permissions;
  const out: PromisedRoute[] = [{ method: 'GET', url: base, requires: read }];
  if (!type.listOnly) out.push({ method: 'GET', url: `${base}/:id`, requires: read });
  if (isListExported(type)) out.push({ method: 'GET', url: `${base}/export`, requires: read });
  if (create) out.push({ method: 'POST', url: base, requires: create });
  if (update) out.push({ method: 'PATCH', url: `${base}/:id`, requires: update });
  if (remove) out.push({ method: 'DELETE', url: `${base}/:id`, requires: remove });
  if (update && fileFields(type).length > 0) {
    out.push({ method: 'POST', url: `${base}/:id/files`, requires: 'canUpdate' });
    out.push({ method: 'DELETE', url: `${base}/:id/files/:name`, requires: 'canUpdate' });
  }
  return out;
}

/** What a route declares, in the terms of `PromisedRoute.requires`. */
export function declaredGuard(access: Access | undefined): string {
  if (access?.auth !== 'site') return 'not a site route';
  if (access.ownerOnly) return 'owner';
  return access.permission ?? 'member';
}
