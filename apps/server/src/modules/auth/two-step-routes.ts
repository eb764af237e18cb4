import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zAuthResult,
  zCookieAuthResult,
  zRecoveryCodes,
  zRecoveryCodesRequest,
  zTwoStepDisable,
  zTwoStepEnable,
  zTwoStepLogin,
  zTwoStepSetup,
  zTwoStepStatus,
} from '@siteledger/domain';
import { z } from 'zod';
import { currentUser } from '../../platform/access.js';
import type { AppContext } from '../../platform/context.js';
import { clientOf, sessionKindOf, signedInBody } from './signed-in-reply.js';
import * as twoStep from './two-step-service.js';

const zSignedIn = z.union([zAuthResult, zCookieAuthResult]);

/** Two-step sign-in (issue 19): Profile switches it on and off; the login's second step. */
export function twoStepRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['me'];
  // Rate limited like the login it completes.
  const limited = {
    access: { auth: 'public' },
    rateLimit:
      ctx.config.authRateLimit > 0 ? { max: ctx.config.authRateLimit, timeWindow: 60_000 } : false,
  } as const;

  r.post(
    '/api/auth/login/two-step',
    {
      config: limited,
      schema: { tags: ['auth'], body: zTwoStepLogin, response: { 200: zSignedIn } },
    },
    async (req, reply) => {
      const kind = sessionKindOf(req);
      const signedIn = await twoStep.completeLogin(ctx, req.body, clientOf(req), kind);
      return signedInBody(ctx, req, reply, kind, signedIn);
    },
  );

  r.get('/api/me/two-step', { schema: { tags, response: { 200: zTwoStepStatus } } }, async (req) =>
    twoStep.status(ctx, currentUser(req).user.id),
  );

  r.post('/api/me/two-step/setup', { schema: { tags, response: { 200: zTwoStepSetup } } }, (req) =>
    twoStep.setup(ctx, currentUser(req).user.id),
  );

  r.post(
    '/api/me/two-step/enable',
    { schema: { tags, body: zTwoStepEnable, response: { 200: zRecoveryCodes } } },
    async (req) => {
      const { user, sessionId } = currentUser(req);
      return twoStep.enable(ctx, user.id, sessionId, req.body.code);
    },
  );

  r.post(
    '/api/me/two-step/disable',
    { schema: { tags, body: zTwoStepDisable } },
    async (req, reply) => {
      await twoStep.disable(ctx, currentUser(req).user.id, req.body);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/me/two-step/recovery-codes',
    { schema: { tags, body: zRecoveryCodesRequest, response: { 200: zRecoveryCodes } } },
    async (req) =>
      twoStep.regenerateRecoveryCodes(ctx, currentUser(req).user.id, req.body.password),
  );
}
