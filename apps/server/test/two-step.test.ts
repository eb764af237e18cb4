/**
 * Two-step sign-in (issue 19) through real HTTP: switching it on with a code from an
 * authenticator app (computed here with otplib), the login's second step with a code or a
 * one-time recovery code, replays and expired challenges refused, switching it off, and a site
 * whose owner requires it of every member.
 */
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

interface Enabled {
  secret: string;
  recoveryCodes: string[];
}

/** The code the app shows `steps` time steps (30 s) from now. */
function codeAt(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

async function enableTwoStep(user: Registered): Promise<Enabled> {
  const setup = await call<{ secret: string }>(server.url, 'POST', '/api/me/two-step/setup', {
    token: user.token,
  });
  expect(setup.status).toBe(200);
  const enabled = await call<{ recovery_codes: string[] }>(
    server.url,
    'POST',
    '/api/me/two-step/enable',
    { token: user.token, body: { code: await codeAt(setup.body.secret) } },
  );
  expect(enabled.status).toBe(200);
  return { secret: setup.body.secret, recoveryCodes: enabled.body.recovery_codes };
}

/** Email and password right: 403 TWO_STEP_REQUIRED with the challenge, and no session. */
async function challengeFor(user: Registered): Promise<string> {
  const res = await call<{ code: string; data: { challenge: string }; token?: string }>(
    server.url,
    'POST',
    '/api/auth/login',
    { body: { email: user.email, password: user.password } },
  );
  expect(res.status).toBe(403);
  expect(res.body.code).toBe('TWO_STEP_REQUIRED');
  expect(res.body.token).toBeUndefined();
  expect(res.body.data.challenge).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  return res.body.data.challenge;
}

function secondStep(body: Record<string, unknown>, headers?: Record<string, string>) {
  return call<{ token?: string; user: { id: string; two_step: boolean }; code?: string }>(
    server.url,
    'POST',
    '/api/auth/login/two-step',
    { body, ...(headers ? { headers } : {}) },
  );
}

async function sessionCount(userId: string): Promise<number> {
  const rows = await server.ctx.db.kysely
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  return rows.length;
}

describe('switching two-step sign-in on', () => {
  it('sets up with a QR code, refuses a wrong code, enables with a right one and shows recovery codes once', async () => {
    const user = await registerUser(server.url);
    const me = await call<{ two_step: boolean }>(server.url, 'GET', '/api/me', {
      token: user.token,
    });
    expect(me.body.two_step).toBe(false);

    const setup = await call<{ secret: string; otpauth_url: string; qr_svg_data_url: string }>(
      server.url,
      'POST',
      '/api/me/two-step/setup',
      { token: user.token },
    );
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const otpauth = new URL(setup.body.otpauth_url);
    expect(otpauth.protocol).toBe('otpauth:');
    expect(otpauth.searchParams.get('secret')).toBe(setup.body.secret);
    expect(otpauth.searchParams.get('issuer')).toBe('SiteLedger');
    expect(decodeURIComponent(otpauth.pathname)).toContain(user.email);
    expect(setup.body.qr_svg_data_url).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(setup.body.qr_svg_data_url.split(',')[1]!, 'base64').toString();
    expect(svg).toContain('<svg');
    // Nothing is on until a code proves the app was set up.
    const row = await server.ctx.db.kysely
      .selectFrom('users')
      .select(['totp_secret', 'totp_pending_secret'])
      .where('id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ totp_secret: null, totp_pending_secret: setup.body.secret });

    const wrongCode = String((Number(await codeAt(setup.body.secret)) + 1) % 1_000_000).padStart(
      6,
      '0',
    );
    const wrong = await call(server.url, 'POST', '/api/me/two-step/enable', {
      token: user.token,
      body: { code: wrongCode },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'TWO_STEP_CODE_INVALID' });
    // A code of the step before the current one still counts (a phone clock a little behind).
    const enabled = await call<{ recovery_codes: string[] }>(
      server.url,
      'POST',
      '/api/me/two-step/enable',
      { token: user.token, body: { code: await codeAt(setup.body.secret, -1) } },
    );
    expect(enabled.status).toBe(200);
    const codes = enabled.body.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Only hashes are kept.
    const stored = await server.ctx.db.kysely
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.user.id)
      .execute();
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.code_hash)).not.toContain(codes[0]);

    const after = await call<{ two_step: boolean }>(server.url, 'GET', '/api/me', {
      token: user.token,
    });
    expect(after.body.two_step).toBe(true);
    const status = await call(server.url, 'GET', '/api/me/two-step', { token: user.token });
    expect(status.body).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    const again = await call(server.url, 'POST', '/api/me/two-step/setup', { token: user.token });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'TWO_STEP_ALREADY_ON' });
  });

  it('refuses to enable without a setup first', async () => {
    const user = await registerUser(server.url);
    const res = await call(server.url, 'POST', '/api/me/two-step/enable', {
      token: user.token,
      body: { code: '123456' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'TWO_STEP_SETUP_NEEDED' });
  });

  it('ends the other sessions of the person and keeps this one', async () => {
    const user = await registerUser(server.url);
    const other = await call<{ token: string }>(server.url, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(other.status).toBe(200);
    await enableTwoStep(user);
    const otherMe = await call(server.url, 'GET', '/api/me', { token: other.body.token });
    expect(otherMe.status).toBe(401);
    const thisMe = await call(server.url, 'GET', '/api/me', { token: user.token });
    expect(thisMe.status).toBe(200);
  });
});

