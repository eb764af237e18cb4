import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zDelivery,
  zDeliveryCreate,
  zDeliveryListQuery,
  zDeliveryUpdate,
  zListResult,
} from '@siteledger/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { idempotencyKey } from '../../platform/idempotency.js';
import { expandSet, zRecordParams, zSiteParams } from '../../platform/route-params.js';
import * as deliveries from './deliveries-service.js';
import { deliveryItemRoutes } from './delivery-items-routes.js';
import { siteScope } from '../../platform/scope.js';

const doc = ['deliveries'];
/** expand: vendor, delivery_items.item. */
const zGetQuery = z.object({ expand: z.string().max(200).optional() });

/** Routes of deliveries and delivery items (helper S2). */
export function deliveryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/sites/:siteId/deliveries';
  const access = (permission: 'canRead' | 'canCreate' | 'canUpdate' | 'canDelete') =>
    ({ access: { auth: 'site', permission, entity: 'deliveries' } }) as const;

  r.get(
    base,
    {
      config: access('canRead'),
      schema: {
        tags: doc,
        params: zSiteParams,
        querystring: zDeliveryListQuery,
        response: { 200: zListResult(zDelivery) },
      },
    },
    async (req) => deliveries.listDeliveries(siteScope(req, ctx), req.query),
  );

  r.post(
    base,
    {
      config: access('canCreate'),
      schema: {
        tags: doc,
        params: zSiteParams,
        body: zDeliveryCreate,
        response: { 201: zDelivery },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await deliveries.createDelivery(siteScope(req, ctx), req.body, idempotencyKey(req))),
  );

  r.get(
    `${base}/:id`,
    {
      config: access('canRead'),
      schema: {
        tags: doc,
        params: zRecordParams,
        querystring: zGetQuery,
        response: { 200: zDelivery },
      },
    },
    async (req) =>
      deliveries.getDelivery(siteScope(req, ctx), req.params.id, expandSet(req.query.expand)),
  );

  r.patch(
    `${base}/:id`,
    {
      config: access('canUpdate'),
      schema: {
        tags: doc,
        params: zRecordParams,
        body: zDeliveryUpdate,
        response: { 200: zDelivery },
      },
    },
    async (req) => deliveries.updateDelivery(siteScope(req, ctx), req.params.id, req.body),
  );

  r.delete(
    `${base}/:id`,
    { config: access('canDelete'), schema: { tags: doc, params: zRecordParams } },
    async (req, reply) => {
      await deliveries.deleteDelivery(siteScope(req, ctx), req.params.id);
      return reply.status(204).send();
    },
  );

  deliveryItemRoutes(app, ctx);
}
