import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zService,
  zServiceCreate,
  zServiceListQuery,
  zServiceUpdate,
  zServiceStats,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { recordServiceRoutes } from '../../platform/record-routes.js';
import { zRecordParams } from '../../platform/route-params.js';
import { siteScope } from '../../platform/scope.js';
import * as services from './services-service.js';

/** Routes of services (expand: tags), and a service's figures for its page. */
export function serviceRoutes(app: FastifyInstance, ctx: AppContext): void {
  recordServiceRoutes(app, ctx, services.services, {
    record: zService,
    query: zServiceListQuery,
    create: zServiceCreate,
    update: zServiceUpdate,
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/sites/:siteId/services/:id/stats',
    {
      config: { access: { auth: 'site', permission: 'canRead' } },
      schema: { tags: ['services'], params: zRecordParams, response: { 200: zServiceStats } },
    },
    async (req) => services.serviceStats(siteScope(req, ctx), req.params.id),
  );
}
