import type { FastifyInstance } from 'fastify';
import { zItem, zItemCreate, zItemListQuery, zItemUpdate, zItemStats } from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { recordServiceRoutes } from '../../platform/record-routes.js';
import * as items from './items-service.js';

/** Routes of items (expand: tags), and an item's figures for its page. */
export function itemRoutes(app: FastifyInstance, ctx: AppContext): void {
  recordServiceRoutes(app, ctx, items.items, {
    record: zItem,
    query: zItemListQuery,
    create: zItemCreate,
    update: zItemUpdate,
    stats: { response: zItemStats, run: items.itemStats },
  });
}
