import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zListResult, zTag, zTagCreate, zTagListQuery, zTagUpdate } from '@siteledger/domain';
import { currentSite, currentUser } from '../../platform/access.js';
import type { AppContext } from '../../platform/context.js';
import { zRecordParams, zSiteParams } from '../../platform/route-params.js';
import * as tags from './tags-service.js';

const tagsDoc = ['tags'];

export function tagRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/sites/:siteId/tags';

  r.get(
    base,
    {
      config: { access: { auth: 'site', permission: 'canRead' } },
      schema: {
        tags: tagsDoc,
        params: zSiteParams,
        querystring: zTagListQuery,
        response: { 200: zListResult(zTag) },
      },
    },
    async (req) => tags.listTags(ctx, currentSite(req).siteId, req.query),
  );

  r.post(
    base,
    {
      config: { access: { auth: 'site', permission: 'canCreate', entity: 'tags' } },
      schema: {
        tags: tagsDoc,
        params: zSiteParams,
        body: zTagCreate,
        response: { 200: zTag, 201: zTag },
      },
    },
    async (req, reply) => {
      const { tag, created } = await tags.createTag(
        ctx,
        currentSite(req).siteId,
        currentUser(req).user.id,
        req.body,
      );
      return reply.status(created ? 201 : 200).send(tag);
    },
  );

  r.get(
    `${base}/:id`,
    {
      config: { access: { auth: 'site', permission: 'canRead' } },
      schema: { tags: tagsDoc, params: zRecordParams, response: { 200: zTag } },
    },
    async (req) => tags.getTag(ctx, currentSite(req).siteId, req.params.id),
  );

  r.patch(
    `${base}/:id`,
    {
      config: { access: { auth: 'site', permission: 'canUpdate', entity: 'tags' } },
      schema: { tags: tagsDoc, params: zRecordParams, body: zTagUpdate, response: { 200: zTag } },
    },
    async (req) => tags.updateTag(ctx, currentSite(req).siteId, req.params.id, req.body),
  );

  r.delete(
    `${base}/:id`,
    {
      config: { access: { auth: 'site', permission: 'canDelete', entity: 'tags' } },
      schema: { tags: tagsDoc, params: zRecordParams },
    },
    async (req, reply) => {
      await tags.deleteTag(ctx, currentSite(req).siteId, req.params.id);
      return reply.status(204).send();
    },
  );
}
