import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zDeliveryItem,
  zDeliveryItemCreate,
  zDeliveryItemDelete,
  zDeliveryItemDeleteQuery,
  zReleasedReply,
  zDeliveryItemListQuery,
  zDeliveryItemUpdate,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { recordRoutes } from '../../platform/record-routes.js';
import { zRecordParams } from '../../platform/route-params.js';
import { siteScope } from '../../platform/scope.js';
import * as lines from './delivery-items-service.js';

/** Delivery lines one by one; every change recomputes the delivery in the same transaction. */
export function deliveryItemRoutes(app: FastifyInstance, ctx: AppContext): void {
  recordRoutes(app, ctx, {
    collection: 'delivery_items',
    entity: 'delivery items',
    tag: 'deliveries',
    record: zDeliveryItem,
    list: { query: zDeliveryItemListQuery, run: lines.listDeliveryItems },
    create: { body: zDeliveryItemCreate, run: lines.createDeliveryItem },
    // expand: item, delivery.
    get: (scope, id, expand) => lines.getDeliveryItem(scope, id, [...expand].join(',')),
    update: { body: zDeliveryItemUpdate, run: lines.updateDeliveryItem },
  });
  // DELETE is its own route: it may release an overpayment (body or query) and then answers 200
  // with what it released instead of 204.
  app.withTypeProvider<ZodTypeProvider>().delete(
    '/api/sites/:siteId/delivery_items/:id',
    {
      config: { access: { auth: 'site', permission: 'canDelete', entity: 'delivery items' } },
      schema: {
        tags: ['deliveries'],
        params: zRecordParams,
        querystring: zDeliveryItemDeleteQuery,
        body: zDeliveryItemDelete,
        response: { 200: zReleasedReply, 204: z.null() },
      },
    },
    async (req, reply) => {
      const release =
        req.body?.release_overpayment === true || req.query.release_overpayment === 'true';
      const released = await lines.deleteDeliveryItem(siteScope(req, ctx), req.params.id, release);
      if (released.length > 0) return reply.status(200).send({ released });
      return reply.status(204).send(null);
    },
  );
}
