import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';

/** Routes of POST /api/batch (helper S2). */
export function batchRoutes(_app: FastifyInstance, _ctx: AppContext): void {
  // Filled in by issue 3.
}
