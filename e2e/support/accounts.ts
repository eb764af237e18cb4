import type { Page } from 'playwright-core';
import { request } from './http';

export interface TestAccount {
  token: string;
  /** 'secret123' when not given (what createAccountWithSite registers with). */
  password?: string;
  user: { id: string; email: string; name: string };
  siteId: string;
}

/** Registers a user with one site through the API (faster than the screens). */
export async function createAccountWithSite(baseUrl: string, name: string): Promise<TestAccount> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.in`;
  const auth = await request<{ token: string; user: TestAccount['user'] }>(
    baseUrl,
    undefined,
    'POST',
    '/api/auth/register',
    { name, email, password: 'secret123', passwordConfirm: 'secret123', legal_accepted: true },
  );
  const site = await request<{ id: string }>(baseUrl, auth.token, 'POST', '/api/sites', {
    name: `${name}'s site`,
    total_units: 10,
    total_planned_area: 5000,
  });
  return { token: auth.token, user: auth.user, siteId: site.id };
}

/** The cookies of a Set-Cookie answer, for the browser context. */
function parseSetCookies(headers: Headers, url: string) {
  return headers.getSetCookie().map((line) => {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const lower = attributes.map((attribute) => attribute.toLowerCase());
    return {
      name: pair.slice(0, eq),
      value: decodeURIComponent(pair.slice(eq + 1)),
      url,
      httpOnly: lower.includes('httponly'),
      secure: lower.includes('secure'),
      sameSite: 'Strict' as const,
    };
  });
}

/**
 * Signs the browser in the way the web app does — a cookie session of its own (HttpOnly cookie,
 * CSRF cookie) — and remembers the user and site in storage. The account's bearer token stays
 * valid for fixtures. Call after the page has opened the app's origin. Returns the session id.
 */
export async function storeSession(
  page: Page,
  account: TestAccount,
  siteId: string | null,
): Promise<string> {
  const origin = new URL(page.url()).origin;
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session': 'cookie' },
    body: JSON.stringify({ email: account.user.email, password: account.password ?? 'secret123' }),
  });
  if (response.status !== 200) {
    throw new Error(
      `sign-in for the browser answered ${response.status}: ${await response.text()}`,
    );
  }
  const answer = (await response.json()) as { user: unknown; session: { id: string } };
  await page.context().addCookies(parseSetCookies(response.headers, origin));
  await page.evaluate(
    ([auth, site]) => {
      localStorage.setItem('siteledger.auth', JSON.stringify(auth));
      localStorage.setItem('siteledger.onboarding.disabled', 'true'); // no tours over other tests
      if (site) {
        localStorage.setItem('siteledger.currentSite', site);
        localStorage.setItem('siteledger.role', 'owner');
      }
    },
    [{ user: answer.user, session: answer.session }, siteId] as const,
  );
  return answer.session.id;
}
