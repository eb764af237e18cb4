import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zServiceListQuery,
  zService,
  zServiceCreate,
  zServiceStats,
  zServiceUpdate,
  zListResult,
} from '@siteledger/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { expandSet, zRecordParams, zSiteParams } from '../../platform/route-params.js';
import * as services from './services-service.js';
import { siteScope } from '../../platform/scope.js';

const doc = ['services'];
const zGetQuery = z.object({ expand: z.string().max(200).optional() });

export function serviceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/sites/:siteId/services';
  const read = { access: { auth: 'site', permission: 'canRead' } } as const;

  r.get(
    base,
    {
      config: read,
      schema: {
        tags: doc,
        params: zSiteParams,
        querystring: zServiceListQuery,
        response: { 200: zListResult(zService) },
      },
    },
    async (req) => services.listServices(siteScope(req, ctx), req.query),
  );

  r.post(
    base,
    {
      config: { access: { auth: 'site', permission: 'canCreate', entity: 'services' } },
      schema: { tags: doc, params: zSiteParams, body: zServiceCreate, response: { 201: zService } },
    },
    async (req, reply) =>
      reply.status(201).send(await services.createService(siteScope(req, ctx), req.body)),
  );

  r.get(
    `${base}/:id`,
    {
      config: read,
      schema: {
        tags: doc,
        params: zRecordParams,
        querystring: zGetQuery,
        response: { 200: zService },
      },
    },
    async (req) =>
      services.getService(siteScope(req, ctx), req.params.id, expandSet(req.query.expand)),
  );

  r.get(
    `${base}/:id/stats`,
    {
      config: read,
      schema: { tags: doc, params: zRecordParams, response: { 200: zServiceStats } },
    },
    async (req) => services.serviceStats(siteScope(req, ctx), req.params.id),
  );

  r.patch(
    `${base}/:id`,
    {
      config: { access: { auth: 'site', permission: 'canUpdate', entity: 'services' } },
      schema: {
        tags: doc,
        params: zRecordParams,
        body: zServiceUpdate,
        response: { 200: zService },
      },
    },
    async (req) => services.updateService(siteScope(req, ctx), req.params.id, req.body),
  );

  r.delete(
    `${base}/:id`,
    {
      config: { access: { auth: 'site', permission: 'canDelete', entity: 'services' } },
      schema: { tags: doc, params: zRecordParams },
    },
    async (req, reply) => {
      await services.deleteService(siteScope(req, ctx), req.params.id);
      return reply.status(204).send();
    },
  );
}
