import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zCheckoutInput,
  zCheckoutOrder,
  zPlan,
  zSubscriptionState,
  zVerifyInput,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { zSiteParams } from '../../platform/route-params.js';
import { createRazorpay } from './razorpay.js';
import * as subscriptions from './subscriptions-service.js';
import { handleWebhook } from './webhook.js';
import { siteScope } from '../../platform/scope.js';

const tags = ['subscriptions'];
/** Paying for the plan must work while the site is read-only: that is how it stops being so. */
const OWNER = {
  access: { auth: 'site', ownerOnly: 'manage the subscription', whileInactive: true },
} as const;

/** Plans, the site's subscription and Razorpay checkout (API.md "Subscriptions"). */
export async function subscriptionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const razorpay = createRazorpay(ctx.config, ctx.logger);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/sites/:siteId/subscription';

  r.get(
    '/api/plans',
    {
      config: { access: { auth: 'public' } },
      schema: { tags, response: { 200: z.object({ items: z.array(zPlan) }) } },
    },
    async () => ({ items: await subscriptions.listPlans(ctx) }),
  );

  r.get(
    base,
    {
      config: { access: { auth: 'site' } },
      schema: { tags, params: zSiteParams, response: { 200: zSubscriptionState } },
    },
    async (req) => subscriptions.getState(siteScope(req, ctx), razorpay),
  );

  r.post(
    `${base}/checkout`,
    {
      config: OWNER,
      schema: {
        tags,
        params: zSiteParams,
        body: zCheckoutInput,
        response: { 200: zCheckoutOrder },
      },
    },
    async (req) => subscriptions.checkout(siteScope(req, ctx), razorpay, req.body),
  );

  r.post(
    `${base}/verify`,
    {
      config: OWNER,
      schema: {
        tags,
        params: zSiteParams,
        body: zVerifyInput,
        response: { 200: zSubscriptionState },
      },
    },
    async (req) => subscriptions.verify(siteScope(req, ctx), razorpay, req.body),
  );

  r.post(
    `${base}/cancel`,
    { config: OWNER, schema: { tags, params: zSiteParams, response: { 200: zSubscriptionState } } },
    async (req) => subscriptions.cancel(siteScope(req, ctx), razorpay),
  );

  r.post(
    `${base}/reactivate`,
    { config: OWNER, schema: { tags, params: zSiteParams, response: { 200: zSubscriptionState } } },
    async (req) => subscriptions.reactivate(siteScope(req, ctx), razorpay),
  );

  // The signature covers the exact bytes sent, so this route keeps the body raw.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/webhooks/razorpay',
      {
        config: { access: { auth: 'public' } },
        schema: { tags, hide: false, response: { 200: z.object({ status: z.string() }) } },
      },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from('');
        const header = (name: string) => {
          const value = req.headers[name];
          return Array.isArray(value) ? value[0] : value;
        };
        const status = await handleWebhook(ctx, razorpay, raw, {
          signature: header('x-razorpay-signature'),
          eventId: header('x-razorpay-event-id'),
        });
        return { status };
      },
    );
  });
}
