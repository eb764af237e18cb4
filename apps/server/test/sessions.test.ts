import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROTATION_GRACE_MS } from '../src/modules/auth/sessions-service.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { openEventStream } from './helpers/event-stream.js';
import { startServer, type TestServer } from './helpers/test-server.js';

/** Issue 19: sessions that rotate, end on replay, expire, can be listed and ended; cookies + CSRF. */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const LAPTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0';

interface Session {
  id: string;
  expires_at: string;
  absolute_expires_at: string;
  token_issued_at: string;
}

async function login(user: Registered, headers: Record<string, string> = {}) {
  return call<{ token?: string; user: { id: string }; session: Session }>(
    server.url,
    'POST',
    '/api/auth/login',
    { body: { email: user.email, password: user.password }, headers },
  );
}

const me = (token: string) => call(server.url, 'GET', '/api/me', { token });
const db = () => server.ctx.db.kysely;

/** The cookies a Set-Cookie answer sets, by name, with their attributes. */
function cookiesOf(headers: Headers): Map<string, { value: string; attributes: string[] }> {
  const cookies = new Map<string, { value: string; attributes: string[] }>();
  for (const line of headers.getSetCookie()) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    cookies.set(pair.slice(0, eq), {
      value: decodeURIComponent(pair.slice(eq + 1)),
      attributes: attributes.map((a) => a.toLowerCase()),
    });
  }
  return cookies;
}

describe('refresh and rotation', () => {
  it('gives a new token and the session times; the old token stops at once', async () => {
    const user = await registerUser(server.url);
    const refreshed = await call<{ token: string; session: Session }>(
      server.url,
      'POST',
      '/api/auth/refresh',
      { token: user.token },
    );
    expect(refreshed.status).toBe(200);
    const { session } = refreshed.body;
    expect(Date.parse(session.expires_at)).toBeLessThanOrEqual(
      Date.parse(session.absolute_expires_at),
    );
    // The idle timeout (14 days) and the absolute lifetime (90) from the README.
    const days = (iso: string) => (Date.parse(iso) - Date.now()) / 86_400_000;
    expect(days(session.expires_at)).toBeCloseTo(14, 0);
    expect(days(session.absolute_expires_at)).toBeCloseTo(90, 0);
    expect((await me(refreshed.body.token)).status).toBe(200);
  });

  it('ends the whole session when a token it rotated away from is replayed', async () => {
    const user = await registerUser(server.url);
    const first = await call<{ token: string }>(server.url, 'POST', '/api/auth/refresh', {
      token: user.token,
    });
    const second = await call<{ token: string }>(server.url, 'POST', '/api/auth/refresh', {
      token: first.body.token,
    });
    expect((await me(second.body.token)).status).toBe(200);
    // A thief replays the first rotated token (a refresh, or any call): the family ends.
    const replay = await call(server.url, 'POST', '/api/auth/refresh', { token: first.body.token });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await me(second.body.token)).status).toBe(401);
    expect((await me(user.token)).status).toBe(401);
  });

  it('lets one of two refreshes with the same token win; the loser ends the family as a replay', async () => {
    const user = await registerUser(server.url);
    const [a, b] = await Promise.all([
      call<{ token: string }>(server.url, 'POST', '/api/auth/refresh', { token: user.token }),
      call<{ token: string }>(server.url, 'POST', '/api/auth/refresh', { token: user.token }),
    ]);
    const statuses = [a.status, b.status].sort();
    // The loser is told (409), or — arriving after the winner's commit — is a replay (401).
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const sessions = await db()
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.user.id)
      .execute();
    expect(sessions.length).toBeLessThanOrEqual(1);
  });

  it('answers 401 once the token is idle past its expiry, and never refreshes past the absolute end', async () => {
    const user = await registerUser(server.url);
    const past = new Date(Date.now() - 1000).toISOString();
    await db()
      .updateTable('sessions')
      .set({ expires_at: past })
      .where('user_id', '=', user.user.id)
      .execute();
    expect((await me(user.token)).status).toBe(401);
    expect(
      (await call(server.url, 'POST', '/api/auth/refresh', { token: user.token })).status,
    ).toBe(401);

    const other = await registerUser(server.url);
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    await db()
      .updateTable('sessions')
      .set({ absolute_expires_at: soon })
      .where('user_id', '=', other.user.id)
      .execute();
    const refreshed = await call<{ token: string; session: Session }>(
      server.url,
      'POST',
      '/api/auth/refresh',
      { token: other.token },
    );
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.session.expires_at).toBe(soon);
    expect(refreshed.body.session.absolute_expires_at).toBe(soon);
  });
});

