import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan, PlanInvoice, SubscribeResult, SubscriptionState } from '@siteledger/domain';
import { call, createSite, readOutbox, registerUser, type Registered } from './helpers/api.js';
import { startFakeRazorpay, type FakeRazorpay } from './helpers/fake-razorpay.js';
import {
  EVENT_SHAPE,
  FAILED_PAYMENT_SHAPE,
  INVOICE_SHAPE,
  SUBSCRIPTION_PAYMENT_SHAPE,
  SUBSCRIPTION_SHAPE,
  shapeProblems,
} from './helpers/razorpay-published.js';
import { startServer, type TestServer } from './helpers/test-server.js';

/**
 * Issue 39 over HTTP: Razorpay's own webhook bodies (shapes as published, signed with the
 * webhook secret) through the fake, for the three places billing disagreed with Razorpay:
 * payment.failed linked through its invoice, activation after halted, reactivation after a
 * cancellation took effect.
 */
let server: TestServer;
let razorpay: FakeRazorpay;
let plans: Plan[];

interface Site {
  id: string;
  owner: Registered;
  url(p: string): string;
  state(): Promise<SubscriptionState>;
  invoices(): Promise<PlanInvoice[]>;
}

async function newSite(): Promise<Site> {
  const owner = await registerUser(server.url);
  const { id } = await createSite(server.url, owner.token, { name: 'Lakeview Residency' });
  const url = (p: string) => `/api/sites/${id}${p}`;
  const get = async <T>(p: string) => {
    const res = await call<T>(server.url, 'GET', url(p), { token: owner.token });
    expect(res.status).toBe(200);
    return res.body;
  };
  return {
    id,
    owner,
    url,
    state: () => get<SubscriptionState>('/subscription'),
    invoices: async () => (await get<{ items: PlanInvoice[] }>('/subscription/invoices')).items,
  };
}

const post = <T = Record<string, unknown>>(site: Site, p: string, body?: unknown) =>
  call<T>(server.url, 'POST', site.url(p), {
    token: site.owner.token,
    ...(body === undefined ? {} : { body }),
  });

