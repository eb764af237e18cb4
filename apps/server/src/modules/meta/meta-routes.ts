import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { APP_VERSION } from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';

const PUBLIC = { access: { auth: 'public' } } as const;

export function metaRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/health',
    {
      config: PUBLIC,
      schema: {
        tags: ['meta'],
        response: {
          200: z.object({
            status: z.literal('ok'),
            version: z.string(),
            database: z.enum(['sqlite', 'postgres']),
          }),
        },
      },
    },
    async () => {
      // A health check that cannot reach the database is not healthy: the query throws → 500.
      await sql`select 1`.execute(ctx.db.kysely);
      return { status: 'ok' as const, version: APP_VERSION, database: ctx.db.dialect };
    },
  );

  /** What the web app needs to know before sign-in (public keys only, never secrets). */
  r.get(
    '/api/config',
    {
      config: PUBLIC,
      schema: {
        tags: ['meta'],
        response: {
          200: z.object({
            version: z.string(),
            turnstile_site_key: z.string().nullable(),
            razorpay_key_id: z.string().nullable(),
            razorpay_checkout_url: z.string(),
            max_upload_mb: z.number(),
          }),
        },
      },
    },
    async () => ({
      version: APP_VERSION,
      turnstile_site_key: ctx.config.turnstileSiteKey,
      razorpay_key_id: ctx.config.razorpayKeyId,
      razorpay_checkout_url: ctx.config.razorpayCheckoutUrl,
      max_upload_mb: ctx.config.maxUploadMb,
    }),
  );
}
