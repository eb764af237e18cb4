import type { FastifyInstance } from 'fastify';
import {
  zDelivery,
  zDeliveryCreate,
  zDeliveryListQuery,
  zDeliveryUpdate,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { recordRoutes } from '../../platform/record-routes.js';
import * as deliveries from './deliveries-service.js';

/** Routes of deliveries (expand: vendor, delivery_items.item); lines: delivery-items-routes.ts. */
export function deliveryRoutes(app: FastifyInstance, ctx: AppContext): void {
  recordRoutes(app, ctx, {
    collection: 'deliveries',
    entity: 'deliveries',
    tag: 'deliveries',
    record: zDelivery,
    list: { query: zDeliveryListQuery, run: deliveries.listDeliveries },
    create: { body: zDeliveryCreate, run: deliveries.createDelivery, idempotent: true },
    get: deliveries.getDelivery,
    update: { body: zDeliveryUpdate, run: deliveries.updateDelivery },
    remove: deliveries.deleteDelivery,
  });
}
