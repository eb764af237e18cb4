import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { APP_VERSION } from '@siteledger/domain';
import { effectiveDefaultPlan, type Config } from './config.js';
import { openDatabase, type Db } from './db/database.js';
import { readDeleteReach } from './db/delete-reach.js';
import { migrateToLatest } from './db/migrate.js';
import { seedPlans } from './db/seed.js';
import { installSubscribers } from './tx-subscribers.js';
import { authRoutes } from './modules/auth/auth-routes.js';
import { accountRoutes } from './modules/accounts/accounts-routes.js';
import { paymentRoutes } from './modules/payments/payments-routes.js';
import { vendorLedgerRoutes } from './modules/ledger/ledger-routes.js';
import { exportRoutes } from './modules/exports/exports-routes.js';
import { registerRoutes } from './modules/exports/register/register-routes.js';
import { tdsRoutes } from './modules/tds/tds-routes.js';
import { workOrderRoutes } from './modules/work-orders/work-orders-routes.js';
import { labourRoutes } from './modules/labour/labour-routes.js';
import { budgetRoutes } from './modules/budgets/budgets-routes.js';
import { pettyRoutes } from './modules/petty/petty-routes.js';
import { businessRoutes } from './modules/businesses/businesses-routes.js';
import { acrossSitesRoutes } from './modules/across-sites/across-sites-routes.js';
import { getDashboard } from './modules/dashboard/dashboard-service.js';
import { budgetOverview } from './modules/budgets/budget-overview.js';
import { stockReport } from './modules/stock/stock-service.js';
import { vendorLedger } from './modules/ledger/ledger-service.js';
import { getVendor } from './modules/vendors/vendors-service.js';
import { imprestStatementDownload } from './modules/exports/petty-statement-files.js';
import { payContractorSheet } from './modules/payments/subcontract-payments.js';
import { labourDocumentRoutes } from './modules/labour/documents/labour-document-routes.js';
import { workOrderDocumentRoutes } from './modules/work-orders/work-order-document-routes.js';
import { vendorReturnRoutes } from './modules/returns/returns-routes.js';
import { creditNoteRoutes } from './modules/returns/credit-notes-routes.js';
import { eventRoutes } from './modules/events/events-routes.js';
import { subscriptionRoutes } from './modules/subscriptions/subscriptions-routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard-routes.js';
import { bookingRoutes } from './modules/bookings/bookings-routes.js';
import { itemRoutes } from './modules/catalog/items-routes.js';
import { serviceRoutes } from './modules/catalog/services-routes.js';
import { batchRoutes } from './modules/deliveries/batch-routes.js';
import { deliveryRoutes } from './modules/deliveries/deliveries-routes.js';
import { deliveryItemRoutes } from './modules/deliveries/delivery-items-routes.js';
import { fileRoutes } from './modules/files/files-routes.js';
import { memberRoutes } from './modules/members/members-routes.js';
import { quotationRoutes } from './modules/quotations/quotations-routes.js';
import { materialRequestRoutes } from './modules/purchasing/material-requests-routes.js';
import { purchaseOrderRoutes } from './modules/purchasing/purchase-orders-routes.js';
import { stockRoutes } from './modules/stock/stock-routes.js';
import { vendorRoutes } from './modules/vendors/vendors-routes.js';
import { auditRoutes } from './modules/audit/audit-routes.js';
import { tagRoutes } from './modules/catalog/tags-routes.js';
import { profileRoutes } from './modules/auth/profile-routes.js';
import { sessionRoutes } from './modules/auth/sessions-routes.js';
import { twoStepRoutes } from './modules/auth/two-step-routes.js';
import { authenticate, purgeExpiredSessions } from './modules/auth/sessions-service.js';
import { metaRoutes } from './modules/meta/meta-routes.js';
import { schedulePurge } from './modules/sites/purge.js';
import { billingSweep } from './modules/subscriptions/billing-reminders.js';
import { noticeDigests, registerNotices } from './modules/notices/notices.js';
import { databaseRateLimitStore } from './platform/rate-limit-store.js';
import { siteRoutes } from './modules/sites/sites-routes.js';
import { recordRoutes, registerAccessControl, type RouteEntry } from './platform/access.js';
import {
  registerBodyDepthGuard,
  registerBodyTextGuard,
  registerUrlTextGuard,
} from './platform/text-guard.js';
import { registerAuditActor } from './platform/audit.js';
import { recordTypeTags } from './platform/openapi-tags.js';
import { createBotCheck } from './platform/bot-check.js';
import { trackInFlight } from './platform/drain.js';
import { serializeRequest } from './platform/log-redaction.js';
import { cspDirectives } from './platform/csp.js';
import { registerSecurityHeaders } from './platform/security-headers.js';
import { createEventBus } from './platform/events.js';
import { createSessionStreams } from './platform/session-streams.js';
import { createPgEventBus } from './platform/pg-events.js';
import { trackSiteChanges } from './platform/site-changes.js';
import { createAuthMemo } from './platform/auth-memo.js';
import { createListTotals } from './platform/list-totals.js';
import { registerWriteTracking } from './platform/changed-collections.js';
import { registerRecordEvents } from './platform/record-events.js';
import { siblingSites } from './db/business-rows.js';
import type { AppContext } from './platform/context.js';
import { frameworkError, registerErrorHandling } from './platform/error-handler.js';
import { AppError } from './platform/errors.js';
import { DiskFileStore } from './platform/files.js';
import { createMailer } from './platform/mail.js';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Every registered route with its declared access (for the authorization matrix). */
  routes: RouteEntry[];
}

