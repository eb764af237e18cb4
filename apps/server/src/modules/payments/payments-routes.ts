import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zCreditNoteUsage,
  zCreditNoteUsageListQuery,
  zListResult,
  zPayment,
  zPaymentAllocation,
  zPaymentAllocationListQuery,
  zPaymentCreate,
  zPaymentListQuery,
  zPaymentUpdate,
  zVendorPayables,
  zVendorPayablesQuery,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { expandSet, zRecordParams, zSiteParams } from '../../platform/route-params.js';
import { idempotencyKey } from '../../platform/idempotency.js';
import { createPayment } from './create-payment.js';
import { editPayment } from './edit-payment.js';
import { vendorPayables } from './payables-service.js';
import * as payments from './payments-service.js';
import * as records from './records-service.js';
import { siteScope } from '../../platform/scope.js';

const financial = { access: { auth: 'site', permission: 'canViewFinancials' } } as const;
const can = (permission: 'canCreate' | 'canUpdate' | 'canDelete') =>
  ({ access: { auth: 'site', permission, entity: 'payments' } }) as const;
const zGetQuery = z.object({ expand: z.string().max(200).optional() });
const doc = ['payments'];

/** Payments, their allocations and credit-note usage, and the payment form's payables (API.md). */
export function paymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/sites/:siteId/payments';

  r.get(
    base,
    {
      config: financial,
      schema: {
        tags: doc,
        params: zSiteParams,
        querystring: zPaymentListQuery,
        response: { 200: zListResult(zPayment) },
      },
    },
    async (req) => payments.listPayments(siteScope(req, ctx), req.query),
  );
  r.post(
    base,
    {
      config: can('canCreate'),
      schema: { tags: doc, params: zSiteParams, body: zPaymentCreate, response: { 201: zPayment } },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await createPayment(siteScope(req, ctx), req.body, idempotencyKey(req))),
  );
  r.get(
    `${base}/:id`,
    {
      config: financial,
      schema: {
        tags: doc,
        params: zRecordParams,
        querystring: zGetQuery,
        response: { 200: zPayment },
      },
    },
    async (req) =>
      payments.getPayment(siteScope(req, ctx), req.params.id, expandSet(req.query.expand)),
  );
  r.patch(
    `${base}/:id`,
    {
      config: can('canUpdate'),
      schema: {
        tags: doc,
        params: zRecordParams,
        body: zPaymentUpdate,
        response: { 200: zPayment },
      },
    },
    async (req) => editPayment(siteScope(req, ctx), req.params.id, req.body),
  );
  r.delete(
    `${base}/:id`,
    { config: can('canDelete'), schema: { tags: doc, params: zRecordParams } },
    async (req, reply) => {
      await payments.deletePayment(siteScope(req, ctx), req.params.id);
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/sites/:siteId/payment_allocations',
    {
      config: financial,
      schema: {
        tags: doc,
        params: zSiteParams,
        querystring: zPaymentAllocationListQuery,
        response: { 200: zListResult(zPaymentAllocation) },
      },
    },
    async (req) => records.listAllocations(siteScope(req, ctx), req.query),
  );
  r.get(
    '/api/sites/:siteId/credit_note_usage',
    {
      config: financial,
      schema: {
        tags: doc,
        params: zSiteParams,
        querystring: zCreditNoteUsageListQuery,
        response: { 200: zListResult(zCreditNoteUsage) },
      },
    },
    async (req) => records.listUsage(siteScope(req, ctx), req.query),
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
