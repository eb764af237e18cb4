import type { ErrorData } from '@siteledger/domain';
import type * as ErrorCatalogue from './error-catalogue';
import { CLIENT_ID, CLIENT_ID_HEADER } from './client-id';
import { currentLanguage, i18n } from './i18n';

/**
 * The one way the web app talks to the server (API.md). The session travels in an HttpOnly cookie
 * the browser sends by itself (no script can read it); state-changing calls add the CSRF token
 * from its readable cookie. Sends the current language; every status ≥ 400 becomes an ApiError
 * carrying the server's {status, code, message, data}.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly data: ErrorData;

  constructor(status: number, code: string, message: string, data: ErrorData = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.data = data;
  }
}

type Catalogue = typeof ErrorCatalogue;
let catalogue: Catalogue | null = null;
// Fetched once the page is up; until then a refusal without a message reads "An error occurred".
if (typeof window !== 'undefined') {
  void import('./error-catalogue').then(
    (loaded) => {
      catalogue = loaded;
    },
    () => undefined,
  );
}

/** Status 0 / code NETWORK_ERROR: the request never got an answer. */
export const NETWORK_ERROR = 'NETWORK_ERROR';

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

let signedIn = false;
let unauthorizedHandler: () => void = () => undefined;

/** Whether the app believes it has a session (a 401 on a signed-in call ends it). */
export function setSignedIn(value: boolean): void {
  signedIn = value;
}

export function hasSession(): boolean {
  return signedIn;
}

