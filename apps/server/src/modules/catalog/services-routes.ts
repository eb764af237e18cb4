import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';

/** Routes of services (helper S1). */
export function serviceRoutes(_app: FastifyInstance, _ctx: AppContext): void {
  // Filled in by issue 3.
}
