import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFromLink, uniqueEmail } from './helpers/api.js';
import { startFakeSmtp, type FakeSmtp } from './helpers/fake-smtp.js';
import { startFakeTurnstile, type FakeTurnstile } from './helpers/fake-turnstile.js';
import { startServer, type TestServer } from './helpers/test-server.js';

describe('Turnstile bot check (TURNSTILE_SECRET_KEY set, siteverify on 127.0.0.1)', () => {
  let turnstile: FakeTurnstile;
  let server: TestServer;
  beforeAll(async () => {
    turnstile = await startFakeTurnstile('test-secret');
    server = await startServer({
      TURNSTILE_SECRET_KEY: 'test-secret',
      TURNSTILE_SITE_KEY: 'test-site-key',
      TURNSTILE_VERIFY_URL: turnstile.url,
    });
  });
  afterAll(async () => {
    await server?.close();
    await turnstile?.close();
  });

  const body = (botToken?: string) => ({
    name: 'Bot Tester',
    email: uniqueEmail('bot'),
    password: 'secret1',
    passwordConfirm: 'secret1',
    legal_accepted: true,
    ...(botToken === undefined ? {} : { botToken }),
  });

  it('register: missing → BOT_CHECK_REQUIRED, failed → BOT_CHECK_FAILED, expired → BOT_CHECK_EXPIRED', async () => {
    const missing = await call(server.url, 'POST', '/api/auth/register', { body: body() });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'BOT_CHECK_REQUIRED',
      message: 'Please complete the security verification',
    });
    const failed = await call(server.url, 'POST', '/api/auth/register', { body: body('forged') });
    expect(failed.body).toMatchObject({ code: 'BOT_CHECK_FAILED' });
    const expired = await call(server.url, 'POST', '/api/auth/register', { body: body('expired') });
    expect(expired.body).toMatchObject({ code: 'BOT_CHECK_EXPIRED' });
    const count = await server.ctx.db.kysely
      .selectFrom('users')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('register and login pass with a good token; the secret and token reach siteverify', async () => {
    const input = body('pass');
    const reg = await call(server.url, 'POST', '/api/auth/register', { body: input });
    expect(reg.status).toBe(201);
    const last = turnstile.requests.at(-1);
    expect(last?.get('secret')).toBe('test-secret');
    expect(last?.get('response')).toBe('pass');
    const noToken = await call(server.url, 'POST', '/api/auth/login', {
      body: { email: input.email, password: 'secret1' },
    });
    expect(noToken.body).toMatchObject({ code: 'BOT_CHECK_REQUIRED' });
    const login = await call(server.url, 'POST', '/api/auth/login', {
      body: { email: input.email, password: 'secret1', botToken: 'pass' },
    });
    expect(login.status).toBe(200);
  });

  it('GET /api/config tells the web app the site key, never the secret', async () => {
    const res = await call(server.url, 'GET', '/api/config');
    expect(res.body).toMatchObject({ turnstile_site_key: 'test-site-key', version: '0.10.1' });
    expect(JSON.stringify(res.body)).not.toContain('test-secret');
  });
});

describe('mail over SMTP (SMTP_URL set, SMTP server on 127.0.0.1)', () => {
  let smtp: FakeSmtp;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    server = await startServer({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('sends the password reset link by SMTP and the link resets the password', async () => {
    const email = uniqueEmail('smtp');
    await call(server.url, 'POST', '/api/auth/register', {
      body: {
        name: 'Mail User',
        email,
        password: 'secret1',
        passwordConfirm: 'secret1',
        legal_accepted: true,
      },
    });
    const res = await call(server.url, 'POST', '/api/auth/password-reset', { body: { email } });
    expect(res.status).toBe(204);
    const mail = smtp.mails.findLast(
      (m) => m.to.some((to) => to.includes(email)) && m.data.includes('reset-password'),
    );
    expect(mail).toBeDefined();
    // Quoted-printable may wrap long lines with "=\n"; undo that to read the link.
    const text = (mail?.data ?? '').replace(/=\n/g, '').replace(/=3D/g, '=');
    const link = /http:\/\/app\.test\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(text)?.[0];
    const token = tokenFromLink(link);
    const ok = await call(server.url, 'POST', '/api/auth/password-reset/confirm', {
      body: { token, password: 'viasmtp1', passwordConfirm: 'viasmtp1' },
    });
    expect(ok.status).toBe(204);
  });
});

describe('AUTH_RATE_LIMIT', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ AUTH_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 429 RATE_LIMITED after the limit of login attempts per minute', async () => {
    const statuses: number[] = [];
    let last: Record<string, unknown> = {};
    for (let i = 0; i < 5; i++) {
      const res = await call(server.url, 'POST', '/api/auth/login', {
        body: { email: 'x@example.in', password: 'whatever' },
      });
      statuses.push(res.status);
      last = res.body;
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
    expect(last).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please wait a moment before trying again',
    });
    // Other routes are not limited by the auth limit.
    expect((await call(server.url, 'GET', '/api/health')).status).toBe(200);
  });
});
