import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { zRecordParams } from '../../platform/route-params.js';
import { siteScope } from '../../platform/scope.js';
import { sendDownload } from '../../platform/send-download.js';
import { workOrderStatementDownload } from './statement-files.js';
import { workOrderDownload } from './wo-download.js';

const tags = ['work orders'];
const canExport = {
  access: { auth: 'site', permission: 'canExport', entity: 'work orders' },
} as const;

/** `?inline=1`: shown in the browser's tab instead of saved (as the purchase order's PDF). */
export const zWorkOrderPdfQuery = z.object({ inline: z.enum(['0', '1']).optional() });
export const zWorkOrderStatementExportQuery = z.object({ format: z.enum(['pdf', 'xlsx']) });

/** The work order's documents: the PDF the subcontractor signs, the statement as PDF or Excel. */
export function workOrderDocumentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/sites/:siteId/work_orders/:id';
  r.get(
    `${base}/pdf`,
    {
      config: canExport,
      schema: {
        tags,
        summary: 'The work order as a PDF for the subcontractor to sign',
        params: zRecordParams,
        querystring: zWorkOrderPdfQuery,
      },
    },
    async (req, reply) => {
      const file = await workOrderDownload(siteScope(req, ctx), req.params.id);
      const disposition =
        req.query.inline === '1'
          ? file.disposition.replace(/^attachment/, 'inline')
          : file.disposition;
      return sendDownload(reply as unknown as FastifyReply, { ...file, disposition });
    },
  );
  r.get(
    `${base}/statement/export`,
    {
      config: canExport,
      schema: {
        tags,
        summary: "The work order's statement as a PDF or an Excel file",
        params: zRecordParams,
        querystring: zWorkOrderStatementExportQuery,
      },
    },
    async (req, reply) => {
      const scope = siteScope(req, ctx);
      const file = await workOrderStatementDownload(scope, req.params.id, req.query.format);
      return sendDownload(reply as unknown as FastifyReply, file);
    },
  );
}
