import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers (CSP, HSTS, nosniff, frame and referrer policies …) on every answer.
 * The middleware is built once: @fastify/helmet built it, and parsed the CSP, on every request
 * (a sixth of a health check's CPU).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, () => done());
  });
}
