import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zBusinessOverview,
  zCashPosition,
  zPayablesAgeing,
  zPayablesAgeingQuery,
  zVendorStatement,
  zVendorStatementQuery,
} from '@siteledger/domain';
import { currentUser } from '../../platform/access.js';
import type { AppContext } from '../../platform/context.js';
import { businessOverview, cashPosition, type AcrossSitesSources } from './across-sites-service.js';
import { payablesAgeing } from './payables-ageing.js';
import { vendorStatement } from './vendor-statement.js';

const zParams = z.object({ id: z.string().min(1).max(40) });
const tags = ['businesses'];

/**
 * Across sites (issue 47): the owner's reports over a business's active sites. Signed-in callers
 * only; anyone but the business's owner gets 404, as for another's record.
 */
export function acrossSitesRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  sources: AcrossSitesSources,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/businesses/:id/overview',
    {
      schema: {
        tags,
        summary: "Each active site's spend, payables, budget, stock value and pending approvals",
        params: zParams,
        response: { 200: zBusinessOverview },
      },
    },
    async (req) => businessOverview(ctx, sources, currentUser(req).user.id, req.params.id),
  );
  r.get(
    '/api/businesses/:id/cash_position',
    {
      schema: {
        tags,
        summary: "The sites' accounts with their current balances, by type and in total",
        params: zParams,
        response: { 200: zCashPosition },
      },
    },
    async (req) => cashPosition(ctx, currentUser(req).user.id, req.params.id),
  );
  r.get(
    '/api/businesses/:id/payables_ageing',
    {
      schema: {
        tags,
        summary: 'What each party is owed across the sites, by age: 0–30, 31–60, 61–90, 90+ days',
        params: zParams,
        querystring: zPayablesAgeingQuery,
        response: { 200: zPayablesAgeing },
      },
    },
    async (req) => payablesAgeing(ctx, currentUser(req).user.id, req.params.id, req.query),
  );
  r.get(
    '/api/businesses/:id/vendor_statement',
    {
      schema: {
        tags,
        summary: "A vendor's statement across the sites: each site's figures, sums and entries",
        params: zParams,
        querystring: zVendorStatementQuery,
        response: { 200: zVendorStatement },
      },
    },
    async (req) =>
      vendorStatement(ctx, sources, currentUser(req).user.id, req.params.id, req.query),
  );
}