describe('the web app’s cookie session', () => {
  it('keeps the token out of the body, in an HttpOnly SameSite=Strict cookie, with a CSRF cookie', async () => {
    const user = await registerUser(server.url);
    const res = await login(user, { 'x-session': 'cookie' });
    expect(res.status).toBe(200);
    expect(res.body.token).toBeUndefined();
    expect(res.body.user.id).toBe(user.user.id);
    const cookies = cookiesOf(res.headers);
    const session = cookies.get('sl_session');
    const csrf = cookies.get('sl_csrf');
    expect(session?.attributes).toEqual(
      expect.arrayContaining(['httponly', 'samesite=strict', 'path=/']),
    );
    // Served over plain http here: Secure would make the browser drop it.
    expect(session?.attributes).not.toContain('secure');
    expect(csrf?.attributes).toEqual(expect.arrayContaining(['samesite=strict']));
    expect(csrf?.attributes).not.toContain('httponly');

    const cookie = `sl_session=${session?.value}; sl_csrf=${csrf?.value}`;
    const read = await call(server.url, 'GET', '/api/me', { headers: { cookie } });
    expect(read.status).toBe(200);
    // A write without the CSRF header (a forged cross-site form) is refused and changes nothing.
    const forged = await call(server.url, 'POST', '/api/sites', {
      headers: { cookie },
      body: { name: 'Forged', total_units: 1, total_planned_area: 1 },
    });
    expect(forged.status).toBe(403);
    expect(forged.body).toMatchObject({ code: 'CSRF_FAILED' });
    const wrong = await call(server.url, 'POST', '/api/sites', {
      headers: { cookie, 'x-csrf-token': 'not-it' },
      body: { name: 'Forged', total_units: 1, total_planned_area: 1 },
    });
    expect(wrong.status).toBe(403);
    const sites = await call<{ items: unknown[] }>(server.url, 'GET', '/api/sites', {
      headers: { cookie },
    });
    expect(sites.body.items).toHaveLength(0);
    const made = await call(server.url, 'POST', '/api/sites', {
      headers: { cookie, 'x-csrf-token': csrf?.value ?? '' },
      body: { name: 'Real', total_units: 1, total_planned_area: 1 },
    });
    expect(made.status).toBe(201);

    const out = await call(server.url, 'POST', '/api/auth/logout', {
      headers: { cookie, 'x-csrf-token': csrf?.value ?? '' },
    });
    expect(out.status).toBe(204);
    expect(cookiesOf(out.headers).get('sl_session')?.attributes).toContain('max-age=0');
    expect((await call(server.url, 'GET', '/api/me', { headers: { cookie } })).status).toBe(401);
  });

  it('does not take a bearer session’s token from a cookie', async () => {
    const user = await registerUser(server.url);
    const res = await call(server.url, 'GET', '/api/me', {
      headers: { cookie: `sl_session=${user.token}` },
    });
    expect(res.status).toBe(401);
  });

  it('moves a stored bearer token into a cookie session on refresh, keeping one session', async () => {
    const user = await registerUser(server.url);
    const res = await call<{ token?: string }>(server.url, 'POST', '/api/auth/refresh', {
      token: user.token,
      headers: { 'x-session': 'cookie' },
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toBeUndefined();
    const cookies = cookiesOf(res.headers);
    expect(cookies.get('sl_session')).toBeDefined();
    expect(cookies.get('sl_csrf')).toBeDefined();
    const rows = await db()
      .selectFrom('sessions')
      .select(['kind'])
      .where('user_id', '=', user.user.id)
      .execute();
    expect(rows).toEqual([{ kind: 'cookie' }]);
    // The script-readable token is retired (past the cookie session's short grace, it is dead).
    await db()
      .updateTable('retired_session_tokens')
      .set({ retired_at: new Date(Date.now() - ROTATION_GRACE_MS - 1000).toISOString() })
      .execute();
    expect((await me(user.token)).status).toBe(401);
  });

  it('lets a tab’s call already on its way with the old cookie through, briefly', async () => {
    const user = await registerUser(server.url);
    const signedIn = await login(user, { 'x-session': 'cookie' });
    const first = cookiesOf(signedIn.headers);
    const csrf = first.get('sl_csrf')?.value ?? '';
    const oldCookie = `sl_session=${first.get('sl_session')?.value}; sl_csrf=${csrf}`;
    const refreshed = await call(server.url, 'POST', '/api/auth/refresh', {
      headers: { cookie: oldCookie, 'x-csrf-token': csrf },
    });
    expect(refreshed.status).toBe(200);
    const newToken = cookiesOf(refreshed.headers).get('sl_session')?.value;
    // The CSRF cookie stays: other tabs hold it.
    expect(cookiesOf(refreshed.headers).get('sl_csrf')).toBeUndefined();
    expect(
      (await call(server.url, 'GET', '/api/me', { headers: { cookie: oldCookie } })).status,
    ).toBe(200);
    // Another tab refreshing with the old cookie meanwhile is told, not treated as a thief.
    const second = await call(server.url, 'POST', '/api/auth/refresh', {
      headers: { cookie: oldCookie, 'x-csrf-token': csrf },
    });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'SESSION_ALREADY_REFRESHED' });
    // After the grace the old cookie is a replay: the whole session ends.
    await db()
      .updateTable('retired_session_tokens')
      .set({ retired_at: new Date(Date.now() - ROTATION_GRACE_MS - 1000).toISOString() })
      .execute();
    expect(
      (await call(server.url, 'GET', '/api/me', { headers: { cookie: oldCookie } })).status,
    ).toBe(401);
    const newCookie = `sl_session=${newToken}; sl_csrf=${csrf}`;
    expect(
      (await call(server.url, 'GET', '/api/me', { headers: { cookie: newCookie } })).status,
    ).toBe(401);
  });
});

