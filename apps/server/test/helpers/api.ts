import fs from 'node:fs';
import path from 'node:path';

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  lang?: string;
  headers?: Record<string, string>;
  rawBody?: string | FormData;
}

/** HTTP to the listening server, the way any client calls it. */
export async function call<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  url: string,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lang) headers['accept-language'] = options.lang;
  let body: string | FormData | undefined;
  if (options.rawBody !== undefined) {
    body = options.rawBody;
    if (typeof body === 'string') headers['content-type'] ??= 'application/json';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${baseUrl}${url}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text)
    parsed = JSON.parse(text);
  return { status: response.status, body: parsed as T, headers: response.headers };
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  link?: string;
}

/** Mails written to DATA_DIR/outbox, oldest first. */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as OutboxMail);
}

export function tokenFromLink(link: string | undefined): string {
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no token in link ${String(link)}`);
  return token;
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.in`;
}

export interface Registered {
  token: string;
  user: { id: string; email: string; name: string };
  email: string;
  password: string;
}

export async function registerUser(
  baseUrl: string,
  overrides: Record<string, unknown> = {},
): Promise<Registered> {
  const email = (overrides.email as string | undefined) ?? uniqueEmail();
  const password = (overrides.password as string | undefined) ?? 'secret123';
  const res = await call<{ token: string; user: Registered['user'] }>(
    baseUrl,
    'POST',
    '/api/auth/register',
    {
      body: {
        name: 'Test User',
        email,
        password,
        passwordConfirm: password,
        legal_accepted: true,
        ...overrides,
      },
    },
  );
  if (res.status !== 201)
    throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token, user: res.body.user, email, password };
}

export async function createSite(
  baseUrl: string,
  token: string,
  overrides: Record<string, unknown> = {},
) {
  const res = await call<{ id: string; name: string }>(baseUrl, 'POST', '/api/sites', {
    token,
    body: {
      name: 'Green Valley Towers',
      description: 'Block A',
      total_units: 24,
      total_planned_area: 18000,
      ...overrides,
    },
  });
  if (res.status !== 201)
    throw new Error(`create site failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
