import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { RecordEvent } from '../../platform/events.js';
import { changedCollections } from '../../platform/changed-collections.js';
import { describeWrite } from '../../platform/record-events.js';
import { noticeWrite } from './notices-events.js';

const NOTICED = new Set(['material_requests', 'purchase_orders', 'deliveries', 'service_bookings']);

// Sends under way, per app: closing waits for them, and tests wait for them (noticesSettled).
const pending = new WeakMap<AppContext, Set<Promise<void>>>();

/** Resolves once every notice started so far has been sent (or failed and been logged). */
export async function noticesSettled(ctx: AppContext): Promise<void> {
  await Promise.all([...(pending.get(ctx) ?? [])]);
}

/**
 * Notices of site writes: the write is read off its answer (onSend, which has the created id),
 * and the notice goes once the answer is out (onResponse), so it never delays or fails the write.
 * Only this instance sees its own requests: with several instances each write is noticed once.
 */
export function registerNoticeHook(app: FastifyInstance, ctx: AppContext): void {
  const writes = new WeakMap<FastifyRequest, { siteId: string; event: RecordEvent }>();
  const running = new Set<Promise<void>>();
  pending.set(ctx, running);
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 200 && reply.statusCode < 300) {
      const write = describeWrite(request, payload);
      // A create replayed with its Idempotency-Key answers the first record and writes nothing:
      // nothing new happened, so nobody hears of it twice.
      const wrote = write !== null && changedCollections(request).includes(write.event.collection);
      if (write && wrote && NOTICED.has(write.event.collection)) writes.set(request, write);
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const write = writes.get(request);
    if (!write || reply.statusCode >= 300) return;
    const job = noticeWrite(ctx, write.siteId, write.event)
      .catch((error: unknown) =>
        ctx.logger.warn({ err: error, site: write.siteId, ...write.event }, 'notice failed'),
      )
      .finally(() => running.delete(job));
    running.add(job);
  });
  app.addHook('onClose', async () => {
    await noticesSettled(ctx);
  });
}
