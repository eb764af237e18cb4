import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zId,
  zListResult,
  zOrderIssue,
  zPurchaseOrder,
  zPurchaseOrderAdvanceCreate,
  zPurchaseOrderAdvances,
  zPurchaseOrderCreate,
  zPurchaseOrderListQuery,
  zPurchaseOrderPdfQuery,
  zPurchaseOrderUpdate,
  zRateVariance,
  zRateVarianceListQuery,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { recordRoutes } from '../../platform/record-routes.js';
import { zRecordParams, zSiteParams } from '../../platform/route-params.js';
import { siteScope } from '../../platform/scope.js';
import * as actions from './purchase-order-actions.js';
import * as orders from './purchase-orders-service.js';
import { addAdvance, listAdvances, removeAdvance } from './po-advances.js';
import { purchaseOrderDownload } from './po-download.js';
import { listRateVariances } from './rate-variances.js';

const tags = ['purchase orders'];
const zAdvanceParams = zRecordParams.extend({ payment: zId });
const can = (permission: 'canCreate' | 'canUpdate' | 'canRead' | 'canExport') =>
  ({ access: { auth: 'site', permission, entity: 'purchase orders' } }) as const;

/** Purchase orders, their actions, their PDF and the rate-variance list. */
export function purchaseOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  recordRoutes(app, ctx, {
    collection: 'purchase_orders',
    entity: 'purchase orders',
    tag: tags[0]!,
    record: zPurchaseOrder,
    list: { query: zPurchaseOrderListQuery, run: orders.listPurchaseOrders },
    create: { body: zPurchaseOrderCreate, run: orders.createPurchaseOrder, idempotent: true },
    get: orders.getPurchaseOrder,
    update: { body: zPurchaseOrderUpdate, run: orders.updatePurchaseOrder },
    remove: orders.deletePurchaseOrder,
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/sites/:siteId/purchase_orders/:id';
  const one = { tags, params: zRecordParams, response: { 200: zPurchaseOrder } };
  r.post(
    `${base}/issue`,
    {
      config: { access: { auth: 'site', ownerOnly: 'issue purchase orders' } },
      schema: { ...one, body: zOrderIssue },
    },
    async (req) => actions.issuePurchaseOrder(siteScope(req, ctx), req.params.id, req.body),
  );
  r.post(`${base}/cancel`, { config: can('canUpdate'), schema: one }, async (req) =>
    actions.cancelPurchaseOrder(siteScope(req, ctx), req.params.id),
  );
  r.post(`${base}/close`, { config: can('canUpdate'), schema: one }, async (req) =>
    actions.closePurchaseOrder(siteScope(req, ctx), req.params.id),
  );
  r.get(
    `${base}/pdf`,
    {
      config: can('canExport'),
      schema: {
        tags,
        summary: 'The purchase order as a PDF for the vendor',
        params: zRecordParams,
        querystring: zPurchaseOrderPdfQuery,
      },
    },
    async (req, reply) => {
      const file = await purchaseOrderDownload(siteScope(req, ctx), req.params.id);
      // "Open PDF" shows it in a tab; otherwise it is saved (issue 38).
      const disposition =
        req.query.inline === '1'
          ? file.disposition.replace(/^attachment/, 'inline')
          : file.disposition;
      return reply
        .type(file.contentType)
        .header('content-disposition', disposition)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
  // Advances: payments (money) set aside for the order, so they need financials to read.
  const advances = { tags, params: zRecordParams, response: { 200: zPurchaseOrderAdvances } };
  r.get(
    `${base}/advances`,
    { config: { access: { auth: 'site', permission: 'canViewFinancials' } }, schema: advances },
    async (req) => listAdvances(siteScope(req, ctx), req.params.id),
  );
  r.post(
    `${base}/advances`,
    {
      config: { access: { auth: 'site', permission: 'canCreate', entity: 'payments' } },
      schema: {
        ...advances,
        body: zPurchaseOrderAdvanceCreate,
        response: { 201: zPurchaseOrderAdvances },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await addAdvance(siteScope(req, ctx), req.params.id, req.body)),
  );
  r.delete(
    `${base}/advances/:payment`,
    {
      config: { access: { auth: 'site', permission: 'canUpdate', entity: 'payments' } },
      schema: { tags, params: zAdvanceParams },
    },
    async (req, reply) => {
      await removeAdvance(siteScope(req, ctx), req.params.id, req.params.payment);
      return reply.status(204).send();
    },
  );
  r.get(
    '/api/sites/:siteId/rate_variances',
    {
      config: can('canRead'),
      schema: {
        tags,
        summary: 'Delivery lines received against a PO at another rate',
        params: zSiteParams,
        querystring: zRateVarianceListQuery,
        response: { 200: zListResult(zRateVariance) },
      },
    },
    async (req) => listRateVariances(siteScope(req, ctx), req.query),
  );
}
