import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Tracks the responses in progress so that shutdown can wait for them: a request the server has
 * begun handling is answered before the database closes (SIGTERM drains, issue 10).
 */
export function trackInFlight(app: FastifyInstance) {
  const active = new Set<ServerResponse>();
  let wake: (() => void) | null = null;
  let closing = false;
  // A connection whose request was in flight when shutdown began would otherwise stay open,
  // idle, for the keep-alive timeout (72 s) and hold the process: answer it with
  // `Connection: close`, and close whatever is idle once each answer is out.
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onRequest', async (_request, reply) => {
    const res = reply.raw;
    active.add(res);
    res.once('close', () => {
      active.delete(res);
      if (closing) app.server.closeIdleConnections();
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
