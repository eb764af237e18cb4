import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zBudgetLine,
  zBudgetLineCreate,
  zBudgetLineListQuery,
  zBudgetLineUpdate,
  zBudgetOverview,
  zBudgetReport,
  zBudgetReportQuery,
} from '@siteledger/domain';
import { currentUser } from '../../platform/access.js';
import type { AppContext } from '../../platform/context.js';
import { recordServiceRoutes } from '../../platform/record-routes.js';
import { zSiteParams } from '../../platform/route-params.js';
import { siteScope } from '../../platform/scope.js';
import { sendDownload } from '../../platform/send-download.js';
import { budgetOverview } from './budget-overview.js';
import { budgetImportRoutes } from './budget-import-routes.js';
import { budgetReport } from './budget-report.js';
import { budgetReportDownload } from './budget-report-download.js';
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
    '/api/reports/budget_overview',
    {
      schema: {
        tags: ['reports'],
        summary: 'Every site the caller owns, one row each: budget, committed, actual, variance',
        response: { 200: zBudgetOverview },
      },
    },
    async (req) => budgetOverview(ctx.db.kysely, currentUser(req).user.id),
  );
  r.get(
    '/api/sites/:siteId/reports/budget',
    {
      config: {
        access: {
          auth: 'site',
          permission: 'canExport',
          entity: 'budget lines',
          // The report is money: a supervisor sees the budget's quantities on the page, if allowed.
          deniedTo: ['supervisor'],
        },
      },
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
      const format = req.query.format ?? 'json';
      if (format === 'json') return report;
      const file = await budgetReportDownload(scope, report, format);
      return sendDownload(reply as unknown as FastifyReply, file);
    },
  );
  budgetImportRoutes(app, ctx);
}
