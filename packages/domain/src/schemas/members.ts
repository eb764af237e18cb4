import { z } from 'zod';
import { zEmail } from './common.js';
import { zRole } from './sites.js';

/** Invitations are valid for 7 days (spec part 9). */
export const INVITATION_VALID_DAYS = 7;
export const INVITATION_STATUSES = ['pending', 'accepted', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const zInvitationCreate = z.object({
  email: zEmail,
  role: zRole,
});
export type InvitationCreate = z.infer<typeof zInvitationCreate>;

export const zInvitation = z.object({
  id: z.string(),
  site: z.object({ id: z.string(), name: z.string() }),
  email: z.string(),
  role: zRole,
  status: z.enum(INVITATION_STATUSES),
  invited_by: z.object({ id: z.string(), name: z.string() }),
  invited_at: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof zInvitation>;

/**
 * Accepting an invitation. `token` is the one-time secret of the mailed link: it proves the
 * mailbox, so an unverified account may accept with it. The whole body is optional: a call with no
 * body (which the server sees as null) keeps working for verified accounts.
 */
export const zInvitationAccept = z
  .object({ token: z.string().min(1).max(200).optional() })
  .nullish();
export type InvitationAccept = z.infer<typeof zInvitationAccept>;

/** Adding an existing user directly; the default role is supervisor (spec part 9). */
export const zMemberAdd = z.object({
  email: zEmail,
  role: zRole.default('supervisor'),
});
export type MemberAdd = z.infer<typeof zMemberAdd>;

export const zMemberRoleChange = z.object({ role: zRole });
export type MemberRoleChange = z.infer<typeof zMemberRoleChange>;
