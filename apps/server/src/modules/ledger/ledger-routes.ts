import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zVendorLedger, zVendorLedgerQuery, type VendorLedger } from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { zRecordParams } from '../../platform/route-params.js';
import { createSiteMemo } from '../../platform/site-memo.js';
import { vendorLedger } from './ledger-service.js';
import { siteScope } from '../../platform/scope.js';

/** GET …/vendors/{id}/ledger: the vendor's running-balance ledger (canViewFinancials). */
export function vendorLedgerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const memo = createSiteMemo<VendorLedger>(ctx.siteChanges, {
    enabled: ctx.config.siteReadCache,
  });
  r.get(
    '/api/sites/:siteId/vendors/:id/ledger',
    {
      // The ledger lists the vendor's payments (issue 47: hidden from supervisors if so set).
      config: { access: { auth: 'site', permission: 'canViewFinancials', area: 'payments' } },
      schema: {
        tags: ['vendors'],
        params: zRecordParams,
        querystring: zVendorLedgerQuery,
        response: { 200: zVendorLedger },
      },
    },
    async (req) => vendorLedger(siteScope(req, ctx), req.params.id, req.query, memo),
  );
}
