import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zDashboard, type Dashboard } from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { zSiteParams } from '../../platform/route-params.js';
import { createSiteMemo } from '../../platform/site-memo.js';
import { getDashboard } from './dashboard-service.js';
import { siteScope } from '../../platform/scope.js';

/** GET …/dashboard: the six cards and the monthly expense chart (any member: canRead). */
export function dashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const memo = createSiteMemo<Dashboard>(ctx.siteChanges, { enabled: ctx.config.siteReadCache });
  r.get(
    '/api/sites/:siteId/dashboard',
    {
      config: { access: { auth: 'site', permission: 'canRead' } },
      schema: { tags: ['dashboard'], params: zSiteParams, response: { 200: zDashboard } },
    },
    async (req) => getDashboard(siteScope(req, ctx), memo),
  );
}
