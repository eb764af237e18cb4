import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zFileList,
  zFileUploadResult,
  zId,
  zOrderIssue,
  zRaBill,
  zRaBillCreate,
  zRaBillListQuery,
  zRaBillUpdate,
  zRetentionReport,
  zRetentionRelease,
  zWorkOrder,
  zWorkOrderCreate,
  zWorkOrderListQuery,
  zWorkOrderStatement,
  zWorkOrderUpdate,
  zWorkOrderVariationCreate,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { recordRoutes } from '../../platform/record-routes.js';
import { zRecordParams, zSiteParams } from '../../platform/route-params.js';
import { retentionReport } from './retention-report.js';
import { siteScope } from '../../platform/scope.js';
import { z } from 'zod';
import { readUploads } from '../files/read-uploads.js';
import { addLinePhotos, removeLinePhoto } from './ra-bill-photos.js';
import * as actions from './ra-bill-actions.js';
import * as bills from './ra-bills-service.js';
import { getRaBill, listRaBills } from './ra-bills-shape.js';
import * as orders from './work-orders-service.js';

const tags = ['work orders'];
const can = (permission: 'canUpdate' | 'canExport') =>
  ({ access: { auth: 'site', permission, entity: 'work orders' } }) as const;
const owner = (what: string) => ({ access: { auth: 'site', ownerOnly: what } }) as const;

/** Work orders, their actions and statement; RA bills (API.md "Work orders and RA bills"). */
export function workOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  recordRoutes(app, ctx, {
    collection: 'work_orders',
    entity: 'work orders',
    tag: tags[0]!,
    record: zWorkOrder,
    list: { query: zWorkOrderListQuery, run: orders.listWorkOrders },
    create: { body: zWorkOrderCreate, run: orders.createWorkOrder, idempotent: true },
    get: orders.getWorkOrder,
    update: { body: zWorkOrderUpdate, run: orders.updateWorkOrder },
    remove: orders.deleteWorkOrder,
  });
  recordRoutes(app, ctx, {
    collection: 'ra_bills',
    entity: 'ra bills',
    tag: tags[0]!,
    record: zRaBill,
    list: { query: zRaBillListQuery, run: listRaBills },
    create: { body: zRaBillCreate, run: bills.createRaBill, idempotent: true },
    get: (scope, id) => getRaBill(scope, id),
    update: { body: zRaBillUpdate, run: bills.updateRaBill },
    remove: bills.deleteRaBill,
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/sites/:siteId/ra_bills/:id/approve',
    {
      config: owner('approve RA bills'),
      schema: { tags, params: zRecordParams, response: { 200: zRaBill } },
    },
    async (req) => actions.approveRaBill(siteScope(req, ctx), req.params.id),
  );
  // A line's measurement photo (whoever may change the bill).
  const photos = '/api/sites/:siteId/ra_bills/:id/lines/:lineId/files';
  const zLineParams = zRecordParams.extend({ lineId: zId });
  const billUpdate = {
    access: { auth: 'site', permission: 'canUpdate', entity: 'ra bills' },
  } as const;
  r.post(
    photos,
    {
      config: billUpdate,
      schema: {
        tags,
        summary: "Add a measurement photo to an RA bill's line",
        consumes: ['multipart/form-data'],
        params: zLineParams,
        response: { 200: zFileUploadResult },
      },
    },
    async (req) => {
      const uploads = await readUploads(req, ctx.config.maxUploadMb);
      return addLinePhotos(siteScope(req, ctx), req.params.id, req.params.lineId, uploads);
    },
  );
  r.delete(
    `${photos}/:name`,
    {
      config: billUpdate,
      schema: {
        tags,
        params: zLineParams.extend({ name: z.string().min(1).max(60) }),
        response: { 200: zFileList },
      },
    },
    async (req) => ({
      files: await removeLinePhoto(
        siteScope(req, ctx),
        req.params.id,
        req.params.lineId,
        req.params.name,
      ),
    }),
  );
  const base = '/api/sites/:siteId/work_orders/:id';
  const one = { tags, params: zRecordParams, response: { 200: zWorkOrder } };
  r.post(
    `${base}/issue`,
    { config: owner('issue work orders'), schema: { ...one, body: zOrderIssue } },
    async (req) => orders.issueWorkOrder(siteScope(req, ctx), req.params.id, req.body),
  );
  r.post(`${base}/cancel`, { config: can('canUpdate'), schema: one }, async (req) =>
    orders.cancelWorkOrder(siteScope(req, ctx), req.params.id),
  );
  r.post(
    `${base}/variations`,
    {
      config: owner('approve variations'),
      schema: {
        ...one,
        summary: "An approved change of a line's quantity",
        body: zWorkOrderVariationCreate,
      },
    },
    async (req) => orders.addVariation(siteScope(req, ctx), req.params.id, req.body),
  );
  r.post(
    `${base}/release_retention`,
    {
      config: owner('release retention'),
      schema: {
        tags,
        summary: 'Release the retention held: an RA bill of kind retention_release',
        params: zRecordParams,
        body: zRetentionRelease,
        response: { 201: zRaBill },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await actions.releaseRetention(siteScope(req, ctx), req.params.id, req.body)),
  );
  r.get(
    '/api/sites/:siteId/reports/retention',
    {
      config: { access: { auth: 'site', permission: 'canExport', entity: 'work orders' } },
      schema: {
        tags: ['reports'],
        summary: 'Retention held on work orders and when it falls due',
        params: zSiteParams,
        response: { 200: zRetentionReport },
      },
    },
    async (req) => retentionReport(siteScope(req, ctx)),
  );
  r.get(
    `${base}/statement`,
    {
      config: can('canExport'),
      schema: {
        tags,
        summary: "The work order's bills in order with every column and totals",
        params: zRecordParams,
        response: { 200: zWorkOrderStatement },
      },
    },
    async (req) => actions.workOrderStatement(siteScope(req, ctx), req.params.id),
  );
}
