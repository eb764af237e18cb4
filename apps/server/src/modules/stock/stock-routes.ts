import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  hasPermission,
  pickLanguage,
  zConsumptionReport,
  zConsumptionReportQuery,
  zStockAdjustment,
  zStockAdjustmentCreate,
  zStockAdjustmentDecision,
  zStockAdjustmentListQuery,
  zStockConsumption,
  zStockConsumptionCreate,
  zStockConsumptionListQuery,
  zStockConsumptionUpdate,
  zStockCountCreate,
  zStockCountResult,
  zStockMovement,
  zStockMovementListQuery,
  zStockQuery,
  zStockReport,
  zStockStatement,
  zStockStatementQuery,
  zStockTransfer,
  zStockTransferCreate,
  zStockTransferListQuery,
  zStockTransferReceive,
  zListResult,
} from '@siteledger/domain';
import { businessToday } from '../../platform/business-time.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { recordRoutes } from '../../platform/record-routes.js';
import { zRecordParams, zSiteParams } from '../../platform/route-params.js';
import { siteScope, type SiteScope } from '../../platform/scope.js';
import * as adjustments from './adjustments-service.js';
import * as consumptions from './consumptions-service.js';
import type { ExportFile } from './stock-exports.js';
import { consumptionReportFile, stockReportFile, stockStatementFile } from './stock-exports.js';
import { siteName } from './stock-repo.js';
import * as stock from './stock-service.js';
import * as transfers from './transfers-service.js';

const tags = ['stock'];
const can = (permission: 'canRead' | 'canCreate' | 'canUpdate' | 'canExport', entity: string) =>
  ({ access: { auth: 'site', permission, entity } }) as const;

function sendFile(reply: FastifyReply, file: ExportFile) {
  return reply
    .type(file.contentType)
    .header('content-disposition', file.disposition)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(file.body);
}

/** Values are money: the roles that see financials (all three today; kept as the rule). */
function financialScope(req: FastifyRequest, ctx: AppContext): SiteScope {
  const scope = siteScope(req, ctx);
  if (!hasPermission(scope.role, 'canViewFinancials')) throw new AppError('PERMISSION_DENIED');
  return scope;
}

async function fileContext(req: FastifyRequest, scope: SiteScope) {
  return {
    siteName: await siteName(scope.ctx.db.kysely, scope.siteId),
    lang: pickLanguage(req.headers['accept-language']),
    today: businessToday(scope.ctx.config.timezone),
  };
}

