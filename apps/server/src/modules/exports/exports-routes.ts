import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  hasPermission,
  zAccountStatementQuery,
  zTallyExportQuery,
  zTallyLastExport,
  zVendorExportQuery,
} from '@siteledger/domain';
import type { z } from 'zod';
import type { Download } from '../../documents/download.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { zRecordParams, zSiteParams } from '../../platform/route-params.js';
import { siteScope, type SiteScope } from '../../platform/scope.js';
import { sendDownload } from '../../platform/send-download.js';
import { accountStatement, vendorExport } from './exports-service.js';
import { recordExportRoutes } from './records/record-export-routes.js';
import { lastTallyExport, siteTallyExport } from './tally/tally-service.js';

/** Exports need canExport (declared on the route); what they show is money, so financials too. */
export function requireFinancials(req: FastifyRequest, ctx: AppContext): SiteScope {
  const scope = siteScope(req, ctx);
  if (!hasPermission(scope.role, 'canViewFinancials')) throw new AppError('PERMISSION_DENIED');
  return scope;
}

type ZodApp = ReturnType<typeof withZod>;

function withZod(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

/** A record's file (a vendor's ledger, an account's statement): canExport, financials, streamed. */
function recordDownload<Q extends z.ZodType>(
  r: ZodApp,
  ctx: AppContext,
  path: string,
  route: {
    entity: 'vendors' | 'accounts';
    summary: string;
    querystring: Q;
    make: (scope: SiteScope, id: string, query: z.output<Q>) => Promise<Download>;
  },
): void {
  r.get(
    path,
    {
      config: {
        access: {
          auth: 'site',
          permission: 'canExport',
          entity: route.entity,
          // An account's statement is its balance, a vendor's ledger lists its payments (issue
          // 47: hidden from supervisors if the owner so set).
          area: route.entity === 'accounts' ? 'accounts' : 'payments',
        },
      },
      schema: {
        tags: [route.entity],
        summary: route.summary,
        params: zRecordParams,
        querystring: route.querystring,
      },
    },
    async (req, reply) => {
      // Validated against `route.querystring`; the provider's type of it stays unresolved for a generic Q.
      const query = req.query as z.output<Q>;
      return sendDownload(
        reply,
        await route.make(requireFinancials(req, ctx), req.params.id, query),
      );
    },
  );
}

/** GET …/vendors/{id}/export and …/accounts/{id}/statement: files streamed as they are made. */
export function exportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = withZod(app);
  recordDownload(r, ctx, '/api/sites/:siteId/vendors/:id/export', {
    entity: 'vendors',
    summary: "The vendor's ledger as CSV, PDF, Tally XML or Excel (XLSX)",
    querystring: zVendorExportQuery,
    make: vendorExport,
  });
  recordDownload(r, ctx, '/api/sites/:siteId/accounts/:id/statement', {
    entity: 'accounts',
    summary: "The account's statement for a period as CSV, PDF or Excel (XLSX)",
    querystring: zAccountStatementQuery,
    make: accountStatement,
  });
  // The site-wide Tally file (all suppliers, one period) and the last one made, for its dialog.
  r.get(
    '/api/sites/:siteId/exports/tally',
    {
      config: {
        // The Tally file carries the payments (issue 47: hidden from supervisors if so set).
        access: { auth: 'site', permission: 'canExport', entity: 'vendors', area: 'payments' },
      },
      schema: {
        tags: ['exports'],
        summary: "All the site's suppliers as one TallyPrime import file for a period",
        params: zSiteParams,
        querystring: zTallyExportQuery,
      },
    },
    async (req, reply) =>
      sendDownload(reply, await siteTallyExport(requireFinancials(req, ctx), req.query)),
  );
  r.get(
    '/api/sites/:siteId/exports/tally/last',
    {
      config: {
        // The Tally file carries the payments (issue 47: hidden from supervisors if so set).
        access: { auth: 'site', permission: 'canExport', entity: 'vendors', area: 'payments' },
      },
      schema: {
        tags: ['exports'],
        summary: 'The last site-wide Tally export: its period, when and by whom',
        params: zSiteParams,
        response: { 200: zTallyLastExport },
      },
    },
    async (req) => lastTallyExport(requireFinancials(req, ctx)),
  );
  // Every record type's list as CSV or XLSX, from the registry.
  recordExportRoutes(app, ctx);
}
