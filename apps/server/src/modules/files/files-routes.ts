import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FILE_COLLECTIONS, zFileList, zFileUploadResult } from '@siteledger/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { FileStore } from '../../platform/files.js';
import { zRecordParams } from '../../platform/route-params.js';
import { idempotencyKey } from '../../platform/idempotency.js';
import { readUploads } from './read-uploads.js';
import * as service from './files-service.js';
import { siteScope } from '../../platform/scope.js';

const doc = ['files'];
const zName = z.string().min(1).max(60);

/** Uploads and downloads of record files (API.md "Files"). */
export function fileRoutes(app: FastifyInstance, ctx: AppContext, files: FileStore): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const collection of FILE_COLLECTIONS) {
    const base = `/api/sites/:siteId/${collection}/:id/files`;
    const update = {
      access: { auth: 'site', permission: 'canUpdate', entity: collection },
    } as const;

    r.post(
      base,
      {
        config: update,
        schema: {
          tags: doc,
          consumes: ['multipart/form-data'],
          params: zRecordParams,
          response: { 200: zFileUploadResult },
        },
      },
      async (req) => {
        const uploads = await readUploads(req, ctx.config.maxUploadMb);
        return service.addFiles(
          siteScope(req, ctx),
          files,
          collection,
          req.params.id,
          uploads,
          idempotencyKey(req),
        );
      },
    );

    r.delete(
      `${base}/:name`,
      {
        config: update,
        schema: {
          tags: doc,
          params: zRecordParams.extend({ name: zName }),
          response: { 200: zFileList },
        },
      },
      async (req) =>
        service.removeFile(siteScope(req, ctx), files, collection, req.params.id, req.params.name),
    );
  }

  // Any active member may read: every role has canRead on every collection that holds files.
  r.get(
    '/api/files/:siteId/:name',
    {
      config: { access: { auth: 'site', permission: 'canRead' } },
      schema: { tags: doc, params: z.object({ siteId: z.string().min(1).max(40), name: zName }) },
    },
    async (req, reply) => {
      const file = await service.openFile(siteScope(req, ctx), files, req.params.name);
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );
}
