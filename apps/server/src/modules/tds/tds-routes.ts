import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zTdsChallan,
  zTdsChallanCreate,
  zTdsChallanListQuery,
  zTdsChallanUpdate,
  zTdsCertificates,
  zTdsQuarterQuery,
  zTdsReport,
  zTdsReportQuery,
} from '@siteledger/domain';
import { contentDisposition } from '../../documents/download.js';
import { tds26qCsv, tdsCertificates } from './tds-quarter.js';
import { recordServiceRoutes } from '../../platform/record-routes.js';
import { challans } from './challans-service.js';
import { formatDownload } from '../../documents/download.js';
import type { AppContext } from '../../platform/context.js';
import { zSiteParams } from '../../platform/route-params.js';
import { sendDownload } from '../../platform/send-download.js';
import { hasPermission } from '@siteledger/domain';
import { AppError } from '../../platform/errors.js';
import { siteScope } from '../../platform/scope.js';
import { loadTds, tdsCsv, tdsJson, tdsXlsx } from './tds-report.js';

/** GET …/reports/tds (API.md "TDS"): JSON, or a CSV or Excel file. */
export function tdsRoutes(app: FastifyInstance, ctx: AppContext): void {
  recordServiceRoutes(app, ctx, challans, {
    record: zTdsChallan,
    query: zTdsChallanListQuery,
    create: zTdsChallanCreate,
    update: zTdsChallanUpdate,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/sites/:siteId/reports/tds',
    {
      config: { access: { auth: 'site', permission: 'canExport', entity: 'deliveries' } },
      schema: {
        tags: ['reports'],
        summary: 'TDS deducted in a period: one row per credit, totals per section',
        params: zSiteParams,
        querystring: zTdsReportQuery,
        response: { 200: zTdsReport },
      },
    },
    async (req, reply) => {
      // Money of the whole site: the roles that see financials.
      const scope = siteScope(req, ctx);
      if (!hasPermission(scope.role, 'canViewFinancials')) throw new AppError('PERMISSION_DENIED');
      const data = await loadTds(scope, req.query);
      const format = req.query.format ?? 'json';
      if (format === 'json') return tdsJson(data);
      const onError = (error: unknown) =>
        ctx.logger.error({ err: error }, 'TDS report failed while streaming');
      const body = format === 'csv' ? tdsCsv(data) : tdsXlsx(data, onError);
      const file = formatDownload(
        format,
        {
          prefix: 'tds',
          name: data.siteName,
          suffix: `${data.from}_${data.to}`,
          fallbackName: 'site',
        },
        body,
      );
      return sendDownload(reply as unknown as FastifyReply, file);
    },
  );
  // A quarter's return is the owner's (it spans the owner's sites of the TAN).
  const quarter = { access: { auth: 'site', ownerOnly: 'file TDS returns' } } as const;
  r.get(
    '/api/sites/:siteId/reports/tds-26q',
    {
      config: quarter,
      schema: {
        tags: ['reports'],
        summary:
          "A quarter's deductions as Form 26Q's deductee details (CSV), over the TAN's sites",
        params: zSiteParams,
        querystring: zTdsQuarterQuery,
      },
    },
    async (req, reply) => {
      const file = await tds26qCsv(siteScope(req, ctx), req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          contentDisposition('form-26q', file.tan ?? 'site', file.quarter, 'csv', 'tan'),
        )
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
  r.get(
    '/api/sites/:siteId/reports/tds-certificates',
    {
      config: quarter,
      schema: {
        tags: ['reports'],
        summary: "A quarter's figures per deductee and section for the TDS certificates (Form 16A)",
        params: zSiteParams,
        querystring: zTdsQuarterQuery,
        response: { 200: zTdsCertificates },
      },
    },
    async (req) => tdsCertificates(siteScope(req, ctx), req.query),
  );
}
