import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zCreditNoteUsage,
  zCreditNoteUsageListQuery,
  zPayment,
  zPaymentAllocation,
  zPaymentAllocationListQuery,
  zPaymentCreate,
  zPaymentListQuery,
  zPaymentUpdate,
  zSubcontractPay,
  zVendorPayables,
  zVendorPayablesQuery,
} from '@siteledger/domain';
import { idempotencyKey } from '../../platform/idempotency.js';
import { payAdvance, payRaBill } from './subcontract-payments.js';
import type { AppContext } from '../../platform/context.js';
import { recordRoutes } from '../../platform/record-routes.js';
import { zRecordParams } from '../../platform/route-params.js';
import { createPayment } from './create-payment.js';
import { editPayment } from './edit-payment.js';
import { vendorPayables } from './payables-service.js';
import * as payments from './payments-service.js';
import * as records from './records-service.js';
import { siteScope } from '../../platform/scope.js';

const financial = { access: { auth: 'site', permission: 'canViewFinancials' } } as const;
const doc = ['payments'];

/** Payments, their allocations and credit-note usage, and the payment form's payables (API.md). */
export function paymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  recordRoutes(app, ctx, {
    collection: 'payments',
    record: zPayment,
    list: { query: zPaymentListQuery, run: payments.listPayments },
    create: { body: zPaymentCreate, run: createPayment },
    get: payments.getPayment,
    update: { body: zPaymentUpdate, run: editPayment },
    remove: payments.deletePayment,
  });
  recordRoutes(app, ctx, {
    collection: 'payment_allocations',
    record: zPaymentAllocation,
    list: { query: zPaymentAllocationListQuery, run: records.listAllocations },
  });
  recordRoutes(app, ctx, {
    collection: 'credit_note_usage',
    record: zCreditNoteUsage,
    list: { query: zCreditNoteUsageListQuery, run: records.listUsage },
  });

  // Paying a subcontractor (issue 43): whoever sees the money, so accountants pay; a supervisor
  // the business keeps from payments does not (issue 47).
  const pays = {
    access: { auth: 'site', permission: 'canViewFinancials', area: 'payments' },
  } as const;
  const paySchema = (summary: string) => ({
    tags: doc,
    summary,
    params: zRecordParams,
    body: zSubcontractPay,
    response: { 201: zPayment },
  });
  r.post(
    '/api/sites/:siteId/ra_bills/:id/pay',
    { config: pays, schema: paySchema('Pay an RA bill from an account (default: what it owes)') },
    async (req, reply) =>
      reply
        .status(201)
        .send(await payRaBill(siteScope(req, ctx), req.params.id, req.body, idempotencyKey(req))),
  );
  r.post(
    '/api/sites/:siteId/work_orders/:id/advance',
    {
      config: pays,
      schema: paySchema("Pay the work order's advance from an account (TDS taken at payment)"),
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await payAdvance(siteScope(req, ctx), req.params.id, req.body, idempotencyKey(req))),
  );
  r.get(
    '/api/sites/:siteId/vendors/:id/payables',
    {
      config: financial,
      schema: {
        tags: doc,
        params: zRecordParams,
        querystring: zVendorPayablesQuery,
        response: { 200: zVendorPayables },
      },
    },
    async (req) => vendorPayables(siteScope(req, ctx), req.params.id, req.query),
  );
}
