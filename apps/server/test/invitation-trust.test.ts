/**
 * Issue 19: an invitation is for the person who reads the invited mailbox. Accepting needs a
 * verified email or the one-time secret of the mailed link; the mail leads a new and an existing
 * account to the right screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@siteledger/domain';
import { call, createSite, registerUser, uniqueEmail, type Registered } from './helpers/api.js';
import { invitationMail, invitesTarget, verifyEmail } from './helpers/invitations.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
});
afterAll(async () => {
  await server?.close();
});

interface Invitation {
  id: string;
  status: string;
  role: string;
}

async function invite(email: string, role = 'supervisor') {
  const owner = await registerUser(server.url);
  const site = await createSite(server.url, owner.token, { name: 'Trust Towers' });
  const res = await call<Invitation>(server.url, 'POST', `/api/sites/${site.id}/invitations`, {
    token: owner.token,
    body: { email, role },
  });
  expect(res.status).toBe(201);
  return { owner, siteId: site.id, invitation: res.body };
}

function accept(invitationId: string, user: Registered, body?: unknown) {
  return call<Invitation & { code?: string; message?: string }>(
    server.url,
    'POST',
    `/api/invitations/${invitationId}/accept`,
    { token: user.token, ...(body === undefined ? {} : { body }) },
  );
}

/** What a refused accept must leave untouched. */
async function state(siteId: string, invitationId: string, userId: string) {
  const db = server.ctx.db.kysely;
  const [roles, invitation, user] = await Promise.all([
    db
      .selectFrom('site_users')
      .select(['role', 'is_active'])
      .where('site_id', '=', siteId)
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('site_invitations')
      .select(['status', 'token_hash', 'updated'])
      .where('id', '=', invitationId)
      .executeTakeFirst(),
    db.selectFrom('users').select(['verified', 'updated']).where('id', '=', userId).execute(),
  ]);
  return { roles, invitation, user };
}

async function isVerified(user: Registered): Promise<boolean> {
  const me = await call<{ verified: boolean }>(server.url, 'GET', '/api/me', { token: user.token });
  return me.body.verified;
}

describe('accepting an invitation needs the invited mailbox', () => {
  it('registering with an invited address is not enough: 403 EMAIL_NOT_VERIFIED, nothing written', async () => {
    const email = uniqueEmail('squatter');
    const { siteId, invitation } = await invite(email, 'owner');
    // Someone who never reads that mailbox registers the address first.
    const squatter = await registerUser(server.url, { email });
    const received = await call<{ items: Invitation[] }>(server.url, 'GET', '/api/invitations', {
      token: squatter.token,
    });
    expect(received.body.items.map((i) => i.id)).toEqual([invitation.id]);
    const before = await state(siteId, invitation.id, squatter.user.id);

    for (const body of [undefined, {}]) {
      const refused = await accept(invitation.id, squatter, body);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'EMAIL_NOT_VERIFIED',
        message: ERRORS.EMAIL_NOT_VERIFIED.en,
      });
    }
    const hindi = await call(server.url, 'POST', `/api/invitations/${invitation.id}/accept`, {
      token: squatter.token,
      lang: 'hi',
    });
    expect(hindi.body).toMatchObject({ message: ERRORS.EMAIL_NOT_VERIFIED.hi });

    const after = await state(siteId, invitation.id, squatter.user.id);
    expect(after).toEqual(before);
    expect(after.roles).toEqual([]);
    expect(after.invitation?.status).toBe('pending');
    const sites = await call<{ items: unknown[] }>(server.url, 'GET', '/api/sites', {
      token: squatter.token,
    });
    expect(sites.body.items).toEqual([]);
  });

  it('a verified invitee joins with no body at all, as before', async () => {
    const invitee = await registerUser(server.url);
    await verifyEmail(server, invitee.email);
    const { siteId, invitation } = await invite(invitee.email, 'accountant');
    const res = await accept(invitation.id, invitee);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: invitation.id, status: 'accepted', role: 'accountant' });
    const after = await state(siteId, invitation.id, invitee.user.id);
    expect(after.roles).toEqual([{ role: 'accountant', is_active: 1 }]);
    expect(after.invitation).toMatchObject({ status: 'accepted', token_hash: null });
  });

  it('an unverified invitee with the mailed link’s token joins, becomes verified, and the token works once', async () => {
    const invitee = await registerUser(server.url);
    const { siteId, invitation } = await invite(invitee.email, 'supervisor');
    const { token } = invitesTarget(invitationMail(server, invitee.email).link);
    expect(await isVerified(invitee)).toBe(false);

    const res = await accept(invitation.id, invitee, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'accepted', role: 'supervisor' });
    expect(await isVerified(invitee)).toBe(true);
    const after = await state(siteId, invitation.id, invitee.user.id);
    expect(after.roles).toEqual([{ role: 'supervisor', is_active: 1 }]);
    expect(after.invitation).toMatchObject({ status: 'accepted', token_hash: null });

    const replay = await accept(invitation.id, invitee, { token });
    expect(replay.status).toBe(404);
    expect(replay.body).toMatchObject({ code: 'INVITATION_NOT_FOUND' });
  });

  it('a wrong token (or another invitation’s) → 400 TOKEN_INVALID and nothing changes, even when verified', async () => {
    const invitee = await registerUser(server.url);
    const { siteId, invitation } = await invite(invitee.email, 'owner');
    const other = await invite(invitee.email, 'owner');
    const otherToken = invitesTarget(invitationMail(server, invitee.email).link).token;
    const before = await state(siteId, invitation.id, invitee.user.id);

    for (const token of ['not-the-secret', otherToken]) {
      const refused = await accept(invitation.id, invitee, { token });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'TOKEN_INVALID' });
    }
    const empty = await accept(invitation.id, invitee, { token: '' });
    expect(empty.status).toBe(400);
    expect(await state(siteId, invitation.id, invitee.user.id)).toEqual(before);
    expect(await isVerified(invitee)).toBe(false);

    await verifyEmail(server, invitee.email);
    const stillWrong = await accept(invitation.id, invitee, { token: 'not-the-secret' });
    expect(stillWrong.body).toMatchObject({ code: 'TOKEN_INVALID' });
    expect((await state(siteId, invitation.id, invitee.user.id)).roles).toEqual([]);
    // The other invitation's own token still works for it.
    expect((await accept(other.invitation.id, invitee, { token: otherToken })).status).toBe(200);
  });

  it('someone else cannot use a leaked link: the token does not change whose invitation it is', async () => {
    const invitee = await registerUser(server.url);
    const { invitation } = await invite(invitee.email);
    const { token } = invitesTarget(invitationMail(server, invitee.email).link);
    const stranger = await registerUser(server.url);
    const res = await accept(invitation.id, stranger, { token });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'INVITATION_NOT_FOUND' });
  });

  it('declining needs no verification', async () => {
    const invitee = await registerUser(server.url);
    const { invitation } = await invite(invitee.email);
    const res = await call(server.url, 'POST', `/api/invitations/${invitation.id}/decline`, {
      token: invitee.token,
    });
    expect(res.status).toBe(204);
  });
});

