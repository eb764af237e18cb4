import { sql, type Transaction } from 'kysely';
import type { Database, SiteInvitationsTable, SiteUsersTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { isPostgres } from '../../db/locking.js';

export type InvitationRow = SiteInvitationsTable;

/** Serializes membership changes of one site on PostgreSQL (last-owner and duplicate checks). */
export async function lockSite(db: Transaction<Database>, siteId: string): Promise<void> {
  if (!isPostgres(db)) return;
  await db.selectFrom('sites').select('id').where('id', '=', siteId).forUpdate().execute();
}

export function findUserByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export function activeRole(db: Executor, siteId: string, userId: string) {
  return db
    .selectFrom('site_users')
    .select(['id', 'role'])
    .where('site_id', '=', siteId)
    .where('user_id', '=', userId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

export async function countActiveOwners(db: Executor, siteId: string): Promise<number> {
  const row = await db
    .selectFrom('site_users')
    .select(sql<number>`count(*)`.as('n'))
    .where('site_id', '=', siteId)
    .where('role', '=', 'owner')
    .where('is_active', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertRole(db: Executor, row: SiteUsersTable): Promise<void> {
  await db.insertInto('site_users').values(row).execute();
}

export async function setRole(db: Executor, id: string, role: string, now: string): Promise<void> {
  await db.updateTable('site_users').set({ role, updated: now }).where('id', '=', id).execute();
}

export async function deactivateRole(db: Executor, id: string, now: string): Promise<void> {
  await db
    .updateTable('site_users')
    .set({ is_active: 0, updated: now })
    .where('id', '=', id)
    .execute();
}

const invitationColumns = [
  'site_invitations.id',
  'site_invitations.site_id',
  'sites.name as site_name',
  'site_invitations.email',
  'site_invitations.role',
  'site_invitations.status',
  'site_invitations.invited_by',
  'users.name as inviter_name',
  'site_invitations.invited_at',
  'site_invitations.expires_at',
] as const;

function invitationsQuery(db: Executor) {
  return db
    .selectFrom('site_invitations')
    .innerJoin('sites', 'sites.id', 'site_invitations.site_id')
    .innerJoin('users', 'users.id', 'site_invitations.invited_by')
    .select(invitationColumns);
}

export type InvitationView = Awaited<
  ReturnType<ReturnType<typeof invitationsQuery>['executeTakeFirstOrThrow']>
>;

export function invitationsOfSite(db: Executor, siteId: string) {
  return invitationsQuery(db)
    .where('site_invitations.site_id', '=', siteId)
    .orderBy('site_invitations.invited_at', 'desc')
    .orderBy('site_invitations.id')
    .execute();
}

/** Pending invitations to an email, on active sites, not yet past their expiry. */
export function receivedInvitations(db: Executor, email: string, now: string) {
  return invitationsQuery(db)
    .where('site_invitations.email', '=', email)
    .where('site_invitations.status', '=', 'pending')
    .where('site_invitations.expires_at', '>', now)
    .where('sites.is_active', '=', 1)
    .orderBy('site_invitations.invited_at', 'desc')
    .orderBy('site_invitations.id')
    .execute();
}

export function findInvitation(db: Executor, id: string) {
  return invitationsQuery(db).where('site_invitations.id', '=', id).executeTakeFirst();
}

/** One invitation with the hash of its mailed secret (only accept needs it; lists never read it). */
export function findInvitationWithSecret(db: Executor, id: string) {
  return invitationsQuery(db)
    .select('site_invitations.token_hash')
    .where('site_invitations.id', '=', id)
    .executeTakeFirst();
}

/** A pending invitation for this email on this site that has not expired yet. */
export function activeInvitationFor(db: Executor, siteId: string, email: string, now: string) {
  return db
    .selectFrom('site_invitations')
    .select(['id', 'expires_at'])
    .where('site_id', '=', siteId)
    .where('email', '=', email)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Pending invitations past their expiry become expired (spec part 4: cleaned up on load). */
export async function expireOverdue(db: Executor, siteId: string, now: string): Promise<void> {
  await db
    .updateTable('site_invitations')
    .set({ status: 'expired', updated: now })
    .where('site_id', '=', siteId)
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .execute();
}

export async function insertInvitation(db: Executor, row: InvitationRow): Promise<void> {
  await db.insertInto('site_invitations').values(row).execute();
}

export async function setInvitationStatus(
  db: Executor,
  id: string,
  status: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('site_invitations')
    .set({ status, updated: now })
    .where('id', '=', id)
    .execute();
}

/** Accepted: the mailed secret has done its job and is forgotten (one-time). */
export async function markInvitationAccepted(db: Executor, id: string, now: string): Promise<void> {
  await db
    .updateTable('site_invitations')
    .set({ status: 'accepted', token_hash: null, updated: now })
    .where('id', '=', id)
    .execute();
}

/** The mailed invitation link proved the mailbox, as a verification link would have. */
export async function markUserVerified(db: Executor, userId: string, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ verified: 1, updated: now })
    .where('id', '=', userId)
    .where('verified', '=', 0)
    .execute();
}

export async function deleteInvitation(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('site_invitations').where('id', '=', id).execute();
}