describe('signing in with two-step', () => {
  it('answers the password with a challenge, refuses a wrong code, signs in with a right one', async () => {
    const user = await registerUser(server.url);
    const { secret } = await enableTwoStep(user);
    const sessionsBefore = await sessionCount(user.user.id);
    const challenge = await challengeFor(user);
    expect(await sessionCount(user.user.id)).toBe(sessionsBefore);

    const wrong = await secondStep({ challenge, code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('TWO_STEP_CODE_INVALID');
    // Two steps ahead is outside the window.
    const far = await secondStep({ challenge, code: await codeAt(secret, 2) });
    expect(far.body.code).toBe('TWO_STEP_CODE_INVALID');

    // The code of the enabling step was used; the next one is fresh (and within ±1 step).
    const code = await codeAt(secret, 1);
    const right = await secondStep({ challenge, code });
    expect(right.status).toBe(200);
    expect(right.body.user).toMatchObject({ id: user.user.id, two_step: true });
    const me = await call(server.url, 'GET', '/api/me', { token: right.body.token });
    expect(me.status).toBe(200);

    // The challenge was used up, and the same code is not accepted twice.
    const reused = await secondStep({ challenge, code });
    expect(reused.body.code).toBe('TWO_STEP_CHALLENGE_EXPIRED');
    const replay = await secondStep({ challenge: await challengeFor(user), code });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('TWO_STEP_CODE_INVALID');
    const older = await secondStep({
      challenge: await challengeFor(user),
      code: await codeAt(secret),
    });
    expect(older.body.code).toBe('TWO_STEP_CODE_INVALID');
  });

  it('gives a cookie session to the web app, as login does', async () => {
    const user = await registerUser(server.url);
    const { secret } = await enableTwoStep(user);
    const res = await secondStep(
      { challenge: await challengeFor(user), code: await codeAt(secret, 1) },
      { 'x-session': 'cookie' },
    );
    expect(res.status).toBe(200);
    expect(res.body.token).toBeUndefined();
    expect(res.headers.getSetCookie().join(';')).toMatch(/HttpOnly/i);
  });

  it('refuses an expired, unknown or used challenge', async () => {
    const user = await registerUser(server.url);
    const { secret } = await enableTwoStep(user);
    const unknown = await secondStep({ challenge: 'not-a-challenge', code: '123456' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('TWO_STEP_CHALLENGE_EXPIRED');

    const challenge = await challengeFor(user);
    const token = await server.ctx.db.kysely
      .selectFrom('auth_tokens')
      .select(['id', 'expires_at', 'created'])
      .where('user_id', '=', user.user.id)
      .where('kind', '=', 'two_step')
      .orderBy('created', 'desc')
      .executeTakeFirstOrThrow();
    // Valid for 10 minutes…
    expect(Date.parse(token.expires_at) - Date.parse(token.created)).toBe(10 * 60_000);
    // …and not after.
    await server.ctx.db.kysely
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', token.id)
      .execute();
    const expired = await secondStep({ challenge, code: await codeAt(secret, 1) });
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe('TWO_STEP_CHALLENGE_EXPIRED');
  });

  it('takes a recovery code once, in either field and however it is typed', async () => {
    const user = await registerUser(server.url);
    const { recoveryCodes } = await enableTwoStep(user);
    const [first, second] = recoveryCodes as [string, string];
    const ok = await secondStep({ challenge: await challengeFor(user), recovery_code: first });
    expect(ok.status).toBe(200);
    const again = await secondStep({ challenge: await challengeFor(user), recovery_code: first });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('TWO_STEP_CODE_INVALID');
    const typed = await secondStep({
      challenge: await challengeFor(user),
      code: ` ${second.toUpperCase().replace('-', ' ')} `,
    });
    expect(typed.status).toBe(200);
    const status = await call(server.url, 'GET', '/api/me/two-step', {
      token: typed.body.token!,
    });
    expect(status.body).toMatchObject({ enabled: true, recovery_codes_left: 8 });
  });

  it('counts wrong codes as failed sign-ins of the account', async () => {
    const user = await registerUser(server.url);
    await enableTwoStep(user);
    const challenge = await challengeFor(user);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      statuses.push((await secondStep({ challenge, code: '000000' })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses).toContain(429);
  });
});

describe('switching two-step sign-in off, new recovery codes', () => {
  it('needs the password and a code', async () => {
    const user = await registerUser(server.url);
    const { secret } = await enableTwoStep(user);
    const disable = (body: Record<string, unknown>) =>
      call(server.url, 'POST', '/api/me/two-step/disable', { token: user.token, body });
    expect((await disable({ code: '123456' })).status).toBe(400);
    const badPassword = await disable({ password: 'wrong-one', code: await codeAt(secret, 1) });
    expect(badPassword.body).toMatchObject({ code: 'INVALID_CURRENT_PASSWORD' });
    const badCode = await disable({ password: user.password, code: '000000' });
    expect(badCode.body).toMatchObject({ code: 'TWO_STEP_CODE_INVALID' });
    const noCode = await disable({ password: user.password });
    expect(noCode.body).toMatchObject({ code: 'TWO_STEP_CODE_INVALID' });
    const ok = await disable({ password: user.password, code: await codeAt(secret, 1) });
    expect(ok.status).toBe(204);

    const me = await call<{ two_step: boolean }>(server.url, 'GET', '/api/me', {
      token: user.token,
    });
    expect(me.body.two_step).toBe(false);
    const login = await call<{ token: string }>(server.url, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(login.status).toBe(200);
    expect(login.body.token).toBeTruthy();
    const again = await disable({ password: user.password, code: '123456' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'TWO_STEP_NOT_ON' });
  });

  it('switches off with a recovery code too', async () => {
    const user = await registerUser(server.url);
    const { recoveryCodes } = await enableTwoStep(user);
    const res = await call(server.url, 'POST', '/api/me/two-step/disable', {
      token: user.token,
      body: { password: user.password, recovery_code: recoveryCodes[3] },
    });
    expect(res.status).toBe(204);
  });

  it('makes new recovery codes with the password; the old ones stop working', async () => {
    const user = await registerUser(server.url);
    const { recoveryCodes } = await enableTwoStep(user);
    const refused = await call(server.url, 'POST', '/api/me/two-step/recovery-codes', {
      token: user.token,
      body: { password: 'wrong-one' },
    });
    expect(refused.body).toMatchObject({ code: 'INVALID_CURRENT_PASSWORD' });
    const fresh = await call<{ recovery_codes: string[] }>(
      server.url,
      'POST',
      '/api/me/two-step/recovery-codes',
      { token: user.token, body: { password: user.password } },
    );
    expect(fresh.status).toBe(200);
    expect(fresh.body.recovery_codes).toHaveLength(10);
    const old = await secondStep({
      challenge: await challengeFor(user),
      recovery_code: recoveryCodes[0],
    });
    expect(old.body.code).toBe('TWO_STEP_CODE_INVALID');
    const ok = await secondStep({
      challenge: await challengeFor(user),
      recovery_code: fresh.body.recovery_codes[0],
    });
    expect(ok.status).toBe(200);
  });
});

describe('a site that requires two-step sign-in of every member', () => {
  it('lets only an owner with two-step require it, and keeps members without it out', async () => {
    const owner = await registerUser(server.url);
    const member = await registerUser(server.url);
    const site = await createSite(server.url, owner.token, { name: 'Shanti Residency' });
    await addMember(server, site.id, member.user.id, 'supervisor');
    const patch = (token: string, body: Record<string, unknown>) =>
      call<{ require_two_step?: boolean; code?: string }>(
        server.url,
        'PATCH',
        `/api/sites/${site.id}`,
        { token, body },
      );

    const before = await call<{ require_two_step: boolean }>(
      server.url,
      'GET',
      `/api/sites/${site.id}`,
      { token: owner.token },
    );
    expect(before.body.require_two_step).toBe(false);
    const withoutOwn = await patch(owner.token, { require_two_step: true });
    expect(withoutOwn.status).toBe(409);
    expect(withoutOwn.body.code).toBe('TWO_STEP_NEEDED_FOR_RULE');

    await enableTwoStep(owner);
    const bySupervisor = await patch(member.token, { require_two_step: true });
    expect(bySupervisor.status).toBe(403);
    expect(bySupervisor.body.code).toBe('PERMISSION_DENIED');
    const on = await patch(owner.token, { require_two_step: true });
    expect(on.status).toBe(200);
    expect(on.body.require_two_step).toBe(true);

    // The member without two-step: the site's routes answer 403, the site list and profile work.
    const blocked = await call(server.url, 'GET', `/api/sites/${site.id}`, { token: member.token });
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({ code: 'TWO_STEP_REQUIRED_BY_SITE' });
    const records = await call(server.url, 'GET', `/api/sites/${site.id}/vendors`, {
      token: member.token,
    });
    expect(records.body).toMatchObject({ code: 'TWO_STEP_REQUIRED_BY_SITE' });
    const batch = await call(server.url, 'POST', '/api/batch', {
      token: member.token,
      body: {
        requests: [{ method: 'POST', url: `/api/sites/${site.id}/delivery_items`, body: {} }],
      },
    });
    expect(JSON.stringify(batch.body)).toContain('TWO_STEP_REQUIRED_BY_SITE');
    const list = await call<{ items: { id: string; require_two_step: boolean }[] }>(
      server.url,
      'GET',
      '/api/sites',
      { token: member.token },
    );
    expect(list.status).toBe(200);
    expect(list.body.items.find((s) => s.id === site.id)?.require_two_step).toBe(true);
    expect((await call(server.url, 'GET', '/api/me', { token: member.token })).status).toBe(200);

    // With two-step on, the site opens; switching it off is refused while the site requires it.
    const { secret } = await enableTwoStep(member);
    const open = await call(server.url, 'GET', `/api/sites/${site.id}`, { token: member.token });
    expect(open.status).toBe(200);
    const off = await call(server.url, 'POST', '/api/me/two-step/disable', {
      token: member.token,
      body: { password: member.password, code: await codeAt(secret, 1) },
    });
    expect(off.status).toBe(409);
    expect(off.body).toMatchObject({
      code: 'TWO_STEP_SITE_REQUIRES',
      data: { site: 'Shanti Residency' },
    });
    expect((off.body as { message: string }).message).toContain('Shanti Residency');

    // The owner lifts the rule.
    const lifted = await patch(owner.token, { require_two_step: false });
    expect(lifted.body.require_two_step).toBe(false);
  });
});
