import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  hasPermission,
  zAccountStatementQuery,
  zTallyExportQuery,
  zTallyLastExport,
  zVendorExportQuery,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { zRecordParams, zSiteParams } from '../../platform/route-params.js';
import { siteScope, type SiteScope } from '../../platform/scope.js';
import { sendDownload } from '../../platform/send-download.js';
import { accountStatement, vendorExport } from './exports-service.js';
import { lastTallyExport, siteTallyExport } from './tally/tally-service.js';

/** Exports need canExport (declared on the route); what they show is money, so financials too. */
export function requireFinancials(req: FastifyRequest, ctx: AppContext): SiteScope {
  const scope = siteScope(req, ctx);
  if (!hasPermission(scope.role, 'canViewFinancials')) throw new AppError('PERMISSION_DENIED');
  return scope;
}

/** GET …/vendors/{id}/export and …/accounts/{id}/statement: files streamed as they are made. */
export function exportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/sites/:siteId/vendors/:id/export',
    {
      config: { access: { auth: 'site', permission: 'canExport', entity: 'vendors' } },
      schema: {
        tags: ['vendors'],
        summary: "The vendor's ledger as CSV, PDF, Tally XML or Excel (XLSX)",
        params: zRecordParams,
        querystring: zVendorExportQuery,
      },
    },
    async (req, reply) =>
      sendDownload(
        reply,
        await vendorExport(requireFinancials(req, ctx), req.params.id, req.query),
      ),
  );
  r.get(
    '/api/sites/:siteId/accounts/:id/statement',
    {
      config: { access: { auth: 'site', permission: 'canExport', entity: 'accounts' } },
      schema: {
        tags: ['accounts'],
        summary: "The account's statement for a period as CSV, PDF or Excel (XLSX)",
        params: zRecordParams,
        querystring: zAccountStatementQuery,
      },
    },
    async (req, reply) =>
      sendDownload(
        reply,
        await accountStatement(requireFinancials(req, ctx), req.params.id, req.query),
      ),
  );
  // The site-wide Tally file (all suppliers, one period) and the last one made, for its dialog.
  r.get(
    '/api/sites/:siteId/exports/tally',
    {
      config: { access: { auth: 'site', permission: 'canExport', entity: 'vendors' } },
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
      config: { access: { auth: 'site', permission: 'canExport', entity: 'vendors' } },
      schema: {
        tags: ['exports'],
        summary: 'The last site-wide Tally export: its period, when and by whom',
        params: zSiteParams,
        response: { 200: zTallyLastExport },
      },
    },
    async (req) => lastTallyExport(requireFinancials(req, ctx)),
  );
}
