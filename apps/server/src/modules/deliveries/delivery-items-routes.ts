import type { FastifyInstance } from 'fastify';
import {
  zDeliveryItem,
  zDeliveryItemCreate,
  zDeliveryItemListQuery,
  zDeliveryItemUpdate,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { recordRoutes } from '../../platform/record-routes.js';
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
    remove: lines.deleteDeliveryItem,
  });
}