describe('the invitation mail', () => {
  it('sends an existing account to the invites page with the invitation and its secret', async () => {
    const invitee = await registerUser(server.url);
    const { invitation } = await invite(invitee.email);
    const mail = invitationMail(server, invitee.email);
    const link = new URL(mail.link ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('http://app.test/invites');
    expect([...link.searchParams.keys()]).toEqual(['invitation', 'token']);
    expect(link.searchParams.get('invitation')).toBe(invitation.id);
    expect(link.searchParams.get('token')).toMatch(/^[\w-]{40,}$/);
    expect(mail.text).toContain(mail.link);
    expect(mail.text).toContain(`sign in with ${invitee.email}`);
    // Only the hash is stored.
    const row = await server.ctx.db.kysely
      .selectFrom('site_invitations')
      .select('token_hash')
      .where('id', '=', invitation.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toBe(link.searchParams.get('token'));
  });

  it('sends an address without an account to register with that email, then on to the invites page', async () => {
    const email = uniqueEmail('newcomer');
    const { siteId, invitation } = await invite(email, 'accountant');
    const mail = invitationMail(server, email);
    const link = new URL(mail.link ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('http://app.test/register');
    expect(link.searchParams.get('email')).toBe(email);
    const next = link.searchParams.get('next') ?? '';
    expect(next).toMatch(new RegExp(`^/invites\\?invitation=${invitation.id}&token=[\\w-]{40,}$`));
    expect(mail.link).toContain(`next=${encodeURIComponent(next)}`);
    expect(mail.text).toContain('You do not have a SiteLedger account yet');

    // The newcomer registers from the link and accepts with its token: joined and verified.
    const newcomer = await registerUser(server.url, { email });
    const { url, token } = invitesTarget(mail.link);
    expect(url.searchParams.get('invitation')).toBe(invitation.id);
    const res = await accept(invitation.id, newcomer, { token });
    expect(res.status).toBe(200);
    expect(await isVerified(newcomer)).toBe(true);
    expect((await state(siteId, invitation.id, newcomer.user.id)).roles).toEqual([
      { role: 'accountant', is_active: 1 },
    ]);
  });

  it('is documented in OpenAPI: accept takes { token? }', async () => {
    const doc = await call<{
      paths: Record<
        string,
        Record<string, { requestBody?: { required?: boolean; content: Record<string, unknown> } }>
      >;
    }>(server.url, 'GET', '/api/openapi.json');
    const body = doc.body.paths['/api/invitations/{id}/accept']?.post?.requestBody;
    expect(JSON.stringify(body?.content)).toContain('"token"');
  });
});
