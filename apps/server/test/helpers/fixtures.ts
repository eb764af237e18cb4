import type { Role } from '@siteledger/domain';
import { newId, nowIso } from '../../src/db/ids.js';
import type { TestServer } from './test-server.js';

/**
 * Gives a user a role on a site directly in the database. Inviting and adding members has its own
 * API (a later issue); role tests only need the role to exist.
 */
export async function addMember(
  server: TestServer,
  siteId: string,
  userId: string,
  role: Role,
): Promise<void> {
  const now = nowIso();
  await server.ctx.db.kysely
    .insertInto('site_users')
    .values({
      id: newId(),
      site_id: siteId,
      user_id: userId,
      role,
      assigned_by: null,
      assigned_at: now,
      is_active: 1,
      disowned_at: null,
      created: now,
      updated: now,
    })
    .execute();
}

// Records written straight into the tables, keeping the integrity check's invariants.
export { countUsage, insertDelivery, insertVendor } from './record-fixtures.js';
