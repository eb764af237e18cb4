import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zListResult, zTag, zTagCreate, zTagListQuery, zTagUpdate } from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { zRecordParams, zSiteParams } from '../../platform/route-params.js';
import * as tags from './tags-service.js';
import { siteScope } from '../../platform/scope.js';

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
    async (req) => tags.listTags(siteScope(req, ctx), req.query),
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
      const { tag, created } = await tags.createTag(siteScope(req, ctx), req.body);
      return reply.status(created ? 201 : 200).send(tag);
    },
  );

  r.get(
    `${base}/:id`,
    {
      config: { access: { auth: 'site', permission: 'canRead' } },
      schema: { tags: tagsDoc, params: zRecordParams, response: { 200: zTag } },
    },
    async (req) => tags.getTag(siteScope(req, ctx), req.params.id),
  );

  r.patch(
    `${base}/:id`,
    {
      config: { access: { auth: 'site', permission: 'canUpdate', entity: 'tags' } },
      schema: { tags: tagsDoc, params: zRecordParams, body: zTagUpdate, response: { 200: zTag } },
    },
    async (req) => tags.updateTag(siteScope(req, ctx), req.params.id, req.body),
  );

  r.delete(
    `${base}/:id`,
    {
      config: { access: { auth: 'site', permission: 'canDelete', entity: 'tags' } },
      schema: { tags: tagsDoc, params: zRecordParams },
    },
    async (req, reply) => {
      await tags.deleteTag(siteScope(req, ctx), req.params.id);
      return reply.status(204).send();
    },
  );
}
