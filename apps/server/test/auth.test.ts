import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, readOutbox, registerUser, tokenFromLink, uniqueEmail } from './helpers/api.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const register = (body: Record<string, unknown>) =>
  call(server.url, 'POST', '/api/auth/register', { body });

describe('register', () => {
  it('creates the user with every spec field, stores legal acceptance time and coupon, signs in', async () => {
    const email = uniqueEmail('reg');
    const before = new Date().toISOString();
    const res = await register({
      name: ' Ravi Kumar ',
      email: `  ${email.toUpperCase()} `,
      password: 'secret1',
      passwordConfirm: 'secret1',
      phone: '+91 98765 43210',
      couponCode: 'DIWALI25',
      legal_accepted: true,
    });
    expect(res.status).toBe(201);
    const body = res.body as { token: string; user: Record<string, unknown> };
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.user).toMatchObject({
      email,
      name: 'Ravi Kumar',
      phone: '+91 98765 43210',
      avatar: null,
      verified: false,
    });
    expect(body.user.id).toMatch(/^[a-z0-9]{15}$/);
    expect(JSON.stringify(body.user)).not.toMatch(/hash|password|argon/i);

    const row = await server.ctx.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.coupon_code).toBe('DIWALI25');
    expect(row.legal_accepted).toBe(1);
    expect(row.legal_accepted_at! >= before).toBe(true);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    const me = await call(server.url, 'GET', '/api/me', { token: body.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, name: 'Ravi Kumar' });
  });

  it('answers PASSWORD_TOO_SHORT, PASSWORDS_DO_NOT_MATCH and VALIDATION_FAILED, writing nothing', async () => {
    const email = uniqueEmail('bad');
    const base = { name: 'A', email, legal_accepted: true };
    const short = await register({ ...base, password: '12345', passwordConfirm: '12345' });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({
      status: 400,
      code: 'PASSWORD_TOO_SHORT',
      message: 'Password must be at least 6 characters',
    });
    const mismatch = await register({ ...base, password: 'secret1', passwordConfirm: 'secret2' });
    expect(mismatch.body).toMatchObject({
      code: 'PASSWORDS_DO_NOT_MATCH',
      message: 'Passwords do not match',
    });
    const noLegal = await register({
      ...base,
      password: 'secret1',
      passwordConfirm: 'secret1',
      legal_accepted: false,
    });
    expect(noLegal.status).toBe(400);
    expect(noLegal.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((noLegal.body as { data: Record<string, unknown> }).data.legal_accepted).toBeDefined();
    const badEmail = await register({
      ...base,
      email: 'not-an-email',
      password: 'secret1',
      passwordConfirm: 'secret1',
    });
    expect((badEmail.body as { data: Record<string, unknown> }).data.email).toMatchObject({
      code: expect.any(String),
    });
    const noName = await register({
      email,
      password: 'secret1',
      passwordConfirm: 'secret1',
      legal_accepted: true,
    });
    expect(noName.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    const users = await server.ctx.db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(users).toHaveLength(0);
  });

  it('refuses a taken email with 409 EMAIL_TAKEN, also when the case differs', async () => {
    const first = await registerUser(server.url);
    const again = await register({
      name: 'B',
      email: first.email.toUpperCase(),
      password: 'secret1',
      passwordConfirm: 'secret1',
      legal_accepted: true,
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'EMAIL_TAKEN' });
  });

  it('mails a verification link that verifies the account', async () => {
    const user = await registerUser(server.url);
    const mail = readOutbox(server.dataDir).findLast((m) => m.to === user.email);
    expect(mail?.link).toMatch(/^http:\/\/app\.test\/verify\?token=/);
    const bad = await call(server.url, 'POST', '/api/auth/verification/confirm', {
      body: { token: 'nope' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'TOKEN_INVALID' });
    const ok = await call(server.url, 'POST', '/api/auth/verification/confirm', {
      body: { token: tokenFromLink(mail?.link) },
    });
    expect(ok.status).toBe(204);
    const me = await call(server.url, 'GET', '/api/me', { token: user.token });
    expect(me.body).toMatchObject({ verified: true });
    const reused = await call(server.url, 'POST', '/api/auth/verification/confirm', {
      body: { token: tokenFromLink(mail?.link) },
    });
    expect(reused.status).toBe(400);
  });

  it('POST /api/auth/verification mails a new link and answers 204 for unknown emails too', async () => {
    const user = await registerUser(server.url);
    const count = readOutbox(server.dataDir).filter((m) => m.to === user.email).length;
    const res = await call(server.url, 'POST', '/api/auth/verification', {
      body: { email: user.email },
    });
    expect(res.status).toBe(204);
    expect(readOutbox(server.dataDir).filter((m) => m.to === user.email)).toHaveLength(count + 1);
    const unknown = await call(server.url, 'POST', '/api/auth/verification', {
      body: { email: uniqueEmail('ghost') },
    });
    expect(unknown.status).toBe(204);
  });
});

describe('login, refresh, logout', () => {
  it('logs in with the right password only; INVALID_CREDENTIALS otherwise', async () => {
    const user = await registerUser(server.url);
    const ok = await call(server.url, 'POST', '/api/auth/login', {
      body: { email: user.email.toUpperCase(), password: user.password },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token: expect.any(String), user: { id: user.user.id } });
    const wrong = await call(server.url, 'POST', '/api/auth/login', {
      body: { email: user.email, password: 'wrong-pass' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid credentials',
    });
    const unknown = await call(server.url, 'POST', '/api/auth/login', {
      body: { email: uniqueEmail('nobody'), password: 'whatever' },
    });
    expect(unknown.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const hindi = await call(server.url, 'POST', '/api/auth/login', {
      body: { email: user.email, password: 'x' },
      lang: 'hi-IN,hi;q=0.9',
    });
    expect((hindi.body as { message: string }).message).toMatch(/[\u0900-\u097F]/);
  });

  it('refresh rotates the token: the new one works, the old one is 401', async () => {
    const user = await registerUser(server.url);
    const res = await call<{ token: string }>(server.url, 'POST', '/api/auth/refresh', {
      token: user.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.token).not.toBe(user.token);
    expect((await call(server.url, 'GET', '/api/me', { token: res.body.token })).status).toBe(200);
    const old = await call(server.url, 'GET', '/api/me', { token: user.token });
    expect(old.status).toBe(401);
    expect(old.body).toMatchObject({ code: 'UNAUTHENTICATED', message: 'User not authenticated' });
  });

  it('logout ends the session', async () => {
    const user = await registerUser(server.url);
    expect((await call(server.url, 'POST', '/api/auth/logout', { token: user.token })).status).toBe(
      204,
    );
    expect((await call(server.url, 'GET', '/api/me', { token: user.token })).status).toBe(401);
  });

  it('no, malformed or unknown token → 401 UNAUTHENTICATED', async () => {
    const variants: Record<string, string>[] = [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      { authorization: 'Bearer not-a-token' },
    ];
    for (const headers of variants) {
      const res = await call(server.url, 'GET', '/api/me', { headers });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    }
  });
});

describe('password reset', () => {
  it('answers 204 whether or not the email exists and mails a link only to real users', async () => {
    const user = await registerUser(server.url);
    const before = readOutbox(server.dataDir).length;
    const ghost = uniqueEmail('ghost');
    expect(
      (await call(server.url, 'POST', '/api/auth/password-reset', { body: { email: ghost } }))
        .status,
    ).toBe(204);
    expect(readOutbox(server.dataDir)).toHaveLength(before);
    expect(
      (await call(server.url, 'POST', '/api/auth/password-reset', { body: { email: user.email } }))
        .status,
    ).toBe(204);
    const mail = readOutbox(server.dataDir).at(-1);
    expect(mail?.to).toBe(user.email);
    expect(mail?.link).toMatch(/^http:\/\/app\.test\/reset-password\?token=/);
  });

  it('resets the password with the mailed token, ends all sessions, and the link works once', async () => {
    const user = await registerUser(server.url);
    await call(server.url, 'POST', '/api/auth/password-reset', { body: { email: user.email } });
    const token = tokenFromLink(
      readOutbox(server.dataDir).findLast((m) => m.to === user.email && m.subject.includes('Reset'))
        ?.link,
    );

    const short = await call(server.url, 'POST', '/api/auth/password-reset/confirm', {
      body: { token, password: '123', passwordConfirm: '123' },
    });
    expect(short.body).toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
    const mismatch = await call(server.url, 'POST', '/api/auth/password-reset/confirm', {
      body: { token, password: 'newpass1', passwordConfirm: 'newpass2' },
    });
    expect(mismatch.body).toMatchObject({ code: 'PASSWORDS_DO_NOT_MATCH' });

    const ok = await call(server.url, 'POST', '/api/auth/password-reset/confirm', {
      body: { token, password: 'newpass1', passwordConfirm: 'newpass1' },
    });
    expect(ok.status).toBe(204);
    expect((await call(server.url, 'GET', '/api/me', { token: user.token })).status).toBe(401);
    const login = await call(server.url, 'POST', '/api/auth/login', {
      body: { email: user.email, password: 'newpass1' },
    });
    expect(login.status).toBe(200);
    const again = await call(server.url, 'POST', '/api/auth/password-reset/confirm', {
      body: { token, password: 'other12', passwordConfirm: 'other12' },
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      code: 'RESET_LINK_INVALID',
      message: 'Invalid or expired reset link',
    });
  });

  it('an expired link answers RESET_LINK_EXPIRED, an unknown one RESET_LINK_INVALID', async () => {
    const user = await registerUser(server.url);
    await call(server.url, 'POST', '/api/auth/password-reset', { body: { email: user.email } });
    const token = tokenFromLink(
      readOutbox(server.dataDir).findLast((m) => m.to === user.email && m.subject.includes('Reset'))
        ?.link,
    );
    await server.ctx.db.kysely
      .updateTable('auth_tokens')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('user_id', '=', user.user.id)
      .where('kind', '=', 'password_reset')
      .execute();
    const expired = await call(server.url, 'POST', '/api/auth/password-reset/confirm', {
      body: { token, password: 'newpass1', passwordConfirm: 'newpass1' },
    });
    expect(expired.body).toMatchObject({
      code: 'RESET_LINK_EXPIRED',
      message: 'This password reset link has expired',
    });
    const unknown = await call(server.url, 'POST', '/api/auth/password-reset/confirm', {
      body: { token: 'abc', password: 'newpass1', passwordConfirm: 'newpass1' },
    });
    expect(unknown.body).toMatchObject({ code: 'RESET_LINK_INVALID' });
    expect(
      (
        await call(server.url, 'POST', '/api/auth/login', {
          body: { email: user.email, password: user.password },
        })
      ).status,
    ).toBe(200);
  });
});

describe('profile and password change', () => {
  it('PATCH /api/me updates name and phone; bad input changes nothing', async () => {
    const user = await registerUser(server.url);
    const res = await call(server.url, 'PATCH', '/api/me', {
      token: user.token,
      body: { name: 'Sunita Rao', phone: '9876543210' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Sunita Rao', phone: '9876543210', email: user.email });
    const bad = await call(server.url, 'PATCH', '/api/me', {
      token: user.token,
      body: { name: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await call(server.url, 'GET', '/api/me', { token: user.token })).body).toMatchObject({
      name: 'Sunita Rao',
    });
  });

  it('takes an avatar as multipart, checked by content, and serves it', async () => {
    const user = await registerUser(server.url);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = new FormData();
    form.append('name', 'Avatar Person');
    form.append('avatar', new Blob([png], { type: 'image/png' }), 'me.png');
    const res = await call<{ avatar: string; name: string }>(server.url, 'PATCH', '/api/me', {
      token: user.token,
      rawBody: form,
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Avatar Person');
    expect(res.body.avatar).toMatch(/^\/api\/avatars\/[a-z0-9]{15}\.png$/);
    const image = await fetch(`${server.url}${res.body.avatar}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);

    const fake = new FormData();
    fake.append(
      'avatar',
      new Blob(['<script>alert(1)</script>'], { type: 'image/png' }),
      'evil.png',
    );
    const rejected = await call(server.url, 'PATCH', '/api/me', {
      token: user.token,
      rawBody: fake,
    });
    expect(rejected.status).toBe(415);
    expect(rejected.body).toMatchObject({ code: 'INVALID_FILE_TYPE' });
    expect((await call(server.url, 'GET', '/api/me', { token: user.token })).body).toMatchObject({
      avatar: res.body.avatar,
    });
  });

  it('password change needs the current password, ends other sessions and keeps this one', async () => {
    const user = await registerUser(server.url);
    const other = await call<{ token: string }>(server.url, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    const missing = await call(server.url, 'POST', '/api/me/password', {
      token: user.token,
      body: { password: 'newpass1', passwordConfirm: 'newpass1' },
    });
    expect(missing.body).toMatchObject({ code: 'CURRENT_PASSWORD_REQUIRED' });
    const wrong = await call(server.url, 'POST', '/api/me/password', {
      token: user.token,
      body: { currentPassword: 'nope123', password: 'newpass1', passwordConfirm: 'newpass1' },
    });
    expect(wrong.body).toMatchObject({ code: 'INVALID_CURRENT_PASSWORD' });
    const short = await call(server.url, 'POST', '/api/me/password', {
      token: user.token,
      body: { currentPassword: user.password, password: 'abc', passwordConfirm: 'abc' },
    });
    expect(short.body).toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
    const mismatch = await call(server.url, 'POST', '/api/me/password', {
      token: user.token,
      body: { currentPassword: user.password, password: 'newpass1', passwordConfirm: 'newpass9' },
    });
    expect(mismatch.body).toMatchObject({ code: 'PASSWORDS_DO_NOT_MATCH' });

    const ok = await call(server.url, 'POST', '/api/me/password', {
      token: user.token,
      body: { currentPassword: user.password, password: 'newpass1', passwordConfirm: 'newpass1' },
    });
    expect(ok.status).toBe(204);
    expect((await call(server.url, 'GET', '/api/me', { token: user.token })).status).toBe(200);
    expect((await call(server.url, 'GET', '/api/me', { token: other.body.token })).status).toBe(
      401,
    );
    expect(
      (
        await call(server.url, 'POST', '/api/auth/login', {
          body: { email: user.email, password: 'newpass1' },
        })
      ).status,
    ).toBe(200);
  });

  it('email change: mails the new address; confirm needs the password; then login uses the new email', async () => {
    const user = await registerUser(server.url);
    const taken = await registerUser(server.url);
    const dup = await call(server.url, 'POST', '/api/auth/email-change', {
      token: user.token,
      body: { newEmail: taken.email },
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'EMAIL_TAKEN' });

    const newEmail = uniqueEmail('moved');
    const res = await call(server.url, 'POST', '/api/auth/email-change', {
      token: user.token,
      body: { newEmail },
    });
    expect(res.status).toBe(204);
    const token = tokenFromLink(
      readOutbox(server.dataDir).findLast((m) => m.to === newEmail)?.link,
    );
    const wrong = await call(server.url, 'POST', '/api/auth/email-change/confirm', {
      body: { token, password: 'wrongpw' },
    });
    expect(wrong.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const ok = await call(server.url, 'POST', '/api/auth/email-change/confirm', {
      body: { token, password: user.password },
    });
    expect(ok.status).toBe(204);
    expect((await call(server.url, 'GET', '/api/me', { token: user.token })).body).toMatchObject({
      email: newEmail,
    });
    expect(
      (
        await call(server.url, 'POST', '/api/auth/login', {
          body: { email: newEmail, password: user.password },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(server.url, 'POST', '/api/auth/login', {
          body: { email: user.email, password: user.password },
        })
      ).status,
    ).toBe(400);
  });
});

describe('avatar size limit (MAX_UPLOAD_MB)', () => {
  it('an avatar above MAX_UPLOAD_MB → 413 FILE_TOO_LARGE and the profile is unchanged', async () => {
    const small = await startServer({ MAX_UPLOAD_MB: '1' });
    try {
      const user = await registerUser(small.url);
      const big = Buffer.alloc(1024 * 1024 + 10, 0);
      big.set([0xff, 0xd8, 0xff, 0xe0]);
      const form = new FormData();
      form.append('name', 'Changed');
      form.append('avatar', new Blob([big], { type: 'image/jpeg' }), 'big.jpg');
      const res = await call(small.url, 'PATCH', '/api/me', { token: user.token, rawBody: form });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ code: 'FILE_TOO_LARGE', data: { max_mb: 1 } });
      expect((await call(small.url, 'GET', '/api/me', { token: user.token })).body).toMatchObject({
        name: 'Test User',
        avatar: null,
      });
    } finally {
      await small.close();
    }
  });
});
