import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zVendorListQuery,
  zVendor,
  zVendorCreate,
  zVendorUpdate,
  zListResult,
} from '@siteledger/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { expandSet, zRecordParams, zSiteParams } from '../../platform/route-params.js';
import * as vendors from './vendors-service.js';
import { siteScope } from '../../platform/scope.js';

const doc = ['vendors'];
const zGetQuery = z.object({ expand: z.string().max(200).optional() });

export function vendorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/sites/:siteId/vendors';
  const read = { access: { auth: 'site', permission: 'canRead' } } as const;

  r.get(
    base,
    {
      config: read,
      schema: {
        tags: doc,
        params: zSiteParams,
        querystring: zVendorListQuery,
        response: { 200: zListResult(zVendor) },
      },
    },
    async (req) => vendors.listVendors(siteScope(req, ctx), req.query),
  );

  r.post(
    base,
    {
      config: { access: { auth: 'site', permission: 'canCreate', entity: 'vendors' } },
      schema: { tags: doc, params: zSiteParams, body: zVendorCreate, response: { 201: zVendor } },
    },
    async (req, reply) =>
      reply.status(201).send(await vendors.createVendor(siteScope(req, ctx), req.body)),
  );

  r.get(
    `${base}/:id`,
    {
      config: read,
      schema: {
        tags: doc,
        params: zRecordParams,
        querystring: zGetQuery,
        response: { 200: zVendor },
      },
    },
    async (req) =>
      vendors.getVendor(siteScope(req, ctx), req.params.id, expandSet(req.query.expand)),
  );

  r.patch(
    `${base}/:id`,
    {
      config: { access: { auth: 'site', permission: 'canUpdate', entity: 'vendors' } },
      schema: {
        tags: doc,
        params: zRecordParams,
        body: zVendorUpdate,
        response: { 200: zVendor },
      },
    },
    async (req) => vendors.updateVendor(siteScope(req, ctx), req.params.id, req.body),
  );

  r.delete(
    `${base}/:id`,
    {
      config: { access: { auth: 'site', permission: 'canDelete', entity: 'vendors' } },
      schema: { tags: doc, params: zRecordParams },
    },
    async (req, reply) => {
      await vendors.deleteVendor(siteScope(req, ctx), req.params.id);
      return reply.status(204).send();
    },
  );
}
