import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zImprest,
  zImprestCreate,
  zImprestListQuery,
  zImprestReplenish,
  zImprestStatement,
  zImprestStatementQuery,
  zImprestUpdate,
  zPettyByHead,
  zPettyByHeadQuery,
  zPettyExpense,
  zPettyExpenseCreate,
  zPettyExpenseListQuery,
  zPettyExpenseUpdate,
  zPettyReject,
  type ImprestStatement,
} from '@siteledger/domain';
import type { Download } from '../../documents/download.js';
import type { AppContext } from '../../platform/context.js';
import { recordServiceRoutes } from '../../platform/record-routes.js';
import { zRecordParams, zSiteParams } from '../../platform/route-params.js';
import { siteScope } from '../../platform/scope.js';
import { approveExpense, expenses, rejectExpense } from './expenses-service.js';
import { imprests, replenishImprest } from './imprests-service.js';
import { imprestStatement, pettyByHead } from './petty-statement.js';
import { sendDownload } from '../../platform/send-download.js';
import type { SiteScope } from '../../platform/scope.js';

/** The statement's PDF and Excel writer (the exports module's, handed over by app.ts). */
export type StatementFiles = (
  scope: SiteScope,
  statement: ImprestStatement,
  format: 'pdf' | 'xlsx',
) => Promise<Download>;

/** Petty cash (API.md "Petty cash"): imprests, their expenses, decisions and replenishment. */
export function pettyRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  statementFiles: StatementFiles,
): void {
  recordServiceRoutes(app, ctx, imprests, {
    record: zImprest,
    query: zImprestListQuery,
    create: zImprestCreate,
    update: zImprestUpdate,
  });
  recordServiceRoutes(app, ctx, expenses, {
    record: zPettyExpense,
    query: zPettyExpenseListQuery,
    create: zPettyExpenseCreate,
    update: zPettyExpenseUpdate,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/sites/:siteId/imprests/:id/replenish',
    {
      config: {
        access: {
          auth: 'site',
          permission: 'canViewFinancials',
          entity: 'imprests',
          // Accountants and owners refill the cash; a holder does not refill his own.
          deniedTo: ['supervisor'],
        },
      },
      schema: {
        tags: ['imprests'],
        summary: 'Debit the account what was approved since the last replenishment',
        params: zRecordParams,
        body: zImprestReplenish,
        response: { 200: zImprest },
      },
    },
    async (req) => replenishImprest(siteScope(req, ctx), req.params.id, req.body),
  );
  r.get(
    '/api/sites/:siteId/imprests/:id/statement',
    {
      config: { access: { auth: 'site', permission: 'canViewFinancials', entity: 'imprests' } },
      schema: {
        tags: ['imprests'],
        summary: "The holder's statement: cash given, spent and refilled, with the balance",
        description: 'JSON, or the file with `format=pdf|xlsx`.',
        params: zRecordParams,
        querystring: zImprestStatementQuery,
        response: { 200: zImprestStatement },
      },
    },
    async (req, reply) => {
      const scope = siteScope(req, ctx);
      const statement = await imprestStatement(scope, req.params.id, req.query);
      const format = req.query.format ?? 'json';
      if (format === 'json') return statement;
      return sendDownload(reply, await statementFiles(scope, statement, format));
    },
  );
  r.get(
    '/api/sites/:siteId/petty_expenses/by_head',
    {
      config: {
        access: { auth: 'site', permission: 'canRead', entity: 'petty_expenses' },
      },
      schema: {
        tags: ['petty_expenses'],
        summary: 'Approved and pending petty spend per cost head over a period',
        params: zSiteParams,
        querystring: zPettyByHeadQuery,
        response: { 200: zPettyByHead },
      },
    },
    async (req) => pettyByHead(siteScope(req, ctx), req.query),
  );
  const decision = (what: string) =>
    ({ access: { auth: 'site', ownerOnly: `${what} petty expenses` } }) as const;
  const one = { tags: ['petty_expenses'], params: zRecordParams, response: { 200: zPettyExpense } };
  r.post(
    '/api/sites/:siteId/petty_expenses/:id/approve',
    { config: decision('approve'), schema: { ...one, summary: 'Approve a pending expense' } },
    async (req) => approveExpense(siteScope(req, ctx), req.params.id),
  );
  r.post(
    '/api/sites/:siteId/petty_expenses/:id/reject',
    {
      config: decision('reject'),
      schema: { ...one, summary: 'Reject a pending expense, with a reason', body: zPettyReject },
    },
    async (req) => rejectExpense(siteScope(req, ctx), req.params.id, req.body),
  );
}
