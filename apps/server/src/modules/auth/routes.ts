import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zAuthResult,
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
import { currentUser } from '../../platform/access.js';
import type { AppContext } from '../../platform/context.js';
import * as auth from './service.js';

const PUBLIC = { access: { auth: 'public' } } as const;

function userAgent(request: FastifyRequest): string | null {
  return request.headers['user-agent'] ?? null;
}

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = {
    ...PUBLIC,
    rateLimit:
      ctx.config.authRateLimit > 0 ? { max: ctx.config.authRateLimit, timeWindow: 60_000 } : false,
  } as const;
  const tags = ['auth'];

  r.post(
    '/api/auth/register',
    { config: limited, schema: { tags, body: zRegister, response: { 201: zAuthResult } } },
    async (req, reply) =>
      reply.status(201).send(await auth.register(ctx, req.body, req.ip, userAgent(req))),
  );

  r.post(
    '/api/auth/login',
    { config: limited, schema: { tags, body: zLogin, response: { 200: zAuthResult } } },
    async (req) => auth.login(ctx, req.body, req.ip, userAgent(req)),
  );

  r.post('/api/auth/refresh', { schema: { tags, response: { 200: zAuthResult } } }, async (req) => {
    const { sessionId, user } = currentUser(req);
    return auth.refresh(ctx, sessionId, user.id, userAgent(req));
  });

  r.post('/api/auth/logout', { schema: { tags } }, async (req, reply) => {
    await auth.logout(ctx, currentUser(req).sessionId);
    return reply.status(204).send();
  });

  r.post(
    '/api/auth/password-reset',
    { config: limited, schema: { tags, body: zPasswordResetRequest } },
    async (req, reply) => {
      await auth.requestPasswordReset(ctx, req.body.email);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/auth/password-reset/confirm',
    { config: limited, schema: { tags, body: zPasswordResetConfirm } },
    async (req, reply) => {
      await auth.confirmPasswordReset(ctx, req.body);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/auth/verification',
    { config: limited, schema: { tags, body: zVerificationRequest } },
    async (req, reply) => {
      await auth.requestVerification(ctx, req.body.email);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/auth/verification/confirm',
    { config: PUBLIC, schema: { tags, body: zTokenConfirm } },
    async (req, reply) => {
      await auth.confirmVerification(ctx, req.body.token);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/auth/email-change',
    { schema: { tags, body: zEmailChangeRequest } },
    async (req, reply) => {
      await auth.requestEmailChange(ctx, currentUser(req).user.id, req.body.newEmail);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/auth/email-change/confirm',
    { config: limited, schema: { tags, body: zEmailChangeConfirm } },
    async (req, reply) => {
      await auth.confirmEmailChange(ctx, req.body);
      return reply.status(204).send();
    },
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
