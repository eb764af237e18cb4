import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zTdsChallan,
  zTdsChallanCreate,
  zTdsChallanListQuery,
  zTdsChallanUpdate,
  zTdsReport,
  zTdsReportQuery,
} from '@siteledger/domain';
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
}
