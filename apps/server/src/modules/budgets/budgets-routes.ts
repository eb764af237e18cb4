import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zBudgetLine,
  zBudgetLineCreate,
  zBudgetLineListQuery,
  zBudgetLineUpdate,
  zBudgetReport,
  zBudgetReportQuery,
} from '@siteledger/domain';
import { formatDownload } from '../../documents/download.js';
import type { AppContext } from '../../platform/context.js';
import { recordServiceRoutes } from '../../platform/record-routes.js';
import { zSiteParams } from '../../platform/route-params.js';
import { siteScope } from '../../platform/scope.js';
import { sendDownload } from '../../platform/send-download.js';
import { budgetCsv, budgetReport } from './budget-report.js';
import { budgetLines } from './budgets-service.js';

/** Budget lines and the budget report (API.md "Budgets"). */
export function budgetRoutes(app: FastifyInstance, ctx: AppContext): void {
  recordServiceRoutes(app, ctx, budgetLines, {
    record: zBudgetLine,
    query: zBudgetLineListQuery,
    create: zBudgetLineCreate,
    update: zBudgetLineUpdate,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/sites/:siteId/reports/budget',
    {
      config: { access: { auth: 'site', permission: 'canExport', entity: 'budget lines' } },
      schema: {
        tags: ['reports'],
        summary: 'Budget against committed against actual, per line and in total',
        params: zSiteParams,
        querystring: zBudgetReportQuery,
        response: { 200: zBudgetReport },
      },
    },
    async (req, reply) => {
      const scope = siteScope(req, ctx);
      const report = await budgetReport(scope);
      if ((req.query.format ?? 'json') === 'json') return report;
      const file = formatDownload(
        'csv',
        { prefix: 'budget', name: '', suffix: '', fallbackName: 'site' },
        budgetCsv(report),
      );
      return sendDownload(reply as unknown as FastifyReply, file);
    },
  );
}
