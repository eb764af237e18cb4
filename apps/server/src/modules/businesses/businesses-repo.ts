import { forUpdate } from '../../db/locking.js';
import type { Executor } from '../../db/executor.js';

/** The businesses `userId` owns, oldest first. */
export function businessesOf(db: Executor, userId: string) {
  return db
    .selectFrom('businesses')
    .selectAll()
    .where('owner', '=', userId)
    .orderBy('created')
    .orderBy('id')
    .execute();
}

/** The sites of these businesses (disowned ones left out), by name. */
export function sitesOf(db: Executor, businessIds: readonly string[]) {
  if (businessIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sites')
    .select(['id', 'name', 'is_active', 'business_id', 'tan'])
    .where('business_id', 'in', [...businessIds])
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The businesses, locked in id order (two merges at once queue instead of deadlocking). */
export function lockBusinesses(db: Executor, ids: readonly string[]) {
  return forUpdate(
    db,
    db
      .selectFrom('businesses')
      .selectAll()
      .where('id', 'in', [...ids])
      .orderBy('id'),
  ).execute();
}
