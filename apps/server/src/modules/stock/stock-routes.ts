import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
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
  type StockReportFormat,
} from '@siteledger/domain';
import { businessToday } from '../../platform/business-time.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { recordRoutes } from '../../platform/record-routes.js';
import { sendDownload } from '../../platform/send-download.js';
import { createSiteMemo, type SiteMemo } from '../../platform/site-memo.js';
import { zRecordParams, zSiteParams } from '../../platform/route-params.js';
import { siteScope, type SiteScope } from '../../platform/scope.js';
import * as adjustments from './adjustments-service.js';
import * as consumptions from './consumptions-service.js';
import type { ExportFile, StockFileContext } from './stock-exports.js';
import { consumptionReportFile, stockReportFile, stockStatementFile } from './stock-exports.js';
import * as stock from './stock-service.js';
import * as transfers from './transfers-service.js';

const tags = ['stock'];
const can = (permission: 'canRead' | 'canCreate' | 'canUpdate' | 'canExport', entity: string) =>
  ({ access: { auth: 'site', permission, entity } }) as const;

/**
 * A stock report: JSON, or with `format` the same figures as a CSV, PDF or XLSX download. Values
 * are money, so the roles that see financials (all three today; kept as the rule).
 */
function reportRoute<Q extends z.ZodType<{ format?: StockReportFormat | undefined }>, R>(
  app: FastifyInstance,
  ctx: AppContext,
  memo: SiteMemo<string>,
  spec: {
    path: string;
    summary: string;
    query: Q;
    response: z.ZodType<R>;
    run: (scope: SiteScope, query: z.output<Q>) => Promise<R>;
    file: (report: R, format: StockReportFormat, context: StockFileContext) => Promise<ExportFile>;
  },
): void {
  // Plain `app.get`: the zod compilers set on the app still validate and document it.
  app.get(
    `/api/sites/:siteId/${spec.path}`,
    {
      config: can('canRead', 'stock'),
      schema: {
        tags,
        summary: spec.summary,
        params: zSiteParams,
        querystring: spec.query,
        response: { 200: spec.response },
      },
    },
    async (req, reply) => {
      const scope = siteScope(req, ctx);
      if (!hasPermission(scope.role, 'canViewFinancials')) throw new AppError('PERMISSION_DENIED');
      const query = req.query as z.output<Q>;
      if (!query.format) {
        // The answer as sent, kept until the site changes: every item of a large site is a
        // megabyte of JSON that ten readers would otherwise each sum and serialise again.
        const json = await memo.get(
          scope.siteId,
          `${spec.path}\n${JSON.stringify(query)}`,
          async () => JSON.stringify(await spec.run(scope, query)),
        );
        return (reply as unknown as FastifyReply)
          .type('application/json; charset=utf-8')
          .send(json);
      }
      const report = await spec.run(scope, query);
      const context = {
        siteName: await stock.siteNameOf(scope),
        lang: pickLanguage(req.headers['accept-language']),
        today: businessToday(ctx.config.timezone),
      };
      return sendDownload(
        reply as unknown as FastifyReply,
        await spec.file(report, query.format, context),
      );
    },
  );
}

/** Site stock (API.md "Site stock"): on hand, the ledger, consumption, counts and transfers. */
export function stockRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A few answers per site are enough (on hand, a statement or two): each can be a megabyte.
  const memo = createSiteMemo<string>(ctx.siteChanges, {
    enabled: ctx.config.siteReadCache,
    maxEntries: 32,
  });

  reportRoute(app, ctx, memo, {
    path: 'stock',
    summary: 'On hand, average cost and value by item (as of a date); CSV, PDF or XLSX',
    query: zStockQuery,
    response: zStockReport,
    run: stock.stockReport,
    file: stockReportFile,
  });
  reportRoute(app, ctx, memo, {
    path: 'stock/statement',
    summary: 'Opening, in, out and closing per item over a period; CSV, PDF or XLSX',
    query: zStockStatementQuery,
    response: zStockStatement,
    run: stock.stockStatement,
    file: stockStatementFile,
  });
  reportRoute(app, ctx, memo, {
    path: 'stock/consumption',
    summary: 'Consumption by item, or by work and item, over a period; CSV, PDF or XLSX',
    query: zConsumptionReportQuery,
    response: zConsumptionReport,
    run: stock.consumptionReport,
    file: consumptionReportFile,
  });
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