/** Site stock (API.md "Site stock"): on hand, the ledger, consumption, counts and transfers. */
export function stockRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/sites/:siteId/stock',
    {
      config: can('canRead', 'stock'),
      schema: {
        tags,
        summary: 'On hand, average cost and value by item (as of a date); CSV, PDF or XLSX',
        params: zSiteParams,
        querystring: zStockQuery,
        response: { 200: zStockReport },
      },
    },
    async (req, reply) => {
      const scope = financialScope(req, ctx);
      const report = await stock.stockReport(scope, req.query);
      if (!req.query.format) return report;
      const file = await stockReportFile(report, req.query.format, await fileContext(req, scope));
      return sendFile(reply as unknown as FastifyReply, file);
    },
  );
  r.get(
    '/api/sites/:siteId/stock/statement',
    {
      config: can('canRead', 'stock'),
      schema: {
        tags,
        summary: 'Opening, in, out and closing per item over a period; CSV, PDF or XLSX',
        params: zSiteParams,
        querystring: zStockStatementQuery,
        response: { 200: zStockStatement },
      },
    },
    async (req, reply) => {
      const scope = financialScope(req, ctx);
      const statement = await stock.stockStatement(scope, req.query);
      if (!req.query.format) return statement;
      const file = await stockStatementFile(
        statement,
        req.query.format,
        await fileContext(req, scope),
      );
      return sendFile(reply as unknown as FastifyReply, file);
    },
  );
  r.get(
    '/api/sites/:siteId/stock/consumption',
    {
      config: can('canRead', 'stock'),
      schema: {
        tags,
        summary: 'Consumption by item, or by work and item, over a period; CSV, PDF or XLSX',
        params: zSiteParams,
        querystring: zConsumptionReportQuery,
        response: { 200: zConsumptionReport },
      },
    },
    async (req, reply) => {
      const scope = financialScope(req, ctx);
      const report = await stock.consumptionReport(scope, req.query);
      if (!req.query.format) return report;
      const file = await consumptionReportFile(
        report,
        req.query.format,
        await fileContext(req, scope),
      );
      return sendFile(reply as unknown as FastifyReply, file);
    },
  );
  r.get(
    '/api/sites/:siteId/stock_movements',
    {
      config: can('canRead', 'stock movements'),
      schema: {
        tags,
        summary: 'The stock ledger: every movement in and out, newest first',
        params: zSiteParams,
        querystring: zStockMovementListQuery,
        response: { 200: zListResult(zStockMovement) },
      },
    },
    async (req) => stock.listMovements(siteScope(req, ctx), req.query),
  );

  recordRoutes(app, ctx, {
    collection: 'stock_consumptions',
    entity: 'stock consumptions',
    tag: 'stock',
    record: zStockConsumption,
    list: { query: zStockConsumptionListQuery, run: consumptions.listConsumptions },
    // A supervisor on a phone records it offline: the queue sends it again with its key.
    create: {
      body: zStockConsumptionCreate,
      run: consumptions.createConsumption,
      idempotent: true,
    },
    get: (scope, id) => consumptions.getConsumption(scope, id),
    update: { body: zStockConsumptionUpdate, run: consumptions.updateConsumption },
    remove: consumptions.deleteConsumption,
  });

  recordRoutes(app, ctx, {
    collection: 'stock_adjustments',
    entity: 'stock adjustments',
    tag: 'stock',
    record: zStockAdjustment,
    list: { query: zStockAdjustmentListQuery, run: adjustments.listAdjustments },
    create: {
      body: zStockAdjustmentCreate,
      run: (scope, body) => adjustments.createAdjustment(scope, body),
    },
    get: (scope, id) => adjustments.getAdjustment(scope, id),
    remove: adjustments.deleteAdjustment,
  });
  const oneAdjustment = {
    tags,
    params: zRecordParams,
    body: zStockAdjustmentDecision.nullish(),
    response: { 200: zStockAdjustment },
  };
  for (const decision of ['approve', 'reject'] as const) {
    r.post(
      `/api/sites/:siteId/stock_adjustments/:id/${decision}`,
      {
        config: { access: { auth: 'site', ownerOnly: `${decision} stock counts` } },
        schema: oneAdjustment,
      },
      async (req) =>
        adjustments.decideAdjustment(siteScope(req, ctx), req.params.id, decision, req.body ?? {}),
    );
  }
  r.post(
    '/api/sites/:siteId/stock_counts',
    {
      config: can('canCreate', 'stock adjustments'),
      schema: {
        tags,
        summary: 'A physical count of several items: one adjustment each, in one write',
        params: zSiteParams,
        body: zStockCountCreate,
        response: { 201: zStockCountResult },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return adjustments.createCount(siteScope(req, ctx), req.body);
    },
  );

  recordRoutes(app, ctx, {
    collection: 'stock_transfers',
    entity: 'stock transfers',
    tag: 'stock',
    record: zStockTransfer,
    list: { query: zStockTransferListQuery, run: transfers.listTransfers },
    create: { body: zStockTransferCreate, run: transfers.createTransfer, idempotent: true },
    get: (scope, id) => transfers.getTransfer(scope, id),
    remove: transfers.deleteTransfer,
  });
  r.post(
    '/api/sites/:siteId/stock_transfers/:id/receive',
    {
      config: can('canUpdate', 'stock transfers'),
      schema: {
        tags,
        summary: 'The receiving site confirms what arrived; the shortfall is recorded',
        params: zRecordParams,
        body: zStockTransferReceive,
        response: { 200: zStockTransfer },
      },
    },
    async (req) => transfers.receiveTransfer(siteScope(req, ctx), req.params.id, req.body),
  );
}
