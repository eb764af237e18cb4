import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zAuthResult,
  zCookieAuthResult,
  zEmailChangeConfirm,
  zEmailChangeRequest,
  zLogin,
  zPasswordChange,
  zPasswordResetConfirm,
  zPasswordResetRequest,
  zRegister,
  zTokenConfirm,
  zUser,
  zVerificationRequest,
} from '@siteledger/domain';
import { z } from 'zod';
import { currentUser } from '../../platform/access.js';
import type { AppContext } from '../../platform/context.js';
import { clearSessionCookies, wantsCookieSession } from '../../platform/cookies.js';
import * as auth from './auth-service.js';
import * as sessions from './sessions-service.js';
import { clientOf, sessionKindOf, signedInBody } from './signed-in-reply.js';

const PUBLIC = { access: { auth: 'public' } } as const;
/** `{ token, user, session }`, or `{ user, session }` for a cookie session (`X-Session: cookie`). */
const zSignedIn = z.union([zAuthResult, zCookieAuthResult]);

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = {
    ...PUBLIC,
    rateLimit:
      ctx.config.authRateLimit > 0 ? { max: ctx.config.authRateLimit, timeWindow: 60_000 } : false,
  } as const;
  const tags = ['auth'];

  /** A rate-limited public step of a mailed-token flow: it answers 204 with no body. */
  function tokenStep<S extends z.ZodType>(
    path: string,
    body: S,
    run: (body: z.infer<S>) => Promise<unknown>,
  ): void {
    r.post(path, { config: limited, schema: { tags, body } }, async (req, reply) => {
      // The provider validated the body against `body`; its type is lost in the generic.
      await run(req.body as z.infer<S>);
      return reply.status(204).send();
    });
  }

  r.post(
    '/api/auth/register',
    { config: limited, schema: { tags, body: zRegister, response: { 201: zSignedIn } } },
    async (req, reply) => {
      const kind = sessionKindOf(req);
      const signedIn = await auth.register(ctx, req.body, clientOf(req), kind);
      return reply.status(201).send(signedInBody(ctx, req, reply, kind, signedIn));
    },
  );

  r.post(
    '/api/auth/login',
    { config: limited, schema: { tags, body: zLogin, response: { 200: zSignedIn } } },
    async (req, reply) => {
      const kind = sessionKindOf(req);
      return signedInBody(
        ctx,
        req,
        reply,
        kind,
        await auth.login(ctx, req.body, clientOf(req), kind),
      );
    },
  );

  // Rotation: a new token; the old one stops working (API.md). A cookie session stays one; a
  // bearer session becomes one when the web app asks (moving a stored token out of script reach).
  r.post(
    '/api/auth/refresh',
    { schema: { tags, response: { 200: zSignedIn } } },
    async (req, reply) => {
      const { token, kind: current, user } = currentUser(req);
      const kind = current === 'cookie' || wantsCookieSession(req) ? 'cookie' : 'bearer';
      const issued = await sessions.refresh(ctx, token, kind, clientOf(req));
      return signedInBody(ctx, req, reply, kind, { issued, user: auth.toUser(user) });
    },
  );

  r.post('/api/auth/logout', { schema: { tags } }, async (req, reply) => {
    const { sessionId, via } = currentUser(req);
    await sessions.endSession(ctx, sessionId);
    if (via === 'cookie') clearSessionCookies(req, reply, ctx.config.publicUrl);
    return reply.status(204).send();
  });

  tokenStep('/api/auth/password-reset', zPasswordResetRequest, (body) =>
    auth.requestPasswordReset(ctx, body.email),
  );

  tokenStep('/api/auth/password-reset/confirm', zPasswordResetConfirm, (body) =>
    auth.confirmPasswordReset(ctx, body),
  );

  tokenStep('/api/auth/verification', zVerificationRequest, (body) =>
    auth.requestVerification(ctx, body.email),
  );

  tokenStep('/api/auth/verification/confirm', zTokenConfirm, (body) =>
    auth.confirmVerification(ctx, body.token),
  );

  r.post(
    '/api/auth/email-change',
    { schema: { tags, body: zEmailChangeRequest } },
    async (req, reply) => {
      await auth.requestEmailChange(ctx, currentUser(req).user.id, req.body.newEmail);
      return reply.status(204).send();
    },
  );

  tokenStep('/api/auth/email-change/confirm', zEmailChangeConfirm, (body) =>
    auth.confirmEmailChange(ctx, body),
  );

  r.get('/api/me', { schema: { tags: ['me'], response: { 200: zUser } } }, async (req) =>
    auth.getMe(ctx, currentUser(req).user.id),
  );

  r.post(
    '/api/me/password',
    { schema: { tags: ['me'], body: zPasswordChange } },
    async (req, reply) => {
      const { user, sessionId } = currentUser(req);
      await auth.changePassword(ctx, user.id, sessionId, req.body);
      return reply.status(204).send();
    },
  );
}
