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
import { createSiteMemo } from '../../platform/site-memo.js';
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
  // The report's JSON as sent, kept until the site changes (any write that moves a line's figures
  // is a write to the site): ten readers of a large budget do not each shape and serialise it.
  const memo = createSiteMemo<string>(ctx.siteChanges, {
    enabled: ctx.config.siteReadCache,
    maxEntries: 64,
  });
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
      const format = req.query.format ?? 'json';
      if (format === 'json') {
        const json = await memo.get(scope.siteId, 'budget-report', async () =>
          JSON.stringify(await budgetReport(scope)),
        );
        return (reply as unknown as FastifyReply)
          .type('application/json; charset=utf-8')
          .send(json);
      }
      const report = await budgetReport(scope);
      const file = await budgetReportDownload(scope, report, format);
      return sendDownload(reply as unknown as FastifyReply, file);
    },
  );
  budgetImportRoutes(app, ctx);
}
