import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerUser } from './helpers/api.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const login = (email: string, password: string, lang?: string) =>
  call<{ token?: string; code?: string; message?: string; data?: { retry_after?: number } }>(
    server.url,
    'POST',
    '/api/auth/login',
    { body: { email, password }, lang },
  );

describe('hardening', () => {
  it('slows password guessing down per account, progressively, and a success clears it', async () => {
    const user = await registerUser(server.url);
    for (let i = 0; i < 5; i += 1) {
      expect((await login(user.email, 'wrong-password')).body.code).toBe('INVALID_CREDENTIALS');
    }
    // The fifth failure earned a lock: even the right password waits.
    const locked = await login(user.email, user.password);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('LOGIN_THROTTLED');
    expect(locked.body.data?.retry_after).toBeGreaterThan(0);
    expect(locked.body.message).toMatch(/^Too many failed sign-ins\. Try again in \d+ seconds\.$/);
    const hindi = await login(user.email.toUpperCase(), user.password, 'hi');
    expect(hindi.body.message).toContain('बहुत अधिक असफल साइन-इन');
    // Each further failure doubles the lock.
    const lockOf = async () =>
      (
        await server.ctx.db.kysely
          .selectFrom('login_throttle')
          .selectAll()
          .where('email', '=', user.email.toLowerCase())
          .executeTakeFirstOrThrow()
      ).locked_until;
    const first = Date.parse((await lockOf())!);
    await server.ctx.db.kysely
      .updateTable('login_throttle')
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .execute();
    await login(user.email, 'wrong-password');
    const second = Date.parse((await lockOf())!);
    expect(second - Date.now()).toBeGreaterThan(first - Date.now());

    // Once the lock has passed, the right password works and the count starts again.
    await server.ctx.db.kysely
      .updateTable('login_throttle')
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const ok = await login(user.email, user.password);
    expect(ok.status).toBe(200);
    const row = await server.ctx.db.kysely
      .selectFrom('login_throttle')
      .selectAll()
      .where('email', '=', user.email.toLowerCase())
      .executeTakeFirst();
    expect(row).toBeUndefined();
    // An unknown address is throttled the same way (nothing tells which accounts exist).
    for (let i = 0; i < 5; i += 1) await login('nobody@example.in', 'x12345678');
    expect((await login('nobody@example.in', 'x12345678')).body.code).toBe('LOGIN_THROTTLED');
  });

  it('never logs tokens: not bearer tokens, not secrets in page URLs or bodies', async () => {
    const user = await registerUser(server.url);
    await call(server.url, 'GET', '/api/me', { token: user.token });
    await call(server.url, 'GET', '/reset-password?token=SECRETRESETTOKEN123&x=1');
    await call(server.url, 'GET', '/verify?token=SECRETVERIFYTOKEN123');
    await call(server.url, 'POST', '/api/auth/password-reset/confirm', {
      body: { token: 'SECRETBODYTOKEN123', password: 'secret123', passwordConfirm: 'secret123' },
    });
    const logs = server.logs.join('');
    expect(logs).toContain('/reset-password?token=[redacted]&x=1');
    for (const secret of [
      user.token,
      'SECRETRESETTOKEN123',
      'SECRETVERIFYTOKEN123',
      'SECRETBODYTOKEN123',
    ]) {
      expect(logs).not.toContain(secret);
    }
    expect(logs.toLowerCase()).not.toContain('authorization');
  });

  it('refuses oversized JSON bodies with 413 and changes nothing', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), unit: 'bag' });
    const user = await registerUser(server.url);
    const res = await call(server.url, 'POST', '/api/sites', { token: user.token, rawBody: huge });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('sends a strict Content-Security-Policy without third-party origins unless configured', async () => {
    const res = await fetch(`${server.url}/api/health`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline' https");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toContain('cloudflare');
    expect(csp).not.toContain('razorpay');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');

    const configured = await startServer({
      TURNSTILE_SITE_KEY: 'site-key',
      TURNSTILE_SECRET_KEY: 'secret',
      RAZORPAY_KEY_ID: 'rzp_test_x',
      RAZORPAY_KEY_SECRET: 'y',
    });
    try {
      const other =
        (await fetch(`${configured.url}/api/health`)).headers.get('content-security-policy') ?? '';
      expect(other).toMatch(
        /script-src 'self' https:\/\/challenges\.cloudflare\.com https:\/\/checkout\.razorpay\.com/,
      );
      expect(other).toContain('https://api.razorpay.com');
    } finally {
      await configured.close();
    }
  });
});
