import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zDeliveryItem,
  zDeliveryItemCreate,
  zDeliveryItemListQuery,
  zDeliveryItemUpdate,
  zListResult,
} from '@siteledger/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { zRecordParams, zSiteParams } from '../../platform/route-params.js';
import * as lines from './delivery-items-service.js';
import { siteScope } from '../../platform/scope.js';

const doc = ['deliveries'];
/** expand: item, delivery. */
const zGetQuery = z.object({ expand: z.string().max(200).optional() });

/** Delivery lines one by one; every change recomputes the delivery in the same transaction. */
export function deliveryItemRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/sites/:siteId/delivery_items';
  const access = (permission: 'canRead' | 'canCreate' | 'canUpdate' | 'canDelete') =>
    ({ access: { auth: 'site', permission, entity: 'delivery items' } }) as const;

  r.get(
    base,
    {
      config: access('canRead'),
      schema: {
        tags: doc,
        params: zSiteParams,
        querystring: zDeliveryItemListQuery,
        response: { 200: zListResult(zDeliveryItem) },
      },
    },
    async (req) => lines.listDeliveryItems(siteScope(req, ctx), req.query),
  );

  r.post(
    base,
    {
      config: access('canCreate'),
      schema: {
        tags: doc,
        params: zSiteParams,
        body: zDeliveryItemCreate,
        response: { 201: zDeliveryItem },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await lines.createDeliveryItem(siteScope(req, ctx), req.body)),
  );

  r.get(
    `${base}/:id`,
    {
      config: access('canRead'),
      schema: {
        tags: doc,
        params: zRecordParams,
        querystring: zGetQuery,
        response: { 200: zDeliveryItem },
      },
    },
    async (req) => lines.getDeliveryItem(siteScope(req, ctx), req.params.id, req.query.expand),
  );

  r.patch(
    `${base}/:id`,
    {
      config: access('canUpdate'),
      schema: {
        tags: doc,
        params: zRecordParams,
        body: zDeliveryItemUpdate,
        response: { 200: zDeliveryItem },
      },
    },
    async (req) => lines.updateDeliveryItem(siteScope(req, ctx), req.params.id, req.body),
  );

  r.delete(
    `${base}/:id`,
    { config: access('canDelete'), schema: { tags: doc, params: zRecordParams } },
    async (req, reply) => {
      await lines.deleteDeliveryItem(siteScope(req, ctx), req.params.id);
      return reply.status(204).send();
    },
  );
}
