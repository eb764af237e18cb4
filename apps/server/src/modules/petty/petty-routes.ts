import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zImprest,
  zImprestCreate,
  zImprestListQuery,
  zImprestReplenish,
  zImprestUpdate,
  zPettyExpense,
  zPettyExpenseCreate,
  zPettyExpenseListQuery,
  zPettyExpenseUpdate,
  zPettyReject,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { recordServiceRoutes } from '../../platform/record-routes.js';
import { zRecordParams } from '../../platform/route-params.js';
import { siteScope } from '../../platform/scope.js';
import { approveExpense, expenses, rejectExpense } from './expenses-service.js';
import { imprests, replenishImprest } from './imprests-service.js';

/** Petty cash (API.md "Petty cash"): imprests, their expenses, decisions and replenishment. */
export function pettyRoutes(app: FastifyInstance, ctx: AppContext): void {
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
