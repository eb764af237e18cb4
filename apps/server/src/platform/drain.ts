import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Tracks the responses in progress so that shutdown can wait for them: a request the server has
 * begun handling is answered before the database closes (SIGTERM drains, issue 10).
 */
export function trackInFlight(app: FastifyInstance) {
  const active = new Set<ServerResponse>();
  let wake: (() => void) | null = null;
  app.addHook('onRequest', async (_request, reply) => {
    const res = reply.raw;
    active.add(res);
    res.once('close', () => {
      active.delete(res);
      if (active.size === 0) wake?.();
    });
  });
  return {
    /** Resolves once nothing is in flight, or after `timeoutMs` at the latest. */
    drained(timeoutMs: number): Promise<void> {
      if (active.size === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
    get size() {
      return active.size;
    },
  };
}