/** The built web app: WEB_DIST_DIR, else apps/web/dist beside this server. */
function findWebDist(config: Config): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = config.webDistDir
    ? [config.webDistDir]
    : [path.resolve(here, '../../web/dist'), path.resolve(here, '../../../apps/web/dist')];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'index.html'))) ?? null;
}

/**
 * Builds the Fastify app over an open, migrated database. `logger` may be false in tests that
 * want silence; faults are still logged through the error handler when a logger is present.
 */
export async function buildApp(
  config: Config,
  options: { logger?: FastifyServerOptions['logger']; db?: Db } = {},
): Promise<BuiltApp> {
  // What writes set off inside their transactions (platform/tx-events.ts).
  installSubscribers();
  const loggerOptions = options.logger ?? { level: config.logLevel };
  const app = Fastify({
    logger:
      typeof loggerOptions === 'object'
        ? { ...loggerOptions, serializers: { ...loggerOptions.serializers, req: serializeRequest } }
        : loggerOptions,
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    return503OnClosing: true,
    frameworkErrors: frameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes = recordRoutes(app);

  const db = options.db ?? openDatabase(config);
  await migrateToLatest(db);
  await seedPlans(db, effectiveDefaultPlan(config));
  // Which tables a delete reaches through foreign keys, for kept list totals.
  const deleteReach = await readDeleteReach(db);

  // Over PostgreSQL, events travel between instances through LISTEN/NOTIFY (docs/SCALING.md).
  const sharedEvents = config.databaseUrl ? createPgEventBus(config.databaseUrl, app.log) : null;
  await sharedEvents?.ready;
  const events =
    sharedEvents ??
    createEventBus((error) => app.log.error({ err: error }, 'event listener failed'));
  const siteChanges = trackSiteChanges(events);
  const ctx: AppContext = {
    config,
    db,
    logger: app.log,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      dataDir: config.dataDir,
      from: 'SiteLedger <no-reply@siteledger.local>',
      logger: app.log,
    }),
    // The S3 client loads only when a bucket is configured (a quarter of a second at start).
    files: config.filesS3
      ? new (await import('./platform/s3-file-store.js')).S3FileStore(config.filesS3)
      : new DiskFileStore(path.join(config.dataDir, 'files')),
    events,
    sessionStreams: createSessionStreams(),
    siteChanges,
    authMemo: createAuthMemo(siteChanges, events, { enabled: config.siteReadCache }),
    listTotals: createListTotals(siteChanges, {
      enabled: config.siteReadCache,
      maxEntries: 5000,
    }),
    botCheck: createBotCheck({
      secretKey: config.turnstileSecretKey,
      verifyUrl: config.turnstileVerifyUrl,
      logger: app.log,
    }),
  };
  if (!ctx.botCheck.enabled) app.log.info('bot check off: TURNSTILE_SECRET_KEY is not set');
  if (!config.smtpUrl) app.log.info(`mail goes to ${path.join(config.dataDir, 'outbox')}`);
  const stopPurge = schedulePurge(ctx, {
    'session clean-up': () => purgeExpiredSessions(ctx),
    'billing reminders': async () => {
      await billingSweep(ctx);
    },
    'notice digests': async () => {
      await noticeDigests(ctx);
    },
  });
  const inFlight = trackInFlight(app);
  app.addHook('onClose', async () => {
    stopPurge();
    // Requests already being handled finish before their database goes away.
    await inFlight.drained(25_000);
    await sharedEvents?.close();
    await db.close();
    ctx.files.close();
  });

  const webDist = findWebDist(config);
  registerErrorHandling(app, { spaFallback: webDist !== null });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: { directives: cspDirectives(config) },
    crossOriginEmbedderPolicy: false,
    // As the CSP's frame-ancestors 'none' says, for browsers that only read this header.
    frameguard: { action: 'deny' },
  });
  await app.register(rateLimit, {
    global: false,
    // Counted in the database: several instances over one PostgreSQL share one limit.
    store: databaseRateLimitStore(ctx.db.kysely),
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
  await app.register(multipart, {
    limits: { fileSize: config.maxUploadMb * 1024 * 1024, files: 20, fields: 50 },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'SiteLedger API', version: APP_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
      tags: recordTypeTags(),
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get(
    '/api/openapi.json',
    { config: { access: { auth: 'public' } }, schema: { hide: true } },
    () => app.swagger(),
  );

  registerWriteTracking(app);
  registerAuditActor(app);
  // Hooks run in the order registered: body depth first, URL text before the role lookup, body
  // text after it.
  registerBodyDepthGuard(app);
  registerUrlTextGuard(app);
  registerAccessControl(app, ctx, (token, ip) => authenticate(ctx, token, ip));
  registerBodyTextGuard(app);
  registerRecordEvents(app, ctx.events, ctx.siteChanges, deleteReach, (siteId) =>
    siblingSites(ctx.db.kysely, siteId),
  );
  registerNotices(app, ctx);

  metaRoutes(app, ctx);
  authRoutes(app, ctx);
  profileRoutes(app, ctx, ctx.files);
  sessionRoutes(app, ctx);
  twoStepRoutes(app, ctx);
  siteRoutes(app, ctx);
  memberRoutes(app, ctx);
  tagRoutes(app, ctx);
  itemRoutes(app, ctx);
  serviceRoutes(app, ctx);
  vendorRoutes(app, ctx);
  auditRoutes(app, ctx);
  quotationRoutes(app, ctx);
  materialRequestRoutes(app, ctx);
  purchaseOrderRoutes(app, ctx);
  stockRoutes(app, ctx);
  deliveryRoutes(app, ctx);
  deliveryItemRoutes(app, ctx);
  batchRoutes(app, ctx);
  bookingRoutes(app, ctx);
  fileRoutes(app, ctx, ctx.files);
  accountRoutes(app, ctx);
  paymentRoutes(app, ctx);
  vendorLedgerRoutes(app, ctx);
  exportRoutes(app, ctx);
  registerRoutes(app, ctx);
  tdsRoutes(app, ctx);
  workOrderRoutes(app, ctx);
  workOrderDocumentRoutes(app, ctx);
  labourRoutes(app, ctx, payContractorSheet);
  labourDocumentRoutes(app, ctx);
  budgetRoutes(app, ctx);
  pettyRoutes(app, ctx, imprestStatementDownload);
  businessRoutes(app, ctx);
  // The owner's reports across a business's sites sum the sites' own reads.
  acrossSitesRoutes(app, ctx, {
    dashboard: (scope) => getDashboard(scope),
    budgetOverview,
    stockReport,
    vendorLedger: (scope, id, query) => vendorLedger(scope, id, query),
    vendor: (scope, id) => getVendor(scope, id),
  });
  vendorReturnRoutes(app, ctx);
  creditNoteRoutes(app, ctx);
  dashboardRoutes(app, ctx);
  await subscriptionRoutes(app, ctx);
  eventRoutes(app, ctx);

  if (webDist) {
    // wildcard: files are looked up per request, so a rebuilt web app is served without a restart;
    // a path that is no file falls through to the not-found handler (index.html or JSON 404).
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in asset names: they never change, so cache them for a year;
        // everything else (index.html, sw.js, manifest) is revalidated on every load.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn('web app not built: serving the API only');
  }
  return { app, ctx, routes };
}
