import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The web app's session lives in an HttpOnly cookie no script can read; state-changing calls also
 * carry the CSRF token from a readable cookie in a header (double submit, checked against the
 * session's stored hash in platform/access.ts). Bearer tokens stay for API clients.
 */
export const SESSION_COOKIE = 'sl_session';
export const CSRF_COOKIE = 'sl_csrf';
export const CSRF_HEADER = 'x-csrf-token';
/** `X-Session: cookie` on sign-in, register or refresh asks for a cookie session. */
export const SESSION_MODE_HEADER = 'x-session';

export function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value) || null;
    } catch {
      return null;
    }
  }
  return null;
}

export function wantsCookieSession(request: FastifyRequest): boolean {
  const mode = request.headers[SESSION_MODE_HEADER];
  return typeof mode === 'string' && mode.trim().toLowerCase() === 'cookie';
}

/** Secure only when the page is served over https (a plain-http localhost must still work). */
function isSecure(request: FastifyRequest, publicUrl: string): boolean {
  return request.protocol === 'https' || publicUrl.startsWith('https:');
}

function cookie(name: string, value: string, maxAgeS: number, httpOnly: boolean, secure: boolean) {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${Math.max(0, Math.floor(maxAgeS))}`,
    'SameSite=Strict',
  ];
  if (httpOnly) parts.push('HttpOnly');
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string,
  session: { token: string; csrf: string | null; maxAgeS: number },
): void {
  const secure = isSecure(request, publicUrl);
  const cookies = [cookie(SESSION_COOKIE, session.token, session.maxAgeS, true, secure)];
  // The CSRF cookie is set with a new cookie session; a refresh keeps it (other tabs hold it).
  if (session.csrf !== null) {
    cookies.push(cookie(CSRF_COOKIE, session.csrf, session.maxAgeS, false, secure));
  }
  reply.header('set-cookie', cookies);
}

export function clearSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string,
): void {
  const secure = isSecure(request, publicUrl);
  reply.header('set-cookie', [
    cookie(SESSION_COOKIE, '', 0, true, secure),
    cookie(CSRF_COOKIE, '', 0, false, secure),
  ]);
}
