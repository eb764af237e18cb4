import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_FAILURE_LIMIT,
  ACCOUNT_LOCK_S,
  FREE_FAILURES,
  MAX_LOCK_S,
  SERIES_GAP_S,
} from '../src/modules/auth/login-throttle.js';
import { call, readOutbox, uniqueEmail, type OutboxMail } from './helpers/api.js';
import { startServer, type TestServer } from './helpers/test-server.js';

// Behind a trusted proxy the client address is the X-Forwarded-For one, so a test can play many
// clients; 3 sign-ins per minute per address keeps the per-address limit well below the account's.
const PER_ADDRESS_LIMIT = 3;
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: 'true', AUTH_RATE_LIMIT: String(PER_ADDRESS_LIMIT) });
});
afterAll(async () => {
  await server?.close();
});

type LoginBody = { token?: string; code?: string; data?: { retry_after?: number } };

const login = (email: string, password: string, ip: string) =>
  call<LoginBody>(server.url, 'POST', '/api/auth/login', {
    body: { email, password },
    headers: { 'x-forwarded-for': ip },
  });

let nextAddress = 0;
/** A client address no other test has used (each has its own per-address budget). */
function freshAddress(): string {
  nextAddress += 1;
  return `203.0.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
}

/** Registers from an address of its own: registration has the per-address limit too. */
async function registerUser() {
  const email = uniqueEmail();
  const password = 'secret123';
  const res = await call(server.url, 'POST', '/api/auth/register', {
    body: { name: 'Test User', email, password, passwordConfirm: password, legal_accepted: true },
    headers: { 'x-forwarded-for': freshAddress() },
  });
  expect(res.status).toBe(201);
  return { email, password };
}

const db = () => server.ctx.db.kysely;

const throttleRow = (email: string) =>
  db().selectFrom('login_throttle').selectAll().where('email', '=', email).executeTakeFirst();

/**
 * Plays time forward for `email`: its lock has passed and its last failure was `ago` seconds
 * back (instead of sleeping through locks and gaps).
 */
async function passTime(email: string, ago: number) {
  await db()
    .updateTable('login_throttle')
    .set({
      locked_until: new Date(Date.now() - 1000).toISOString(),
      updated: new Date(Date.now() - ago * 1000).toISOString(),
    })
    .where('email', '=', email)
    .execute();
}

const lockMails = (to: string): OutboxMail[] =>
  readOutbox(server.dataDir).filter((m) => m.to === to && /refused/.test(m.subject));

/** A mail is sent after the answer; give one that should not come time to show up. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/** `count` wrong passwords, each from its own address, each after the last lock has passed. */
async function failTimes(email: string, count: number, gap = 1): Promise<LoginBody[]> {
  const bodies: LoginBody[] = [];
  for (let i = 0; i < count; i += 1) {
    await passTime(email, gap);
    const res = await login(email, 'wrong-password', freshAddress());
    expect(res.body.code).toBe('INVALID_CREDENTIALS');
    bodies.push(res.body);
  }
  return bodies;
}

describe('per-account sign-in throttle', () => {
  it('mails the owner once per series: when, from which address, and how to change the password', async () => {
    const user = await registerUser();
    for (let i = 1; i < FREE_FAILURES; i += 1) {
      await login(user.email, 'wrong-password', freshAddress());
    }
    await settle();
    expect(lockMails(user.email)).toHaveLength(0);

    const before = Date.now();
    const last = freshAddress();
    expect((await login(user.email, 'wrong-password', last)).body.code).toBe('INVALID_CREDENTIALS');
    const mail = await vi.waitFor(() => {
      const mails = lockMails(user.email);
      expect(mails).toHaveLength(1);
      return mails[0]!;
    });
    expect(mail.subject).toBe('Sign-ins to your SiteLedger account were refused');
    expect(mail.text).toContain('Hello Test User,');
    expect(mail.text).toContain('after several wrong passwords');
    expect(mail.text).toContain(`internet address ${last}.`);
    expect(mail.text).toContain("If it wasn't you");
    expect(mail.text).toContain('change it now');
    expect(mail.link).toBe('http://app.test/forgot-password');
    expect(mail.text).toContain('\nhttp://app.test/forgot-password\n');
    // The time, in the business time zone.
    const when = new Intl.DateTimeFormat('en-IN', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'Asia/Kolkata',
    });
    const oneLine = (text: string) => text.replace(/\s+/g, ' ');
    expect([oneLine(when.format(before)), oneLine(when.format(Date.now()))]).toContain(
      /tried, on (.+?) \(Asia\/Kolkata time\)/.exec(oneLine(mail.text))?.[1],
    );

    // Further failures of the same series, even up to the long lock, send nothing more.
    await failTimes(user.email, ACCOUNT_FAILURE_LIMIT - FREE_FAILURES);
    await settle();
    expect(lockMails(user.email)).toHaveLength(1);
    expect((await login(user.email, user.password, freshAddress())).body.code).toBe(
      'LOGIN_THROTTLED',
    );

    // The long lock outlasts the series: the next failures start a new series, told again.
    await failTimes(user.email, 1, SERIES_GAP_S + 1);
    expect((await throttleRow(user.email))?.failures).toBe(1);
    await failTimes(user.email, FREE_FAILURES - 1);
    await vi.waitFor(() => expect(lockMails(user.email)).toHaveLength(2));

    // A successful sign-in ends the series; the next lock is told again.
    await passTime(user.email, 1);
    expect((await login(user.email, user.password, freshAddress())).status).toBe(200);
    expect(await throttleRow(user.email)).toBeUndefined();
    await failTimes(user.email, FREE_FAILURES);
    await vi.waitFor(() => expect(lockMails(user.email)).toHaveLength(3));
  });

  it('answers an unknown address exactly as a known one, but mails nobody', async () => {
    const known = await registerUser();
    const unknown = uniqueEmail('nobody');
    const answers = async (email: string) => {
      const seen: string[] = [];
      for (let i = 0; i < FREE_FAILURES + 1; i += 1) {
        const res = await login(email, 'wrong-password', freshAddress());
        seen.push(`${res.status} ${res.body.code} ${JSON.stringify(Object.keys(res.body))}`);
      }
      return seen;
    };
    const knownAnswers = await answers(known.email);
    const unknownAnswers = await answers(unknown);
    expect(unknownAnswers).toEqual(knownAnswers);
    expect(knownAnswers.at(-1)).toMatch(/^429 LOGIN_THROTTLED/);
    // The same state is kept for both…
    const [k, u] = [await throttleRow(known.email), await throttleRow(unknown)];
    expect(u?.failures).toBe(k?.failures);
    expect(u?.notified_at).not.toBeNull();
    expect(k?.notified_at).not.toBeNull();
    // …but only the account's owner is written to.
    await vi.waitFor(() => expect(lockMails(known.email)).toHaveLength(1));
    await settle();
    expect(readOutbox(server.dataDir).filter((m) => m.to === unknown)).toHaveLength(0);
  });

  it('locks an account for a day after 20 failures spread over many addresses, below every per-address limit', async () => {
    expect([ACCOUNT_FAILURE_LIMIT, ACCOUNT_LOCK_S, SERIES_GAP_S]).toEqual([20, 86_400, 86_400]);
    const user = await registerUser();
    // The per-address limit is in force: a fourth try from one address within the minute is refused…
    const busy = freshAddress();
    const other = uniqueEmail('other');
    for (let i = 0; i < PER_ADDRESS_LIMIT; i += 1) await login(other, 'wrong-password', busy);
    expect((await login(other, 'wrong-password', busy)).body.code).toBe('RATE_LIMITED');

    // …but each address here fails once, and still the account's count adds up across them all.
    const bodies = await failTimes(user.email, ACCOUNT_FAILURE_LIMIT - 1);
    expect(bodies.every((b) => b.code === 'INVALID_CREDENTIALS')).toBe(true);
    expect((await throttleRow(user.email))?.failures).toBe(ACCOUNT_FAILURE_LIMIT - 1);
    const shortLock = await throttleRow(user.email);
    expect(Date.parse(shortLock!.locked_until!) - Date.now()).toBeLessThanOrEqual(
      MAX_LOCK_S * 1000,
    );

    await failTimes(user.email, 1);
    const refused = await login(user.email, user.password, freshAddress());
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('LOGIN_THROTTLED');
    expect(refused.body.data?.retry_after).toBeGreaterThan(ACCOUNT_LOCK_S - 60);
    expect(refused.body.data?.retry_after).toBeLessThanOrEqual(ACCOUNT_LOCK_S);
    // Refused attempts are not guesses: they neither count nor move the lock.
    expect((await throttleRow(user.email))?.failures).toBe(ACCOUNT_FAILURE_LIMIT);
  });

  it('does not let a slow guess go on: a failure every 23 hours keeps the series, a quiet day ends it', async () => {
    const user = await registerUser();
    const hours23 = 23 * 60 * 60;
    await failTimes(user.email, ACCOUNT_FAILURE_LIMIT, hours23);
    const row = await throttleRow(user.email);
    expect(row?.failures).toBe(ACCOUNT_FAILURE_LIMIT);
    expect(Date.parse(row!.locked_until!) - Date.now()).toBeGreaterThan(
      (ACCOUNT_LOCK_S - 60) * 1000,
    );

    // Once a whole gap has passed without a failure, the count starts again and the owner gets in.
    await failTimes(user.email, 1, SERIES_GAP_S + 1);
    expect((await throttleRow(user.email))?.failures).toBe(1);
    expect((await login(user.email, user.password, freshAddress())).status).toBe(200);
  });
});
