import { hasPermission } from '@siteledger/domain';
import { AppError } from '../../../platform/errors.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.js';
import { zRecordParams, zSiteParams } from '../../../platform/route-params.js';
import { siteScope } from '../../../platform/scope.js';
import { sendDownload } from '../../../platform/send-download.js';
import { musterRollDownload, wageRegisterDownload, wageSlipsDownload } from './labour-downloads.js';

const tags = ['labour'];
/** The muster roll shows no money: anyone who may read the site (supervisors mark it). */
/** Reports are exports (spec part 6); the wage register is money as well (checked in the handler). */
const canExport = {
  access: { auth: 'site', permission: 'canExport', entity: 'attendance' },
} as const;
/** Wages are money: the roles that read wage sheets. */
const canViewWages = {
  access: { auth: 'site', permission: 'canViewFinancials', entity: 'wage sheets' },
} as const;

const zMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use the format YYYY-MM')
  .describe('The calendar month, YYYY-MM');
const zFormat = z.enum(['pdf', 'xlsx']);

export const zMusterRollQuery = z.object({ month: zMonth, format: zFormat });
/** The month's sheets (those whose period ends in it), or one sheet's period. */
export const zWageRegisterQuery = z
  .object({
    month: zMonth.optional(),
    sheet: z.string().min(1).max(40).optional().describe('A wage sheet id, instead of month'),
    format: zFormat,
  })
  .refine((q) => (q.month === undefined) !== (q.sheet === undefined), {
    path: ['month'],
    message: 'Give either month or sheet',
  });
export const zWageSlipsQuery = z.object({
  worker: z.string().min(1).max(40).optional().describe("Only this worker's slip"),
});

/** The labour documents: the muster roll, the wage register and the wage slips. */
export function labourDocumentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/sites/:siteId/reports/muster_roll',
    {
      config: canExport,
      schema: {
        tags,
        summary: "The month's muster roll (Form XVI) as a PDF or an Excel file",
        params: zSiteParams,
        querystring: zMusterRollQuery,
      },
    },
    async (req, reply) => {
      const scope = siteScope(req, ctx);
      const file = await musterRollDownload(scope, req.query.month, req.query.format);
      return sendDownload(reply as unknown as FastifyReply, file);
    },
  );
  r.get(
    '/api/sites/:siteId/reports/wage_register',
    {
      config: canExport,
      schema: {
        tags,
        summary: "The wage register (Form XVII) of a month's wage sheets, or of one sheet",
        params: zSiteParams,
        querystring: zWageRegisterQuery,
      },
    },
    async (req, reply) => {
      const { format, month, sheet } = req.query;
      const scope = siteScope(req, ctx);
      if (!hasPermission(scope.role, 'canViewFinancials')) throw new AppError('PERMISSION_DENIED');
      const file = await wageRegisterDownload(scope, { month, sheet }, format);
      return sendDownload(reply as unknown as FastifyReply, file);
    },
  );
  r.get(
    '/api/sites/:siteId/wage_sheets/:id/slips.pdf',
    {
      config: canViewWages,
      schema: {
        tags,
        summary: "A wage sheet's slips, one per worker (three to an A4 page), as a PDF",
        params: zRecordParams,
        querystring: zWageSlipsQuery,
      },
    },
    async (req, reply) => {
      const scope = siteScope(req, ctx);
      const file = await wageSlipsDownload(scope, req.params.id, req.query.worker);
      return sendDownload(reply as unknown as FastifyReply, file);
    },
  );
}
