import {
  INVITATION_VALID_DAYS,
  type Invitation,
  type InvitationAccept,
  type InvitationCreate,
  type InvitationStatus,
  type Role,
} from '@siteledger/domain';
import { newId, nowIso } from '../../db/ids.js';
import type { UsersTable } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hashSecret, newSecret } from '../../platform/tokens.js';
import { invitationLink, invitationMail } from './invitation-mail.js';
import * as repo from './members-repo.js';
import type { SiteScope } from '../../platform/scope.js';

export function toInvitation(row: repo.InvitationView, now = nowIso()): Invitation {
  // A pending invitation past its expiry reads as expired even before the cleanup has run.
  const status = (
    row.status === 'pending' && row.expires_at <= now ? 'expired' : row.status
  ) as InvitationStatus;
  return {
    id: row.id,
    site: { id: row.site_id, name: row.site_name },
    email: row.email,
    role: row.role as Role,
    status,
    invited_by: { id: row.invited_by, name: row.inviter_name },
    invited_at: row.invited_at,
    expires_at: row.expires_at,
  };
}

export async function listSent(scope: SiteScope): Promise<Invitation[]> {
  const { ctx, siteId } = scope;
  const now = nowIso();
  await repo.expireOverdue(ctx.db.kysely, siteId, now);
  const rows = await repo.invitationsOfSite(ctx.db.kysely, siteId);
  return rows.map((row) => toInvitation(row, now));
}

export async function invite(
  scope: SiteScope,
  inviter: { id: string; email: string },
  input: InvitationCreate,
): Promise<Invitation> {
  const { ctx, siteId } = scope;
  const email = input.email; // zEmail already trimmed and lowercased it
  if (email === inviter.email.toLowerCase()) throw new AppError('SELF_INVITE');
  const id = newId();
  const now = nowIso();
  const expiresAt = new Date(Date.now() + INVITATION_VALID_DAYS * 86_400_000).toISOString();
  // The mailed link carries this secret; whoever holds it has read the invitee's mailbox.
  const secret = newSecret();
  const hasAccount = await ctx.db.kysely.transaction().execute(async (trx) => {
    await repo.lockSite(trx, siteId);
    const user = await repo.findUserByEmail(trx, email);
    const role = user ? await repo.activeRole(trx, siteId, user.id) : undefined;
    if (role) throw new AppError('ALREADY_MEMBER', { email, role: role.role });
    const pending = await repo.activeInvitationFor(trx, siteId, email, now);
    if (pending) throw new AppError('INVITATION_PENDING', { expires_at: pending.expires_at });
    await repo.insertInvitation(trx, {
      id,
      site_id: siteId,
      email,
      role: input.role,
      invited_by: inviter.id,
      invited_at: now,
      status: 'pending',
      expires_at: expiresAt,
      token_hash: hashSecret(secret),
      created: now,
      updated: now,
    });
    return user !== undefined;
  });
  const row = await repo.findInvitation(ctx.db.kysely, id);
  const invitation = toInvitation(row!);
  // The invitation stands even if the mail fails; the invitee also sees it in the app.
  const link = invitationLink(ctx.config.publicUrl, invitation, secret, hasAccount);
  await ctx.mailer
    .send(invitationMail(invitation, link, hasAccount))
    .catch((error: unknown) => ctx.logger.warn({ err: error }, 'invitation mail failed'));
  return invitation;
}

export async function cancel(scope: SiteScope, invitationId: string): Promise<void> {
  const { ctx, siteId } = scope;
  const row = await repo.findInvitation(ctx.db.kysely, invitationId);
  if (!row || row.site_id !== siteId) throw new AppError('INVITATION_NOT_FOUND');
  await repo.deleteInvitation(ctx.db.kysely, invitationId);
}

export async function listReceived(ctx: AppContext, email: string): Promise<Invitation[]> {
  const now = nowIso();
  const rows = await repo.receivedInvitations(ctx.db.kysely, email.toLowerCase(), now);
  return rows.map((row) => toInvitation(row, now));
}

/** The invitation addressed to this user, or INVITATION_NOT_FOUND (also for other people's). */
async function ownInvitation(ctx: AppContext, invitationId: string, email: string) {
  const row = await repo.findInvitationWithSecret(ctx.db.kysely, invitationId);
  if (!row || row.email !== email.toLowerCase() || row.status === 'accepted') {
    throw new AppError('INVITATION_NOT_FOUND');
  }
  return row;
}

/**
 * Whether the accept carries the invitation's mailed secret. No token → false; a token that is not
 * this invitation's → TOKEN_INVALID. Hashes are compared (both are SHA-256 of random secrets, so
 * the comparison's timing tells nothing about the secret).
 */
function provesMailbox(tokenHash: string | null, token: string | undefined): boolean {
  if (token === undefined) return false;
  if (tokenHash === null || hashSecret(token) !== tokenHash) throw new AppError('TOKEN_INVALID');
  return true;
}

/**
 * Joins the site with the invited role. Only the mailbox's owner may: the account's email is
 * verified, or the call carries the mailed link's secret (which then verifies the account). Without
 * this, anyone registering an invited address that had no account would join, owner role included.
 */
export async function accept(
  ctx: AppContext,
  invitationId: string,
  user: Pick<UsersTable, 'id' | 'email' | 'verified'>,
  input: InvitationAccept,
) {
  const row = await ownInvitation(ctx, invitationId, user.email);
  const now = nowIso();
  if (row.status === 'expired' || row.expires_at <= now) {
    await repo.setInvitationStatus(ctx.db.kysely, row.id, 'expired', now);
    throw new AppError('INVITATION_EXPIRED');
  }
  const viaLink = provesMailbox(row.token_hash, input?.token);
  if (!viaLink && user.verified !== 1) throw new AppError('EMAIL_NOT_VERIFIED');
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await repo.lockSite(trx, row.site_id);
    if (await repo.activeRole(trx, row.site_id, user.id)) {
      throw new AppError('ALREADY_MEMBER', { variant: 'self' });
    }
    await repo.insertRole(trx, {
      id: newId(),
      site_id: row.site_id,
      user_id: user.id,
      role: row.role,
      assigned_by: row.invited_by,
      assigned_at: now,
      is_active: 1,
      disowned_at: null,
      created: now,
      updated: now,
    });
    await repo.markInvitationAccepted(trx, row.id, now);
    if (viaLink && user.verified !== 1) await repo.markUserVerified(trx, user.id, now);
  });
  return toInvitation({ ...row, status: 'accepted' }, now);
}

export async function decline(ctx: AppContext, invitationId: string, email: string): Promise<void> {
  const row = await ownInvitation(ctx, invitationId, email);
  await repo.deleteInvitation(ctx.db.kysely, row.id);
}
