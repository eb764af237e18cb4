import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';

/** Routes of deliveries and delivery items (helper S2). */
export function deliveryRoutes(_app: FastifyInstance, _ctx: AppContext): void {
  // Filled in by issue 3.
}
