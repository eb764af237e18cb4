import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUDIT_ENTITIES,
  zAuditEntry,
  zAuditListQuery,
  zListQuery,
  zListResult,
} from '@siteledger/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { zSiteParams } from '../../platform/route-params.js';
import * as audit from './audit-service.js';
import { siteScope } from '../../platform/scope.js';

const doc = ['audit'];

export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/sites/:siteId/audit',
    {
      config: { access: { auth: 'site', ownerOnly: 'see the activity log' } },
      schema: {
        tags: doc,
        params: zSiteParams,
        querystring: zAuditListQuery,
        response: { 200: zListResult(zAuditEntry) },
      },
    },
    async (req) => audit.siteActivity(siteScope(req, ctx), req.query),
  );

  r.get(
    '/api/sites/:siteId/audit/:entity/:recordId',
    {
      config: { access: { auth: 'site', permission: 'canRead' } },
      schema: {
        tags: doc,
        params: zSiteParams.extend({
          entity: z.enum(AUDIT_ENTITIES),
          recordId: z.string().min(1).max(40),
        }),
        querystring: zListQuery.pick({ page: true, perPage: true, skipTotal: true }),
        response: { 200: zListResult(zAuditEntry) },
      },
    },
    async (req) =>
      audit.recordHistory(siteScope(req, ctx), req.params.entity, req.params.recordId, req.query),
  );
}
