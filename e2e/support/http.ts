import type { TestAccount } from './accounts';

/**
 * A call to the server's API with a bearer token (none for sign-up): fixtures a spec sets up
 * faster than through the screens. Throws on an error answer; returns the JSON body, if any.
 */
export async function request<T>(
  baseUrl: string,
  token: string | null | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      // Only with a body: a JSON content type with none is a malformed request to the server.
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status >= 400)
    throw new Error(`${path}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A call to the site's records API as the account: `route` is below `/api/sites/:site`. */
export function api<T>(
  baseUrl: string,
  account: TestAccount,
  method: string,
  route: string,
  body?: unknown,
): Promise<T> {
  return request<T>(baseUrl, account.token, method, `/api/sites/${account.siteId}${route}`, body);
}
