import type { MemberAdd, MemberRoleChange } from '@siteledger/domain';
import { isUniqueViolation } from '../../db/db-errors.js';
import { newId, nowIso } from '../../db/ids.js';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, notFound, ownerOnly } from '../../platform/errors.js';
import * as repo from './members-repo.js';
import type { SiteScope } from '../../platform/scope.js';

/**
 * The caller is still an owner once the site's membership is locked (issue 37): a demotion or a
 * removal that committed after the access check (or on another instance) is seen here and wins.
 */
async function assertStillOwner(trx: Transaction<Database>, scope: SiteScope, what: string) {
  const caller = await repo.activeRole(trx, scope.siteId, scope.userId);
  if (!caller) throw new AppError('ACCESS_DENIED');
  if (caller.role !== 'owner') throw ownerOnly(what);
}

/** Adds an existing user by email (default role supervisor). */
export async function addMember(scope: SiteScope, input: MemberAdd): Promise<void> {
  const { ctx, siteId, userId: ownerId } = scope;
  try {
    await ctx.db.kysely.transaction().execute(async (trx) => {
      await repo.lockSite(trx, siteId);
      await assertStillOwner(trx, scope, 'add users');
      const user = await repo.findUserByEmail(trx, input.email);
      if (!user) throw new AppError('USER_NOT_FOUND', { email: input.email });
      if (await repo.activeRole(trx, siteId, user.id)) throw new AppError('ALREADY_ASSIGNED');
      const now = nowIso();
      await repo.insertRole(trx, {
        id: newId(),
        site_id: siteId,
        user_id: user.id,
        role: input.role,
        assigned_by: ownerId,
        assigned_at: now,
        is_active: 1,
        disowned_at: null,
        created: now,
        updated: now,
      });
    });
  } catch (error) {
    // Two adds racing past the check: the unique index on active roles answers.
    if (isUniqueViolation(error)) throw new AppError('ALREADY_ASSIGNED');
    throw error;
  }
}

/** Changes a member's role; the last owner cannot be demoted (spec part 5). */
export async function changeRole(scope: SiteScope, userId: string, input: MemberRoleChange) {
  const { ctx, siteId } = scope;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await repo.lockSite(trx, siteId);
    await assertStillOwner(trx, scope, 'change user roles');
    const role = await repo.activeRole(trx, siteId, userId);
    if (!role) throw notFound('Member');
    if (
      role.role === 'owner' &&
      input.role !== 'owner' &&
      (await repo.countActiveOwners(trx, siteId)) <= 1
    ) {
      throw new AppError('LAST_OWNER', { variant: 'demote' });
    }
    await repo.setRole(trx, role.id, input.role, nowIso());
  });
}

/** Removes a member (deactivates the role record); never yourself, never the last owner. */
export async function removeMember(scope: SiteScope, userId: string) {
  const { ctx, siteId, userId: callerId } = scope;
  if (userId === callerId) throw new AppError('CANNOT_REMOVE_SELF');
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await repo.lockSite(trx, siteId);
    await assertStillOwner(trx, scope, 'remove users');
    const role = await repo.activeRole(trx, siteId, userId);
    if (!role) throw notFound('Member');
    if (role.role === 'owner' && (await repo.countActiveOwners(trx, siteId)) <= 1) {
      throw new AppError('LAST_OWNER');
    }
    await repo.deactivateRole(trx, role.id, nowIso());
  });
}
