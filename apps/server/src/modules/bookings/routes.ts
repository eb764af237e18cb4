import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';

/** Routes of service bookings (helper S2). */
export function bookingRoutes(_app: FastifyInstance, _ctx: AppContext): void {
  // Filled in by issue 3.
}
