import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zQuotationListQuery,
  zQuotation,
  zQuotationCreate,
  zQuotationUpdate,
  zListResult,
} from '@siteledger/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { expandSet, zRecordParams, zSiteParams } from '../../platform/route-params.js';
import * as quotations from './quotations-service.js';
import { siteScope } from '../../platform/scope.js';

const doc = ['quotations'];
const zGetQuery = z.object({ expand: z.string().max(200).optional() });

export function quotationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/sites/:siteId/quotations';
  const read = { access: { auth: 'site', permission: 'canRead' } } as const;

  r.get(
    base,
    {
      config: read,
      schema: {
        tags: doc,
        params: zSiteParams,
        querystring: zQuotationListQuery,
        response: { 200: zListResult(zQuotation) },
      },
    },
    async (req) => quotations.listQuotations(siteScope(req, ctx), req.query),
  );

  r.post(
    base,
    {
      config: { access: { auth: 'site', permission: 'canCreate', entity: 'quotations' } },
      schema: {
        tags: doc,
        params: zSiteParams,
        body: zQuotationCreate,
        response: { 201: zQuotation },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await quotations.createQuotation(siteScope(req, ctx), req.body)),
  );

  r.get(
    `${base}/:id`,
    {
      config: read,
      schema: {
        tags: doc,
        params: zRecordParams,
        querystring: zGetQuery,
        response: { 200: zQuotation },
      },
    },
    async (req) =>
      quotations.getQuotation(siteScope(req, ctx), req.params.id, expandSet(req.query.expand)),
  );

  r.patch(
    `${base}/:id`,
    {
      config: { access: { auth: 'site', permission: 'canUpdate', entity: 'quotations' } },
      schema: {
        tags: doc,
        params: zRecordParams,
        body: zQuotationUpdate,
        response: { 200: zQuotation },
      },
    },
    async (req) => quotations.updateQuotation(siteScope(req, ctx), req.params.id, req.body),
  );

  r.delete(
    `${base}/:id`,
    {
      config: { access: { auth: 'site', permission: 'canDelete', entity: 'quotations' } },
      schema: { tags: doc, params: zRecordParams },
    },
    async (req, reply) => {
      await quotations.deleteQuotation(siteScope(req, ctx), req.params.id);
      return reply.status(204).send();
    },
  );
}
