import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zAttendance,
  zAttendanceCreate,
  zAttendanceQuery,
  zAttendanceReply,
  zLendableWorkers,
  zListResult,
  zMuster,
  zMusterQuery,
  zWageSheet,
  zWageSheetCreate,
  zWageSheetListQuery,
  zWageSheetPay,
  type WageSheetPay,
  zWageSheetUpdate,
  zWorker,
  zWorkerAdvance,
  zWorkerAdvanceCreate,
  zWorkerAdvanceListQuery,
  zWorkerAdvanceUpdate,
  zWorkerCreate,
  zWorkerListQuery,
  zWorkerUpdate,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { idempotencyKey } from '../../platform/idempotency.js';
import { recordRoutes, recordServiceRoutes } from '../../platform/record-routes.js';
import { zRecordParams, zSiteParams } from '../../platform/route-params.js';
import { siteScope, type SiteScope } from '../../platform/scope.js';
import { advances } from './advances-service.js';
import { listAttendance, markAttendance } from './attendance-service.js';
import { lendableWorkers, muster } from './muster-service.js';
import * as sheets from './wage-sheets-service.js';
import { getWageSheet, listWageSheets } from './wage-sheets-shape.js';
import { workers } from './workers-service.js';

const tags = ['labour'];

/**
 * How a labour contractor's sheet is paid: his payment (the payments module's), given by app.ts so
 * this module imports no other.
 */
export type PayContractorSheet = (
  scope: SiteScope,
  sheetId: string,
  input: WageSheetPay,
  idempotencyKey: string | null,
) => Promise<unknown>;

/** Workers, the muster, advances and wage sheets (API.md "Labour"). */
export function labourRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  payContractorSheet: PayContractorSheet,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Before the record routes: `lendable` is not a worker's id.
  r.get(
    '/api/sites/:siteId/workers/lendable',
    {
      config: { access: { auth: 'site', permission: 'canRead' } },
      schema: {
        tags,
        summary: "Workers of the caller's other sites that this site may borrow and mark",
        params: zSiteParams,
        response: { 200: zLendableWorkers },
      },
    },
    async (req) => lendableWorkers(siteScope(req, ctx)),
  );
  recordServiceRoutes(app, ctx, workers, {
    record: zWorker,
    query: zWorkerListQuery,
    create: zWorkerCreate,
    update: zWorkerUpdate,
  });
  recordServiceRoutes(app, ctx, advances, {
    record: zWorkerAdvance,
    query: zWorkerAdvanceListQuery,
    create: zWorkerAdvanceCreate,
    update: zWorkerAdvanceUpdate,
  });

  const attendance = '/api/sites/:siteId/attendance';
  r.post(
    attendance,
    {
      config: { access: { auth: 'site', permission: 'canCreate', entity: 'attendance' } },
      schema: {
        tags,
        summary: "A day's muster: each entry replaces the worker's mark on this site and date",
        params: zSiteParams,
        body: zAttendanceCreate,
        response: { 200: zAttendanceReply },
      },
    },
    async (req) => markAttendance(siteScope(req, ctx), req.body, idempotencyKey(req)),
  );
  r.get(
    attendance,
    {
      config: { access: { auth: 'site', permission: 'canRead' } },
      schema: {
        tags,
        summary: "This site's attendance marks",
        params: zSiteParams,
        querystring: zAttendanceQuery,
        response: { 200: zListResult(zAttendance) },
      },
    },
    async (req) => listAttendance(siteScope(req, ctx), req.query),
  );
  r.get(
    `${attendance}/muster`,
    {
      config: { access: { auth: 'site', permission: 'canRead' } },
      schema: {
        tags,
        summary: "The day's muster: everyone to mark, with the day's and the last marks",
        params: zSiteParams,
        querystring: zMusterQuery,
        response: { 200: zMuster },
      },
    },
    async (req) => muster(siteScope(req, ctx), req.query.date),
  );

  recordRoutes(app, ctx, {
    collection: 'wage_sheets',
    record: zWageSheet,
    list: { query: zWageSheetListQuery, run: listWageSheets },
    create: { body: zWageSheetCreate, run: sheets.createWageSheet, idempotent: true },
    get: (scope, id) => getWageSheet(scope, id),
    update: { body: zWageSheetUpdate, run: sheets.updateWageSheet },
    remove: sheets.deleteWageSheet,
  });
  const base = '/api/sites/:siteId/wage_sheets/:id';
  const one = { tags, params: zRecordParams, response: { 200: zWageSheet } };
  const owner = (what: string) => ({ access: { auth: 'site', ownerOnly: what } }) as const;
  r.post(`${base}/approve`, { config: owner('approve wage sheets'), schema: one }, async (req) =>
    sheets.approveWageSheet(siteScope(req, ctx), req.params.id),
  );
  r.post(
    `${base}/pay`,
    {
      config: {
        access: { auth: 'site', permission: 'canViewFinancials', entity: 'wage sheets' },
      },
      schema: {
        ...one,
        summary: "Pay the net from an account (a contractor's sheet: his payment of what it owes)",
        body: zWageSheetPay,
      },
    },
    async (req) =>
      sheets.paySheet(
        siteScope(req, ctx),
        req.params.id,
        req.body,
        idempotencyKey(req),
        payContractorSheet,
      ),
  );
  r.post(`${base}/unpay`, { config: owner('undo a wage payment'), schema: one }, async (req) =>
    sheets.unpayWageSheet(siteScope(req, ctx), req.params.id),
  );
}
