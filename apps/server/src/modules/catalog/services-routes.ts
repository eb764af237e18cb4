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
import { recordRoutes } from '../../platform/record-routes.js';
import { zRecordParams } from '../../platform/route-params.js';
import { siteScope } from '../../platform/scope.js';
import * as services from './services-service.js';

/** Routes of services (expand: tags), and a service's figures for its page. */
export function serviceRoutes(app: FastifyInstance, ctx: AppContext): void {
  recordRoutes(app, ctx, {
    collection: 'services',
    entity: 'services',
    tag: 'services',
    record: zService,
    list: { query: zServiceListQuery, run: services.listServices },
    create: { body: zServiceCreate, run: services.createService },
    get: services.getService,
    update: { body: zServiceUpdate, run: services.updateService },
    remove: services.deleteService,
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