/** subscribe → the fake's checkout page pays → verify, as the browser does. */
async function subscribeAndPay(site: Site): Promise<string> {
  const basic = plans.find((p) => p.name === 'Basic')!;
  const sub = await post<SubscribeResult>(site, '/subscription/subscribe', {
    plan: basic.id,
    billing_cycle: 'monthly',
  });
  expect(sub.status).toBe(200);
  const paid = await fetch(`${razorpay.url}/test-checkout/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ subscription_id: sub.body.subscription_id }),
  });
  const verified = await post(site, '/subscription/verify', await paid.json());
  expect(verified.status).toBe(200);
  return sub.body.subscription_id;
}

async function deliver(payload: { body: string; eventId: string }, status = 200) {
  const res = await razorpay.deliver(
    `${server.url}/api/webhooks/razorpay`,
    payload.body,
    payload.eventId,
  );
  expect(res.status).toBe(status);
  return (await res.json()) as { status?: string; code?: string };
}

const failureMails = (site: Site) =>
  readOutbox(server.dataDir).filter((m) => m.to === site.owner.email && /failed/.test(m.subject));
const callsSince = (from: number) => razorpay.requests.slice(from).map((r) => r.path);

beforeAll(async () => {
  razorpay = await startFakeRazorpay();
  server = await startServer({
    DEFAULT_PLAN: 'Free',
    RAZORPAY_KEY_ID: razorpay.keyId,
    RAZORPAY_KEY_SECRET: razorpay.keySecret,
    RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
    RAZORPAY_API_URL: razorpay.url,
    RAZORPAY_CHECKOUT_URL: razorpay.checkoutUrl,
  });
  plans = (await call<{ items: Plan[] }>(server.url, 'GET', '/api/plans')).body.items;
});

afterAll(async () => {
  await server?.close();
  await razorpay?.close();
});

describe("the fake's payloads", () => {
  it('match Razorpay’s published samples field by field', async () => {
    const site = await newSite();
    const subscriptionId = await subscribeAndPay(site);
    const bodies = {
      'payment.failed': razorpay.paymentFailed(subscriptionId),
      'subscription.activated': razorpay.event('subscription.activated', subscriptionId),
      'subscription.charged': razorpay.charge(subscriptionId),
      'subscription.cancelled': razorpay.event('subscription.cancelled', subscriptionId),
      'subscription.pending': razorpay.event('subscription.pending', subscriptionId),
      'subscription.halted': razorpay.halt(subscriptionId),
    };
    // What each published sample contains.
    const contains: Record<string, string[]> = {
      'payment.failed': ['payment'],
      'subscription.activated': ['subscription'],
      'subscription.charged': ['subscription', 'payment'],
      'subscription.cancelled': ['subscription'],
      'subscription.pending': ['subscription'],
      'subscription.halted': ['subscription'],
    };
    for (const [event, { body }] of Object.entries(bodies)) {
      const sent = JSON.parse(body) as Record<string, unknown> & {
        contains: string[];
        payload: Record<string, { entity: unknown }>;
      };
      expect(shapeProblems(sent, EVENT_SHAPE), event).toEqual([]);
      expect(sent.event).toBe(event);
      expect(sent.contains, event).toEqual(contains[event]);
      expect(Object.keys(sent.payload).sort(), event).toEqual([...sent.contains].sort());
      if (sent.payload.subscription) {
        const problems = shapeProblems(sent.payload.subscription.entity, SUBSCRIPTION_SHAPE);
        expect(problems, `${event} subscription`).toEqual([]);
      }
      if (sent.payload.payment) {
        const shape =
          event === 'payment.failed' ? FAILED_PAYMENT_SHAPE : SUBSCRIPTION_PAYMENT_SHAPE;
        expect(shapeProblems(sent.payload.payment.entity, shape), `${event} payment`).toEqual([]);
      }
    }
    // payment.failed: the payment entity alone; its invoice is the way to the subscription.
    const failed = JSON.parse(bodies['payment.failed'].body) as {
      contains: string[];
      payload: { payment: { entity: { invoice_id: string } } };
    };
    const invoice = await fetch(
      `${razorpay.url}/v1/invoices/${failed.payload.payment.entity.invoice_id}`,
      {
        headers: {
          authorization: `Basic ${Buffer.from(`${razorpay.keyId}:${razorpay.keySecret}`).toString('base64')}`,
        },
      },
    );
    expect(invoice.status).toBe(200);
    const entity = (await invoice.json()) as { subscription_id: string; status: string };
    expect(shapeProblems(entity, INVOICE_SHAPE)).toEqual([]);
    expect(entity).toMatchObject({ subscription_id: subscriptionId, status: 'issued' });
  });
});

describe('payment.failed (issue 39.1)', () => {
  it('follows the payment’s invoice to the subscription: failure mail and banner at once', async () => {
    const site = await newSite();
    const subscriptionId = await subscribeAndPay(site);
    const before = razorpay.requests.length;
    const failed = razorpay.paymentFailed(subscriptionId);
    expect(await deliver(failed)).toEqual({ status: 'applied' });
    // The invoice lookup, served by the fake, and nothing else.
    expect(callsSince(before)).toEqual([`/v1/invoices/${failed.invoiceId}`]);
    const state = await site.state();
    expect(state).toMatchObject({
      active: true,
      read_only: false,
      next_charge: null,
      notice: { kind: 'payment_failed' },
    });
    expect(state.subscription?.renewal_failed_at).not.toBeNull();
    expect(failureMails(site)).toHaveLength(1);
    expect(failureMails(site)[0]?.text).toContain('did not go through');
    // Razorpay retries the charge and it fails again: no second mail.
    expect(await deliver(razorpay.paymentFailed(subscriptionId))).toEqual({ status: 'applied' });
    expect(failureMails(site)).toHaveLength(1);
  });

  it('still accepts a body that names the subscription, without asking the provider', async () => {
    const site = await newSite();
    const subscriptionId = await subscribeAndPay(site);
    const before = razorpay.requests.length;
    const named = razorpay.paymentFailed(subscriptionId, { namesSubscription: true });
    expect(await deliver(named)).toEqual({ status: 'applied' });
    expect(callsSince(before)).toEqual([]);
    expect((await site.state()).notice).toMatchObject({ kind: 'payment_failed' });
    expect(failureMails(site)).toHaveLength(1);
  });

  it('an order’s failed payment (no invoice) is ignored; an outage at the lookup is retried', async () => {
    const site = await newSite();
    const subscriptionId = await subscribeAndPay(site);
    const failed = JSON.parse(razorpay.paymentFailed(subscriptionId).body) as {
      payload: { payment: { entity: Record<string, unknown> } };
    };
    failed.payload.payment.entity.invoice_id = null;
    failed.payload.payment.entity.order_id = 'order_checkout0001';
    const before = razorpay.requests.length;
    const orderFailed = { body: JSON.stringify(failed), eventId: `evt_order_${site.id}` };
    expect(await deliver(orderFailed)).toEqual({ status: 'ignored' });
    expect(callsSince(before)).toEqual([]);

    // The provider is down when the invoice is looked up: 502, nothing recorded, so the
    // redelivery of the same event is applied.
    const renewal = razorpay.paymentFailed(subscriptionId);
    razorpay.failNext();
    expect(await deliver(renewal, 502)).toMatchObject({ code: 'PAYMENT_PROVIDER_ERROR' });
    expect((await site.state()).notice).toBeNull();
    expect(await deliver(renewal)).toEqual({ status: 'applied' });
    expect((await site.state()).notice).toMatchObject({ kind: 'payment_failed' });
  });
});

describe('subscription.activated after halted (issue 39.2)', () => {
  it('moves no period: only the next captured charge does', async () => {
    const site = await newSite();
    const subscriptionId = await subscribeAndPay(site);
    const paid = (await site.state()).subscription!;
    expect(await deliver(razorpay.halt(subscriptionId))).toEqual({ status: 'applied' });
    let state = await site.state();
    expect(state.subscription).toMatchObject({
      auto_renew: false,
      current_period_start: paid.current_period_start,
      current_period_end: paid.current_period_end,
    });
    // The card is changed: active again, but the unpaid cycle stays unpaid.
    const activated = razorpay.activate(subscriptionId);
    const unpaid = JSON.parse(activated.body) as {
      payload: { subscription: { entity: { current_end: number } } };
    };
    expect(unpaid.payload.subscription.entity.current_end * 1000).toBeGreaterThan(
      new Date(paid.current_period_end!).getTime(),
    );
    expect(await deliver(activated)).toEqual({ status: 'applied' });
    state = await site.state();
    expect(state.subscription).toMatchObject({
      status: 'active',
      auto_renew: true,
      renewal_failed_at: null,
      current_period_start: paid.current_period_start,
      current_period_end: paid.current_period_end,
    });
    expect(await site.invoices()).toHaveLength(1);

    // The next invoice is charged: the period is the one it pays for, after the unpaid cycle.
    const charged = razorpay.charge(subscriptionId);
    expect(await deliver(charged)).toEqual({ status: 'applied' });
    const fake = razorpay.subscriptions.get(subscriptionId)!;
    state = await site.state();
    expect(state.subscription).toMatchObject({
      current_period_start: new Date(fake.current_start! * 1000).toISOString(),
      current_period_end: new Date(fake.current_end! * 1000).toISOString(),
    });
    expect((await site.invoices()).map((i) => i.payment_id)[0]).toBe(charged.paymentId);
  });

  it('the same for a subscription made outside checkout, known by the site in its notes', async () => {
    const site = await newSite();
    const basic = plans.find((p) => p.name === 'Basic')!;
    const providerId = `sub_notes${site.id}`;
    const now = Math.floor(Date.now() / 1000);
    const entity = (status: string, start: number, end: number) => ({
      id: providerId,
      entity: 'subscription',
      plan_id: 'plan_outside0001',
      status,
      current_start: start,
      current_end: end,
      notes: { site_id: site.id, plan_id: basic.id, billing_cycle: 'monthly' },
    });
    const send = (event: string, status: string, start: number, end: number) =>
      deliver({
        body: JSON.stringify({
          entity: 'event',
          account_id: 'acc_outside00001',
          event,
          contains: ['subscription'],
          payload: { subscription: { entity: entity(status, start, end) } },
          created_at: now,
        }),
        eventId: `evt_${start}_${event}_${site.id}`,
      });
    const month = 30 * 86_400;
    expect(await send('subscription.activated', 'active', now, now + month)).toEqual({
      status: 'applied',
    });
    const paid = (await site.state()).subscription!;
    expect(paid.current_period_end).toBe(new Date((now + month) * 1000).toISOString());
    await send('subscription.halted', 'halted', now + month, now + 2 * month);
    expect(await send('subscription.activated', 'active', now + month, now + 2 * month)).toEqual({
      status: 'applied',
    });
    expect((await site.state()).subscription).toMatchObject({
      status: 'active',
      auto_renew: true,
      current_period_start: paid.current_period_start,
      current_period_end: paid.current_period_end,
    });
  });
});

describe('a cancelled subscription (issue 39.3)', () => {
  it('after subscription.cancelled: not offered, reactivate is 404 with no provider call', async () => {
    const site = await newSite();
    const subscriptionId = await subscribeAndPay(site);
    const cancelled = await post<SubscriptionState>(site, '/subscription/cancel');
    expect(cancelled.body.can_reactivate).toBe(true);
    // The cancellation takes effect at Razorpay (say, from its dashboard), and it says so.
    await fetch(`${razorpay.url}/v1/subscriptions/${subscriptionId}/cancel`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${razorpay.keyId}:${razorpay.keySecret}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ cancel_at_cycle_end: 0 }),
    });
    const event = razorpay.event('subscription.cancelled', subscriptionId);
    expect(await deliver(event)).toEqual({ status: 'applied' });
    const state = await site.state();
    expect(state).toMatchObject({
      active: true,
      can_reactivate: false,
      next_charge: null,
      subscription: { status: 'cancelled', auto_renew: false },
    });
    const before = razorpay.requests.length;
    const refused = await post(site, '/subscription/reactivate');
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'NO_SUBSCRIPTION' });
    expect(callsSince(before)).toEqual([]);
    expect((await site.state()).subscription?.status).toBe('cancelled');
  });

  it('cancelled at Razorpay without a cancel here: the same; a new subscription renews again', async () => {
    const site = await newSite();
    const subscriptionId = await subscribeAndPay(site);
    expect(await deliver(razorpay.event('subscription.cancelled', subscriptionId))).toEqual({
      status: 'applied',
    });
    const state = await site.state();
    expect(state).toMatchObject({ can_reactivate: false, subscription: { status: 'cancelled' } });
    const before = razorpay.requests.length;
    expect((await post(site, '/subscription/reactivate')).status).toBe(404);
    // Nor is there anything left to cancel.
    expect((await post(site, '/subscription/cancel')).status).toBe(404);
    expect(callsSince(before)).toEqual([]);
    // A new subscription: it first charges when the paid period ends, so no paid day is lost.
    const paid = state.subscription!;
    const next = await subscribeAndPay(site);
    const created = razorpay.requests.filter((r) => r.path === '/v1/subscriptions').at(-1);
    expect(created?.body).toMatchObject({
      start_at: Math.floor(new Date(paid.current_period_end!).getTime() / 1000),
    });
    const renewing = await site.state();
    expect(renewing).toMatchObject({
      can_reactivate: false,
      next_charge: { amount: 999, date: paid.current_period_end },
      subscription: {
        status: 'active',
        auto_renew: true,
        provider_subscription_id: next,
        current_period_start: paid.current_period_start,
        current_period_end: paid.current_period_end,
      },
    });
    // Checkout only authenticated the card: nothing invoiced until the first charge.
    expect(await site.invoices()).toHaveLength(1);
    const first = razorpay.charge(next);
    expect(await deliver(first)).toEqual({ status: 'applied' });
    // From the provider's start (whole seconds): where the paid period ended.
    const from = new Date(
      Math.floor(new Date(paid.current_period_end!).getTime() / 1000) * 1000,
    ).toISOString();
    expect((await site.state()).subscription).toMatchObject({ current_period_start: from });
    expect((await site.invoices())[0]).toMatchObject({
      payment_id: first.paymentId,
      period_start: from,
    });
    // Cancelled here, it can be reactivated as before.
    expect((await post<SubscriptionState>(site, '/subscription/cancel')).body.can_reactivate).toBe(
      true,
    );
    expect((await post(site, '/subscription/reactivate')).status).toBe(200);
  });
});
