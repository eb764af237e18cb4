import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zItemListQuery,
  zItem,
  zItemCreate,
  zItemStats,
  zItemUpdate,
  zListResult,
} from '@siteledger/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { expandSet, zRecordParams, zSiteParams } from '../../platform/route-params.js';
import * as items from './items-service.js';
import { siteScope } from '../../platform/scope.js';

const doc = ['items'];
const zGetQuery = z.object({ expand: z.string().max(200).optional() });

export function itemRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/sites/:siteId/items';
  const read = { access: { auth: 'site', permission: 'canRead' } } as const;

  r.get(
    base,
    {
      config: read,
      schema: {
        tags: doc,
        params: zSiteParams,
        querystring: zItemListQuery,
        response: { 200: zListResult(zItem) },
      },
    },
    async (req) => items.listItems(siteScope(req, ctx), req.query),
  );

  r.post(
    base,
    {
      config: { access: { auth: 'site', permission: 'canCreate', entity: 'items' } },
      schema: { tags: doc, params: zSiteParams, body: zItemCreate, response: { 201: zItem } },
    },
    async (req, reply) =>
      reply.status(201).send(await items.createItem(siteScope(req, ctx), req.body)),
  );

  r.get(
    `${base}/:id`,
    {
      config: read,
      schema: {
        tags: doc,
        params: zRecordParams,
        querystring: zGetQuery,
        response: { 200: zItem },
      },
    },
    async (req) => items.getItem(siteScope(req, ctx), req.params.id, expandSet(req.query.expand)),
  );

  r.get(
    `${base}/:id/stats`,
    { config: read, schema: { tags: doc, params: zRecordParams, response: { 200: zItemStats } } },
    async (req) => items.itemStats(siteScope(req, ctx), req.params.id),
  );

  r.patch(
    `${base}/:id`,
    {
      config: { access: { auth: 'site', permission: 'canUpdate', entity: 'items' } },
      schema: { tags: doc, params: zRecordParams, body: zItemUpdate, response: { 200: zItem } },
    },
    async (req) => items.updateItem(siteScope(req, ctx), req.params.id, req.body),
  );

  r.delete(
    `${base}/:id`,
    {
      config: { access: { auth: 'site', permission: 'canDelete', entity: 'items' } },
      schema: { tags: doc, params: zRecordParams },
    },
    async (req, reply) => {
      await items.deleteItem(siteScope(req, ctx), req.params.id);
      return reply.status(204).send();
    },
  );
}
