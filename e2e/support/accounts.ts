import type { Page } from 'playwright-core';

export interface TestAccount {
  token: string;
  user: { id: string; email: string; name: string };
  siteId: string;
}

async function post<T>(baseUrl: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (response.status >= 400) {
    throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** Registers a user with one site through the API (faster than the screens). */
export async function createAccountWithSite(baseUrl: string, name: string): Promise<TestAccount> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.in`;
  const auth = await post<{ token: string; user: TestAccount['user'] }>(
    baseUrl,
    '/api/auth/register',
    { name, email, password: 'secret123', passwordConfirm: 'secret123', legal_accepted: true },
  );
  const site = await post<{ id: string }>(
    baseUrl,
    '/api/sites',
    { name: `${name}'s site`, total_units: 10, total_planned_area: 5000 },
    auth.token,
  );
  return { token: auth.token, user: auth.user, siteId: site.id };
}

/** Puts a session into the browser's storage the way the app keeps it. */
export async function storeSession(page: Page, account: TestAccount, siteId: string | null) {
  await page.evaluate(
    ([auth, site]) => {
      localStorage.setItem('siteledger.auth', JSON.stringify(auth));
      localStorage.setItem('siteledger.onboarding.disabled', 'true'); // no tours over other tests
      if (site) {
        localStorage.setItem('siteledger.currentSite', site);
        localStorage.setItem('siteledger.role', 'owner');
      }
    },
    [{ token: account.token, user: account.user }, siteId] as const,
  );
}

/** A call to the site's records API as the account (fixtures a spec sets up faster than screens). */
export async function api<T>(
  baseUrl: string,
  account: TestAccount,
  method: string,
  route: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}/api/sites/${account.siteId}${route}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status >= 400)
    throw new Error(`${route}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}
