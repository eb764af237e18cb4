import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';

/** Routes of vendors (helper S1). */
export function vendorRoutes(_app: FastifyInstance, _ctx: AppContext): void {
  // Filled in by issue 3.
}
