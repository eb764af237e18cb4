import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zBillingDetails,
  zBillingDetailsInput,
  zCheckoutInput,
  zCheckoutOrder,
  zDowngradeInput,
  zPlan,
  zPlanInvoice,
  zSubscribeResult,
  zSubscriptionState,
  zVerifyAnyInput,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { zRecordParams, zSiteParams } from '../../platform/route-params.js';
import { invoiceDownload, listInvoices, saveBillingDetails } from './plan-invoices.js';
import * as renewal from './renewal-service.js';
import { createRazorpay } from './razorpay.js';
import * as subscriptions from './subscriptions-service.js';
import { handleWebhook } from './webhook.js';
import { siteScope } from '../../platform/scope.js';
import { sendDownload } from '../../platform/send-download.js';

const tags = ['subscriptions'];
/** Paying for the plan must work while the site is read-only: that is how it stops being so. */
const OWNER = {
  access: { auth: 'site', ownerOnly: 'manage the subscription', whileInactive: true },
} as const;

/** An owner route on the site's subscription: its access, tags and `:siteId` param, with `schema`. */
function owned<S extends { summary?: string; body?: z.ZodType; response: { 200: z.ZodType } }>(
  schema: S,
) {
  return { config: OWNER, schema: { tags, params: zSiteParams, ...schema } };
}

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
    owned({
      body: zCheckoutInput,
      response: { 200: zCheckoutOrder },
    }),
    async (req) => subscriptions.checkout(siteScope(req, ctx), razorpay, req.body),
  );

  r.post(
    `${base}/subscribe`,
    owned({
      summary: 'A Razorpay subscription that renews the plan until cancelled (issue 26)',
      body: zCheckoutInput,
      response: { 200: zSubscribeResult },
    }),
    async (req) => renewal.subscribe(siteScope(req, ctx), razorpay, req.body),
  );

  r.post(
    `${base}/verify`,
    owned({
      summary: "Checkout's signed answer for an order or a subscription",
      body: zVerifyAnyInput,
      response: { 200: zSubscriptionState },
    }),
    async (req) => {
      const body = req.body;
      return 'razorpay_subscription_id' in body
        ? renewal.verifySubscription(siteScope(req, ctx), razorpay, body)
        : subscriptions.verify(siteScope(req, ctx), razorpay, body);
    },
  );

  r.post(
    `${base}/downgrade`,
    owned({
      summary: 'Move to a free plan at the end of the paid period',
      body: zDowngradeInput,
      response: { 200: zSubscriptionState },
    }),
    async (req) => renewal.downgrade(siteScope(req, ctx), razorpay, req.body),
  );

  r.delete(
    `${base}/downgrade`,
    owned({
      summary: 'Keep the paid plan after all',
      response: { 200: zSubscriptionState },
    }),
    async (req) => renewal.undoDowngrade(siteScope(req, ctx), razorpay),
  );

  r.put(
    `${base}/billing_details`,
    owned({
      summary: 'The buyer printed on plan invoices',
      body: zBillingDetailsInput,
      response: { 200: zBillingDetails },
    }),
    async (req) => saveBillingDetails(siteScope(req, ctx), req.body),
  );

  r.get(
    `${base}/invoices`,
    owned({
      summary: 'Plan payments with their tax invoices, newest first',
      response: { 200: z.object({ items: z.array(zPlanInvoice) }) },
    }),
    async (req) => ({ items: await listInvoices(siteScope(req, ctx)) }),
  );

  r.get(
    `${base}/invoices/:id/pdf`,
    {
      config: OWNER,
      schema: { tags, summary: 'A plan invoice as a PDF', params: zRecordParams },
    },
    async (req, reply) =>
      sendDownload(reply, await invoiceDownload(siteScope(req, ctx), req.params.id)),
  );

  r.post(`${base}/cancel`, owned({ response: { 200: zSubscriptionState } }), async (req) =>
    subscriptions.cancel(siteScope(req, ctx), razorpay),
  );

  r.post(`${base}/reactivate`, owned({ response: { 200: zSubscriptionState } }), async (req) =>
    subscriptions.reactivate(siteScope(req, ctx), razorpay),
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
