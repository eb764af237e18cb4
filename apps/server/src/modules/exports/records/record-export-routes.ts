import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  exportedTypes,
  LIST_EXPORT_FORMATS,
  ruleAreaOf,
  zListQuery,
  type RecordTypeDef,
} from '@siteledger/domain';
import type { AppContext } from '../../../platform/context.js';
import { zSiteParams } from '../../../platform/route-params.js';
import { siteScope } from '../../../platform/scope.js';
import { sendDownload } from '../../../platform/send-download.js';
import { recordExport, type RecordExportQuery } from './record-export.js';

/**
 * The export's query, from the entry's `list`: the format, the sort, `q` where the list searches,
 * `from`/`to` where it has a date, and its equality filters (compared as text, like the list).
 */
export function zRecordExportQuery(type: RecordTypeDef) {
  const list = type.list;
  const { sort, q, from, to } = zListQuery.shape;
  const filters = Object.fromEntries(
    (list?.filters ?? []).map((field) => [field, z.string().max(200).optional()]),
  );
  return z.object({
    format: z.enum(LIST_EXPORT_FORMATS),
    sort,
    ...(list?.search?.length ? { q } : {}),
    ...(list?.date ? { from, to } : {}),
    ...filters,
  });
}

/**
 * `GET /api/sites/{siteId}/<collection>/export?format=csv|xlsx` for every record type whose
 * entry lets its list be downloaded (issue 41): whoever may read the list may download it.
 */
export function recordExportRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const type of exportedTypes()) {
    const area = ruleAreaOf(type.collection);
    app.get<{ Querystring: RecordExportQuery }>(
      `/api/sites/:siteId/${type.collection}/export`,
      {
        config: {
          access: {
            auth: 'site',
            permission: type.permissions.read,
            entity: type.entity,
            ...(area ? { area } : {}),
          },
        },
        schema: {
          tags: [type.tag],
          summary: `The ${type.entity} list as CSV or Excel (XLSX), with the list's filters`,
          params: zSiteParams,
          querystring: zRecordExportQuery(type),
        },
      },
      async (req, reply) =>
        sendDownload(reply, await recordExport(siteScope(req, ctx), type, req.query)),
    );
  }
}
