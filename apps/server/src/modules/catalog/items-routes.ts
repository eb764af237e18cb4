import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zItem, zItemCreate, zItemListQuery, zItemUpdate, zItemStats } from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { recordServiceRoutes } from '../../platform/record-routes.js';
import { zRecordParams } from '../../platform/route-params.js';
import { siteScope } from '../../platform/scope.js';
import * as items from './items-service.js';

/** Routes of items (expand: tags), and an item's figures for its page. */
export function itemRoutes(app: FastifyInstance, ctx: AppContext): void {
  recordServiceRoutes(app, ctx, items.items, {
    record: zItem,
    query: zItemListQuery,
    create: zItemCreate,
    update: zItemUpdate,
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/sites/:siteId/items/:id/stats',
    {
      config: { access: { auth: 'site', permission: 'canRead' } },
      schema: { tags: ['items'], params: zRecordParams, response: { 200: zItemStats } },
    },
    async (req) => items.itemStats(siteScope(req, ctx), req.params.id),
  );
}
