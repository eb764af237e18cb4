import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zVendorLedger, zVendorLedgerQuery, type VendorLedger } from '@siteledger/domain';
import { currentSite } from '../../platform/access.js';
import type { AppContext } from '../../platform/context.js';
import { zRecordParams } from '../../platform/route-params.js';
import { createSiteMemo } from '../../platform/site-memo.js';
import { vendorLedger } from './ledger-service.js';

/** GET …/vendors/{id}/ledger: the vendor's running-balance ledger (canViewFinancials). */
export function vendorLedgerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const memo = createSiteMemo<VendorLedger>(ctx.siteChanges, {
    enabled: ctx.config.siteReadCache,
  });
  r.get(
    '/api/sites/:siteId/vendors/:id/ledger',
    {
      config: { access: { auth: 'site', permission: 'canViewFinancials' } },
      schema: {
        tags: ['vendors'],
        params: zRecordParams,
        querystring: zVendorLedgerQuery,
        response: { 200: zVendorLedger },
      },
    },
    async (req) => vendorLedger(ctx, currentSite(req).siteId, req.params.id, req.query, memo),
  );
}