describe('where you are signed in', () => {
  it('lists each device with its browser, address and last use, this one marked', async () => {
    const user = await registerUser(server.url);
    const phone = await login(user, { 'user-agent': PHONE_UA });
    const laptop = await login(user, { 'user-agent': LAPTOP_UA });
    const list = await call<{ items: Record<string, unknown>[] }>(
      server.url,
      'GET',
      '/api/me/sessions',
      { token: laptop.body.token },
    );
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(3);
    expect(list.body.items[0]).toMatchObject({
      id: laptop.body.session.id,
      device: 'Edge on Windows',
      current: true,
      ip: '127.0.0.1',
      kind: 'bearer',
    });
    expect(list.body.items).toContainEqual(
      expect.objectContaining({
        id: phone.body.session.id,
        device: 'Chrome on Android',
        current: false,
      }),
    );
    expect(JSON.stringify(list.body)).not.toMatch(/token_hash|csrf/);
  });

  it('ends one device at once (its open event stream too), or all others', async () => {
    const user = await registerUser(server.url);
    const site = await createSite(server.url, user.token);
    const phone = await login(user, { 'user-agent': PHONE_UA });
    const laptop = await login(user, { 'user-agent': LAPTOP_UA });
    const stream = await openEventStream(
      `${server.url}/api/sites/${site.id}/events`,
      phone.body.token,
    );
    expect(stream.status).toBe(200);
    const ended = await call(server.url, 'DELETE', `/api/me/sessions/${phone.body.session.id}`, {
      token: laptop.body.token,
    });
    expect(ended.status).toBe(204);
    await stream.ended;
    expect((await me(phone.body.token ?? '')).status).toBe(401);
    expect((await me(laptop.body.token ?? '')).status).toBe(200);

    const others = await call<{ ended: number }>(server.url, 'DELETE', '/api/me/sessions', {
      token: laptop.body.token,
    });
    expect(others.body).toEqual({ ended: 1 });
    expect((await me(user.token)).status).toBe(401);
    expect((await me(laptop.body.token ?? '')).status).toBe(200);
  });

  it('cannot end another person’s session', async () => {
    const owner = await registerUser(server.url);
    const stranger = await registerUser(server.url);
    const [row] = await db()
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', owner.user.id)
      .execute();
    const res = await call(server.url, 'DELETE', `/api/me/sessions/${row?.id}`, {
      token: stranger.token,
    });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'SESSION_NOT_FOUND' });
    expect((await me(owner.token)).status).toBe(200);
  });

  it('ends every other session when the password changes', async () => {
    const user = await registerUser(server.url);
    const other = await login(user);
    const changed = await call(server.url, 'POST', '/api/me/password', {
      token: user.token,
      body: {
        currentPassword: user.password,
        password: 'newsecret1',
        passwordConfirm: 'newsecret1',
      },
    });
    expect(changed.status).toBe(204);
    expect((await me(other.body.token ?? '')).status).toBe(401);
    expect((await me(user.token)).status).toBe(200);
  });
});
