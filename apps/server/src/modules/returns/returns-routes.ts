import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zListResult,
  zRefundCreate,
  zReturnable,
  zReturnableItem,
  zReturnableItemListQuery,
  zReturnComplete,
  zReturnDecision,
  zVendorReturn,
  zVendorReturnCreate,
  zVendorReturnListQuery,
  zVendorReturnUpdate,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { recordRoutes } from '../../platform/record-routes.js';
import { zRecordParams, zSiteParams } from '../../platform/route-params.js';
import * as status from './return-status-service.js';
import * as returnable from './returnable-service.js';
import * as returns from './returns-service.js';
import { siteScope } from '../../platform/scope.js';

const doc = ['vendor returns'];
const read = { access: { auth: 'site', permission: 'canRead' } } as const;
const can = (permission: 'canCreate' | 'canUpdate' | 'canDelete', entity: string) =>
  ({ access: { auth: 'site', permission, entity } }) as const;

/** Vendor returns, their status changes and refunds, and what delivery lines can still go back. */
export function vendorReturnRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/sites/:siteId/vendor_returns';
  const one = { tags: doc, params: zRecordParams, response: { 200: zVendorReturn } };

  r.get(
    '/api/sites/:siteId/delivery_items/:id/returnable',
    { config: read, schema: { tags: doc, params: zRecordParams, response: { 200: zReturnable } } },
    async (req) => returnable.returnable(siteScope(req, ctx), req.params.id),
  );
  r.get(
    '/api/sites/:siteId/returnable_items',
    {
      config: read,
      schema: {
        tags: doc,
        params: zSiteParams,
        querystring: zReturnableItemListQuery,
        response: { 200: zListResult(zReturnableItem) },
      },
    },
    async (req) => returnable.listReturnableItems(siteScope(req, ctx), req.query),
  );

  recordRoutes(app, ctx, {
    collection: 'vendor_returns',
    record: zVendorReturn,
    list: { query: zVendorReturnListQuery, run: returns.listVendorReturns },
    create: { body: zVendorReturnCreate, run: returns.createVendorReturn },
    get: returns.getVendorReturn,
    update: { body: zVendorReturnUpdate, run: returns.updateVendorReturn },
    remove: returns.deleteVendorReturn,
  });

  // The owner's decision, either way: the same body, the same answer.
  for (const [action, decide] of [
    ['approve', status.approveReturn],
    ['reject', status.rejectReturn],
  ] as const) {
    r.post(
      `${base}/:id/${action}`,
      {
        config: can('canUpdate', 'vendor returns'),
        schema: { ...one, body: zReturnDecision.nullish() },
      },
      async (req) => decide(siteScope(req, ctx), req.params.id, req.body ?? {}),
    );
  }
  r.post(
    `${base}/:id/complete`,
    {
      config: can('canUpdate', 'vendor returns'),
      schema: { ...one, body: zReturnComplete.nullish() },
    },
    async (req) => status.completeReturn(siteScope(req, ctx), req.params.id, req.body ?? {}),
  );
  r.post(
    `${base}/:id/refunds`,
    {
      config: can('canCreate', 'refunds'),
      schema: {
        tags: doc,
        params: zRecordParams,
        body: zRefundCreate,
        response: { 201: zVendorReturn },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await status.recordRefund(siteScope(req, ctx), req.params.id, req.body)),
  );
}
