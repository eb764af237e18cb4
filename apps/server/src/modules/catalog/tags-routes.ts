import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zTag, zTagCreate, zTagListQuery, zTagUpdate } from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { recordServiceRoutes } from '../../platform/record-routes.js';
import { zSiteParams } from '../../platform/route-params.js';
import * as tags from './tags-service.js';
import { siteScope } from '../../platform/scope.js';

export function tagRoutes(app: FastifyInstance, ctx: AppContext): void {
  recordServiceRoutes(app, ctx, tags.tags, {
    record: zTag,
    query: zTagListQuery,
    update: zTagUpdate,
  });

  // A create that finds the tag it would duplicate answers it with 200 instead of 201.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/sites/:siteId/tags',
    {
      config: { access: { auth: 'site', permission: 'canCreate', entity: 'tags' } },
      schema: {
        tags: ['tags'],
        params: zSiteParams,
        body: zTagCreate,
        response: { 200: zTag, 201: zTag },
      },
    },
    async (req, reply) => {
      const { tag, created } = await tags.createTag(siteScope(req, ctx), req.body);
      return reply.status(created ? 201 : 200).send(tag);
    },
  );
}