const CSRF_COOKIE = 'sl_csrf';
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function readCsrfToken(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === CSRF_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * Headers every call to the API carries besides its own: asks for a cookie session when signing
 * in, and the CSRF token on a state-changing call (the server refuses one without it) with this
 * tab's id (lib/client-id.ts), so the tab knows the live-update echo of its own write.
 */
export function sessionHeaders(method: string): Record<string, string> {
  const headers: Record<string, string> = { 'X-Session': 'cookie' };
  if (READ_METHODS.has(method.toUpperCase())) return headers;
  const csrf = readCsrfToken();
  if (csrf) headers['X-CSRF-Token'] = csrf;
  headers[CLIENT_ID_HEADER] = CLIENT_ID;
  return headers;
}

/** Called when an authenticated call answers 401: the session is over. */
export function onUnauthorized(handler: () => void): void {
  unauthorizedHandler = handler;
}

const errorListeners = new Set<(error: ApiError) => void>();

/**
 * Observes every error answer (status ≥ 400) of any call, e.g. to refresh the plan's state when a
 * write is refused for a plan limit. Returns the function that stops observing.
 */
export function observeApiErrors(listener: (error: ApiError) => void): () => void {
  errorListeners.add(listener);
  return () => {
    errorListeners.delete(listener);
  };
}

/**
 * One write, as the caller names it: any object standing for it, e.g. the context TanStack gives
 * each run of a mutation. Its answer's changes are reported with it, so the write's own refresh
 * can leave what its answer refreshed (lib/write-effects.ts).
 */
export type WriteToken = object;

type ChangeListener = (siteId: string, collections: string[], write?: WriteToken) => void;
const changeListeners = new Set<ChangeListener>();

/** The answer header naming what a write changed (docs/API.md "Issue 41: what a write changed"). */
export const CHANGED_HEADER = 'X-Changed-Collections';

/**
 * Hears every successful site write's `X-Changed-Collections`: the collections the server says
 * it changed (lib/write-effects.ts refreshes them). Returns the function that stops hearing.
 */
export function observeServerChanges(listener: ChangeListener): () => void {
  changeListeners.add(listener);
  return () => {
    changeListeners.delete(listener);
  };
}

const SITE_PATH = /^\/api\/sites\/([^/?#]+)\//;

/** The site of a write: its path's, or for `POST /api/batch` its requests'. */
function siteOf(path: string, body: unknown): string | undefined {
  const own = SITE_PATH.exec(path)?.[1];
  if (own || path !== '/api/batch' || !isRecord(body) || !Array.isArray(body.requests)) return own;
  const first: unknown = body.requests[0];
  return isRecord(first) && typeof first.url === 'string'
    ? SITE_PATH.exec(first.url)?.[1]
    : undefined;
}

/** Tells the change listeners what a site write's answer says it changed. */
function reportChanges(path: string, options: RequestOptions, response: Response): void {
  const site = siteOf(path, options.body);
  const named = response.headers.get(CHANGED_HEADER);
  if (site) reportSiteChanges(decodeURIComponent(site), named, options.write);
}

/**
 * Tells the change listeners what a write of `siteId` changed, from its answer's
 * `X-Changed-Collections` (also for writes sent without apiRequest: the XHR of a file upload).
 */
export function reportSiteChanges(siteId: string, named: string | null, write?: WriteToken): void {
  if (!named) return;
  const collections = named.split(',').filter(Boolean);
  for (const listener of changeListeners) listener(siteId, collections, write);
}

const translate = (key: string): string => i18n.t(key);

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** A call that needs no session (register, login, reset): its 401 does not sign out. */
  anonymous?: boolean;
  /** Extra request headers, e.g. `Idempotency-Key` on a create the offline queue may repeat. */
  headers?: Record<string, string>;
  /** The write this call is, reported with what its answer says it changed. */
  write?: WriteToken;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  const language = currentLanguage();
  if (isRecord(body) && typeof body.code === 'string') {
    const data = isRecord(body.data) ? body.data : {};
    const message =
      typeof body.message === 'string' && body.message
        ? body.message
        : catalogue?.isErrorCode(body.code)
          ? catalogue.messageFor(body.code, language, data)
          : translate('errors.generic');
    return new ApiError(
      typeof body.status === 'number' ? body.status : status,
      body.code,
      message,
      data,
    );
  }
  const fallback = status >= 500 ? 'errors.server' : 'errors.generic';
  return new ApiError(status, status >= 500 ? 'INTERNAL' : 'UNKNOWN', translate(fallback));
}

/**
 * Every header a call to the API carries: the session ones, then the call's own, then what it
 * accepts (JSON unless told) in the person's language. Also used by the XHR upload (for progress).
 */
export function requestHeaders(
  method: string,
  extra: Record<string, string> = {},
  accept = 'application/json',
): Record<string, string> {
  return {
    ...sessionHeaders(method),
    ...extra,
    Accept: accept,
    'Accept-Language': currentLanguage(),
  };
}

/** The ApiError for an error answer read as text (e.g. by an XHR), the same as api.* throw. */
export function parseApiError(status: number, text: string, contentType: string | null): ApiError {
  let body: unknown = text || undefined;
  if (text && (contentType ?? '').includes('json')) {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // Not JSON after all: the generic message by status.
    }
  }
  return toApiError(status, body);
}

interface SendOptions extends RequestOptions {
  /** The Accept header: JSON for api.*, anything for files. */
  accept?: string;
}

/**
 * Sends one call and answers with the ok Response; a network failure or an answer ≥ 400 throws
 * the ApiError (a 401 on a signed-in call ends the session; error observers hear every error).
 */
async function send(path: string, options: SendOptions): Promise<Response> {
  const { method = 'GET', body, query, signal, anonymous = false, accept } = options;
  const headers = requestHeaders(method, options.headers, accept);
  const wasSignedIn = !anonymous && signedIn;
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (signal) init.signal = signal;
  if (body !== undefined) {
    if (body instanceof FormData) {
      init.body = body;
    } else {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR, translate('errors.network'));
  }

  if (response.status >= 400) {
    const payload = await readBody(response).catch(() => undefined);
    const error = toApiError(response.status, payload);
    if (response.status === 401 && wasSignedIn && signedIn) unauthorizedHandler();
    for (const listener of errorListeners) listener(error);
    throw error;
  }
  if (!READ_METHODS.has(method.toUpperCase())) reportChanges(path, options, response);
  return response;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  return (await readBody(response).catch(() => undefined)) as T;
}

export type FileRequestOptions = Omit<RequestOptions, 'body'>;

/**
 * A file from the API (downloads, exports, photos, PDFs): the same session headers, CSRF token
 * and ApiError mapping as api.*; resolves with the ok Response so its headers can be read too.
 */
export function apiFile(path: string, options: FileRequestOptions = {}): Promise<Response> {
  return send(path, { ...options, accept: '*/*' });
}

/** A file from the API as a Blob (see apiFile). */
export async function apiBlob(path: string, options: FileRequestOptions = {}): Promise<Blob> {
  const response = await apiFile(path, options);
  return response.blob();
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** The message to show a person for any thrown value. */
export function errorMessage(error: unknown, translate: (key: string) => string): string {
  if (isApiError(error)) return error.message;
  return translate('errors.generic');
}

/**
 * The message for a failed action or load (spec part 8): the server's own words when it refused
 * with a known code ("Invalid credentials", "Limit exceeded"…); otherwise (no network, a server
 * fault, an answer without a known code, any other exception) the action's own message, e.g.
 * `auth.errors.loginFailed` ("Login failed"); by default "Operation failed".
 */
export function failureMessage(
  error: unknown,
  translate: (key: string) => string,
  fallbackKey = 'errors.operationFailed',
): string {
  return isKnownRefusal(error) ? error.message : translate(fallbackKey);
}

/** The server refused with a catalogue code (not a network failure or a server fault). */
export function isKnownRefusal(error: unknown): error is ApiError {
  if (!isApiError(error) || error.status <= 0 || error.status >= 500) return false;
  // Before the catalogue has loaded, any code the server sent counts (UNKNOWN is made here).
  return catalogue ? catalogue.isErrorCode(error.code) : error.code !== 'UNKNOWN';
}
