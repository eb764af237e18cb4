import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthResult, CookieAuthResult } from '@siteledger/domain';
import type { SessionKind } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { setSessionCookies, wantsCookieSession } from '../../platform/cookies.js';
import type { SignedIn } from './auth-service.js';
import type { ClientInfo } from './sessions-service.js';

export function sessionKindOf(request: FastifyRequest): SessionKind {
  return wantsCookieSession(request) ? 'cookie' : 'bearer';
}

export function clientOf(request: FastifyRequest): ClientInfo & { ip: string } {
  return { userAgent: request.headers['user-agent'] ?? null, ip: request.ip };
}

/**
 * The answer to a sign-in, register or refresh: a bearer client gets `{ token, user, session }`;
 * a cookie session (the web app) gets its token only as an HttpOnly cookie, never in the body.
 */
export function signedInBody(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
  { issued, user }: SignedIn,
): AuthResult | CookieAuthResult {
  if (kind === 'bearer') return { token: issued.token, user, session: issued.times };
  setSessionCookies(request, reply, ctx.config.publicUrl, {
    token: issued.token,
    csrf: issued.csrf,
    maxAgeS: (Date.parse(issued.times.absolute_expires_at) - Date.now()) / 1000,
  });
  return { user, session: issued.times };
}
