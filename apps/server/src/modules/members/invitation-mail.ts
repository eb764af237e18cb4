import { INVITATION_VALID_DAYS, type Invitation } from '@siteledger/domain';
import type { MailMessage } from '../../platform/mail.js';

/**
 * Where the invitation mail points (docs/API.md "Invitations only for the invited person"). The invites page carries the
 * invitation id and its one-time secret; someone without an account is first sent to register with
 * the invited address and comes back to that page afterwards (`next`).
 */
export function invitationLink(
  publicUrl: string,
  invitation: { id: string; email: string },
  secret: string,
  hasAccount: boolean,
): string {
  const invites = `/invites?invitation=${encodeURIComponent(invitation.id)}&token=${encodeURIComponent(secret)}`;
  if (hasAccount) return `${publicUrl}${invites}`;
  return `${publicUrl}/register?email=${encodeURIComponent(invitation.email)}&next=${encodeURIComponent(invites)}`;
}

export function invitationMail(
  invitation: Invitation,
  link: string,
  hasAccount: boolean,
): MailMessage {
  const inviter = invitation.invited_by.name;
  const site = invitation.site.name;
  const steps = hasAccount
    ? `Open this link, sign in with ${invitation.email} if you are asked to, and choose Accept:`
    : `You do not have a SiteLedger account yet. Open this link to create one with ${invitation.email}; after registering you come back to the invitation and can accept it:`;
  return {
    to: invitation.email,
    subject: `${inviter} invited you to ${site} on SiteLedger`,
    text:
      `${inviter} invited you to join the site "${site}" as ${invitation.role}.\n\n` +
      `${steps}\n\n${link}\n\n` +
      // The link stands in for email verification, so it must stay with the mailbox's owner.
      `The link works once and only for ${invitation.email}; please do not forward it.\n` +
      `The invitation is valid for ${INVITATION_VALID_DAYS} days.\n`,
    link,
  };
}
