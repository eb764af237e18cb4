import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zPurchaseRegister, zPurchaseRegisterQuery } from '@siteledger/domain';
import type { AppContext } from '../../../platform/context.js';
import { zSiteParams } from '../../../platform/route-params.js';
import { sendDownload } from '../../../platform/send-download.js';
import { requireFinancials } from '../exports-routes.js';
import { formatDownload } from '../../../documents/download.js';
import { registerCsv, registerPdf, registerXlsx } from './register-files.js';
import { loadRegister, registerJson } from './register-service.js';

/** GET …/reports/purchase-register (API.md "GST"): JSON, or a CSV, PDF or Excel file. */
export function registerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/sites/:siteId/reports/purchase-register',
    {
      config: { access: { auth: 'site', permission: 'canExport', entity: 'deliveries' } },
      schema: {
        tags: ['reports'],
        summary: 'Purchases of a period with GST per bill and rate, totals per rate, GSTR-3B 4',
        params: zSiteParams,
        querystring: zPurchaseRegisterQuery,
        response: { 200: zPurchaseRegister },
      },
    },
    async (req, reply) => {
      // Money of the whole site: the roles that see financials.
      const scope = requireFinancials(req, ctx);
      const data = await loadRegister(scope, req.query);
      const format = req.query.format;
      if (format === 'json') return registerJson(data);
      const onError = (error: unknown) =>
        ctx.logger.error({ err: error }, 'purchase register failed while streaming');
      const body =
        format === 'csv'
          ? registerCsv(data)
          : format === 'pdf'
            ? registerPdf(data, onError)
            : registerXlsx(data, onError);
      const file = formatDownload(
        format,
        {
          prefix: 'purchase-register',
          name: data.siteName,
          suffix: `${data.from}_${data.to}`,
          fallbackName: 'site',
        },
        body,
      );
      // The 200 schema describes the JSON answer; a file is a stream Fastify sends unserialised.
      return sendDownload(reply as unknown as FastifyReply, file);
    },
  );
}
