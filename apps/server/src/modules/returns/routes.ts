import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { creditNoteRoutes } from './credit-notes-routes.js';
import { vendorReturnRoutes } from './returns-routes.js';

/** Vendor returns, refunds and credit notes (API.md "Returns, refunds, credit notes"). */
export function returnRoutes(app: FastifyInstance, ctx: AppContext): void {
  vendorReturnRoutes(app, ctx);
  creditNoteRoutes(app, ctx);
}
