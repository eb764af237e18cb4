import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, readOutbox, registerUser, uniqueEmail } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { verifyEmail } from './helpers/invitations.js';
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
  site: { id: string; name: string };
  email: string;
  role: string;
  status: string;
  invited_by: { id: string; name: string };
  expires_at: string;
}
interface Members {
  items: { user: { id: string; email: string }; role: string }[];
}

async function ownedSite() {
  const owner = await registerUser(server.url);
  const site = await createSite(server.url, owner.token, { name: 'Invite Towers' });
  return { owner, siteId: site.id };
}

describe('invitations', () => {
  it('invites by email (lowercased, trimmed) for 7 days, mails the invitee, who accepts and becomes a member', async () => {
    const { owner, siteId } = await ownedSite();
    const invitee = await registerUser(server.url);
    // Accepting needs the mailbox proved (issue 19): this invitee verified their address.
    await verifyEmail(server, invitee.email);
    const res = await call<Invitation>(server.url, 'POST', `/api/sites/${siteId}/invitations`, {
      token: owner.token,
      body: { email: `  ${invitee.email.toUpperCase()} `, role: 'accountant' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: invitee.email,
      role: 'accountant',
      status: 'pending',
      site: { id: siteId, name: 'Invite Towers' },
      invited_by: { id: owner.user.id },
    });
    const days = (Date.parse(res.body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect(
      readOutbox(server.dataDir).some(
        (m) => m.to === invitee.email && m.subject.includes('Invite Towers'),
      ),
    ).toBe(true);

    const received = await call<{ items: Invitation[] }>(server.url, 'GET', '/api/invitations', {
      token: invitee.token,
    });
    expect(received.body.items.map((i) => i.id)).toEqual([res.body.id]);
    const stranger = await registerUser(server.url);
    expect(
      (
        await call(server.url, 'POST', `/api/invitations/${res.body.id}/accept`, {
          token: stranger.token,
        })
      ).status,
    ).toBe(404);

    const accepted = await call<Invitation>(
      server.url,
      'POST',
      `/api/invitations/${res.body.id}/accept`,
      { token: invitee.token },
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('accepted');
    const sites = await call<{ items: { id: string; role: string }[] }>(
      server.url,
      'GET',
      '/api/sites',
      { token: invitee.token },
    );
    expect(sites.body.items).toEqual([expect.objectContaining({ id: siteId, role: 'accountant' })]);
    expect(
      (
        await call<{ items: unknown[] }>(server.url, 'GET', '/api/invitations', {
          token: invitee.token,
        })
      ).body.items,
    ).toEqual([]);
    const again = await call(server.url, 'POST', `/api/invitations/${res.body.id}/accept`, {
      token: invitee.token,
    });
    expect(again.status).toBe(404);
  });

  it('refuses self-invites, members (naming email and role) and a second pending invitation (naming its expiry)', async () => {
    const { owner, siteId } = await ownedSite();
    const self = await call(server.url, 'POST', `/api/sites/${siteId}/invitations`, {
      token: owner.token,
      body: { email: owner.email, role: 'supervisor' },
    });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({
      code: 'SELF_INVITE',
      message: 'You cannot send an invitation to yourself',
    });
    const member = await registerUser(server.url);
    await addMember(server, siteId, member.user.id, 'supervisor');
    const dup = await call<{ message: string }>(
      server.url,
      'POST',
      `/api/sites/${siteId}/invitations`,
      { token: owner.token, body: { email: member.email, role: 'accountant' } },
    );
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({
      code: 'ALREADY_MEMBER',
      data: { email: member.email, role: 'supervisor' },
    });
    expect(dup.body.message).toContain(member.email);
    const email = uniqueEmail('future');
    const first = await call<Invitation>(server.url, 'POST', `/api/sites/${siteId}/invitations`, {
      token: owner.token,
      body: { email, role: 'supervisor' },
    });
    const second = await call<{ message: string }>(
      server.url,
      'POST',
      `/api/sites/${siteId}/invitations`,
      { token: owner.token, body: { email, role: 'owner' } },
    );
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      code: 'INVITATION_PENDING',
      data: { expires_at: first.body.expires_at },
    });
    expect(second.body.message).toContain(first.body.expires_at);
  });

  it('past expiry: the site list shows expired, accepting answers 410, and a new invitation may be sent', async () => {
    const { owner, siteId } = await ownedSite();
    const invitee = await registerUser(server.url);
    const inv = (
      await call<Invitation>(server.url, 'POST', `/api/sites/${siteId}/invitations`, {
        token: owner.token,
        body: { email: invitee.email, role: 'supervisor' },
      })
    ).body;
    await server.ctx.db.kysely
      .updateTable('site_invitations')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', inv.id)
      .execute();
    expect(
      (
        await call<{ items: unknown[] }>(server.url, 'GET', '/api/invitations', {
          token: invitee.token,
        })
      ).body.items,
    ).toEqual([]);
    const accept = await call(server.url, 'POST', `/api/invitations/${inv.id}/accept`, {
      token: invitee.token,
    });
    expect(accept.status).toBe(410);
    expect(accept.body).toMatchObject({ code: 'INVITATION_EXPIRED' });
    const list = await call<{ items: Invitation[] }>(
      server.url,
      'GET',
      `/api/sites/${siteId}/invitations`,
      { token: owner.token },
    );
    expect(list.body.items.find((i) => i.id === inv.id)?.status).toBe('expired');
    const row = await server.ctx.db.kysely
      .selectFrom('site_invitations')
      .select('status')
      .where('id', '=', inv.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
    const renewed = await call(server.url, 'POST', `/api/sites/${siteId}/invitations`, {
      token: owner.token,
      body: { email: invitee.email, role: 'supervisor' },
    });
    expect(renewed.status).toBe(201);
  });

  it('decline (invitee) and cancel (inviter) delete the invitation; only owners invite', async () => {
    const { owner, siteId } = await ownedSite();
    const invitee = await registerUser(server.url);
    const a = (
      await call<Invitation>(server.url, 'POST', `/api/sites/${siteId}/invitations`, {
        token: owner.token,
        body: { email: invitee.email, role: 'supervisor' },
      })
    ).body;
    expect(
      (await call(server.url, 'POST', `/api/invitations/${a.id}/decline`, { token: invitee.token }))
        .status,
    ).toBe(204);
    expect(
      (await call(server.url, 'POST', `/api/invitations/${a.id}/decline`, { token: invitee.token }))
        .body,
    ).toMatchObject({ code: 'INVITATION_NOT_FOUND' });
    const b = (
      await call<Invitation>(server.url, 'POST', `/api/sites/${siteId}/invitations`, {
        token: owner.token,
        body: { email: invitee.email, role: 'supervisor' },
      })
    ).body;
    expect(
      (
        await call(server.url, 'DELETE', `/api/sites/${siteId}/invitations/${b.id}`, {
          token: owner.token,
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await call<{ items: unknown[] }>(server.url, 'GET', `/api/sites/${siteId}/invitations`, {
          token: owner.token,
        })
      ).body.items,
    ).toEqual([]);
    const supervisor = await registerUser(server.url);
    await addMember(server, siteId, supervisor.user.id, 'supervisor');
    const denied = await call(server.url, 'POST', `/api/sites/${siteId}/invitations`, {
      token: supervisor.token,
      body: { email: uniqueEmail(), role: 'supervisor' },
    });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({
      code: 'PERMISSION_DENIED',
      message: 'Permission denied: Only owners can add users',
    });
  });
});

describe('members', () => {
  it('owners add existing users by email (default supervisor); unknown email and duplicates are refused', async () => {
    const { owner, siteId } = await ownedSite();
    const user = await registerUser(server.url);
    const add = await call(server.url, 'POST', `/api/sites/${siteId}/members`, {
      token: owner.token,
      body: { email: user.email.toUpperCase() },
    });
    expect(add.status).toBe(201);
    const list = await call<Members>(server.url, 'GET', `/api/sites/${siteId}/members`, {
      token: owner.token,
    });
    expect(list.body.items.find((m) => m.user.id === user.user.id)?.role).toBe('supervisor');
    const ghost = uniqueEmail('ghost');
    const missing = await call(server.url, 'POST', `/api/sites/${siteId}/members`, {
      token: owner.token,
      body: { email: ghost },
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      code: 'USER_NOT_FOUND',
      message: `No user found with email ${ghost}`,
    });
    const dup = await call(server.url, 'POST', `/api/sites/${siteId}/members`, {
      token: owner.token,
      body: { email: user.email },
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({
      code: 'ALREADY_ASSIGNED',
      message: 'User is already assigned to this site',
    });
    const bySupervisor = await call(server.url, 'POST', `/api/sites/${siteId}/members`, {
      token: user.token,
      body: { email: owner.email },
    });
    expect(bySupervisor.body).toMatchObject({
      code: 'PERMISSION_DENIED',
      message: 'Permission denied: Only owners can add users',
    });
  });

  it('role changes: owners only; the last owner cannot be demoted; with two owners one may step down', async () => {
    const { owner, siteId } = await ownedSite();
    const user = await registerUser(server.url);
    await addMember(server, siteId, user.user.id, 'supervisor');
    const demoteSelf = await call(
      server.url,
      'PATCH',
      `/api/sites/${siteId}/members/${owner.user.id}`,
      { token: owner.token, body: { role: 'supervisor' } },
    );
    expect(demoteSelf.status).toBe(409);
    expect(demoteSelf.body).toMatchObject({
      code: 'LAST_OWNER',
      message: 'Cannot change role of the last owner',
    });
    const bySupervisor = await call(
      server.url,
      'PATCH',
      `/api/sites/${siteId}/members/${owner.user.id}`,
      { token: user.token, body: { role: 'accountant' } },
    );
    expect(bySupervisor.body).toMatchObject({
      message: 'Permission denied: Only owners can change user roles',
    });
    expect(
      (
        await call(server.url, 'PATCH', `/api/sites/${siteId}/members/${user.user.id}`, {
          token: owner.token,
          body: { role: 'owner' },
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await call(server.url, 'PATCH', `/api/sites/${siteId}/members/${owner.user.id}`, {
          token: owner.token,
          body: { role: 'accountant' },
        })
      ).status,
    ).toBe(204);
    const me = await call<{ role: string }>(server.url, 'GET', `/api/sites/${siteId}`, {
      token: owner.token,
    });
    expect(me.body.role).toBe('accountant');
    const bad = await call(server.url, 'PATCH', `/api/sites/${siteId}/members/${user.user.id}`, {
      token: user.token,
      body: { role: 'boss' },
    });
    expect(bad.status).toBe(400);
  });

  it('removal: never yourself (checked first), never the last owner; removed members lose access', async () => {
    const { owner, siteId } = await ownedSite();
    const self = await call(server.url, 'DELETE', `/api/sites/${siteId}/members/${owner.user.id}`, {
      token: owner.token,
    });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ code: 'CANNOT_REMOVE_SELF' });
    const coOwner = await registerUser(server.url);
    await addMember(server, siteId, coOwner.user.id, 'owner');
    const user = await registerUser(server.url);
    await addMember(server, siteId, user.user.id, 'accountant');
    expect(
      (
        await call(server.url, 'DELETE', `/api/sites/${siteId}/members/${user.user.id}`, {
          token: owner.token,
        })
      ).status,
    ).toBe(204);
    expect(
      (await call(server.url, 'GET', `/api/sites/${siteId}`, { token: user.token })).body,
    ).toMatchObject({ code: 'ACCESS_DENIED' });
    // Two owners: one removes the other; then the remaining one is the last owner.
    expect(
      (
        await call(server.url, 'DELETE', `/api/sites/${siteId}/members/${coOwner.user.id}`, {
          token: owner.token,
        })
      ).status,
    ).toBe(204);
    await server.ctx.db.kysely
      .updateTable('site_users')
      .set({ role: 'supervisor' })
      .where('site_id', '=', siteId)
      .where('user_id', '=', owner.user.id)
      .execute();
    const lastOwner = await registerUser(server.url);
    await addMember(server, siteId, lastOwner.user.id, 'owner');
    const removeLast = await call(
      server.url,
      'DELETE',
      `/api/sites/${siteId}/members/${lastOwner.user.id}`,
      { token: lastOwner.token },
    );
    expect(removeLast.body).toMatchObject({ code: 'CANNOT_REMOVE_SELF' });
    const rows = await server.ctx.db.kysely
      .selectFrom('site_users')
      .select(['user_id', 'is_active'])
      .where('site_id', '=', siteId)
      .execute();
    expect(rows.find((r) => r.user_id === user.user.id)?.is_active).toBe(0);
  });
});
