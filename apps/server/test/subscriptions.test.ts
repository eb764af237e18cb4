import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutOrder, Plan, SubscriptionState } from '@siteledger/domain';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { startFakeRazorpay, type FakeRazorpay } from './helpers/fake-razorpay.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let razorpay: FakeRazorpay;
let plans: Plan[];

const basic = () => plans.find((p) => p.name === 'Basic')!;
const free = () => plans.find((p) => p.name === 'Free')!;

interface Site {
  id: string;
  owner: Registered;
  url(path: string): string;
  state(): Promise<SubscriptionState>;
}

async function newSite(): Promise<Site> {
  const owner = await registerUser(server.url);
  const { id } = await createSite(server.url, owner.token);
  const url = (path: string) => `/api/sites/${id}${path}`;
  return {
    id,
    owner,
    url,
    async state() {
      const res = await call<SubscriptionState>(server.url, 'GET', url('/subscription'), {
        token: owner.token,
      });
      expect(res.status).toBe(200);
      return res.body;
    },
  };
}

async function checkout(site: Site, billing_cycle = 'monthly', plan = basic().id) {
  return call<CheckoutOrder>(server.url, 'POST', site.url('/subscription/checkout'), {
    token: site.owner.token,
    body: { plan, billing_cycle },
  });
}

async function verify(site: Site, body: Record<string, string>, token = site.owner.token) {
  return call<SubscriptionState>(server.url, 'POST', site.url('/subscription/verify'), {
    token,
    body,
  });
}

/** What Checkout hands the page after a successful payment. */
function paid(orderId: string) {
  const paymentId = `pay_${Math.random().toString(36).slice(2, 12)}`;
  return {
    razorpay_order_id: orderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: razorpay.sign(orderId, paymentId),
  };
}

async function webhook(body: unknown, eventId: string, forged = false) {
  const raw = JSON.stringify(body);
  return call<{ status: string }>(server.url, 'POST', '/api/webhooks/razorpay', {
    rawBody: raw,
    headers: razorpay.webhookHeaders(raw, eventId, forged),
  });
}

const days = (iso: string | null | undefined) =>
  iso ? Math.round((Date.parse(iso) - Date.now()) / 86_400_000) : null;

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
  const res = await call<{ items: Plan[] }>(server.url, 'GET', '/api/plans');
  expect(res.status).toBe(200);
  plans = res.body.items;
});
afterAll(async () => {
  await server?.close();
  await razorpay?.close();
});

describe('plans and the default subscription', () => {
  it('lists the active plans by price, with prices in rupees and the limits', () => {
    expect(plans.map((p) => p.name)).toEqual(['Free', 'Basic']);
    expect(free()).toMatchObject({
      price: 0,
      currency: 'INR',
      is_default: true,
      features: { max_vendors: 1, max_deliveries: 5, max_sites: 1 },
    });
    expect(basic()).toMatchObject({
      price: 999,
      yearly_price: 9999,
      is_default: false,
      features: { max_items: -1, max_deliveries: -1, max_sites: 3 },
    });
  });

  it('a new site is on the default plan, active, not auto-renewing', async () => {
    const site = await newSite();
    const state = await site.state();
    expect(state.subscription).toMatchObject({
      status: 'active',
      auto_renew: false,
      cancelled_at: null,
      plan: { name: 'Free' },
    });
    expect(state).toMatchObject({ active: true, read_only: false, payments_configured: true });
    // Every member may read it (the web app disables buttons from it).
    const accountant = await registerUser(server.url);
    await addMember(server, site.id, accountant.user.id, 'accountant');
    const res = await call(server.url, 'GET', site.url('/subscription'), {
      token: accountant.token,
    });
    expect(res.status).toBe(200);
  });
});

describe('checkout → verify → upgrade', () => {
  it('creates the order with the provider for price × 100 paise, with site and plan in its notes', async () => {
    const site = await newSite();
    const before = razorpay.requests.length;
    const res = await checkout(site);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      amount: 99_900,
      currency: 'INR',
      key_id: razorpay.keyId,
      notes: { site_id: site.id, plan_id: basic().id, billing_cycle: 'monthly' },
    });
    expect(res.body.order_id).toMatch(/^order_/);
    const sent = razorpay.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/v1/orders',
      authorization: `Basic ${Buffer.from(`${razorpay.keyId}:${razorpay.keySecret}`).toString('base64')}`,
      body: {
        amount: 99_900,
        currency: 'INR',
        notes: { site_id: site.id, plan_id: basic().id, billing_cycle: 'monthly' },
      },
    });
    expect((sent[0]!.body as { receipt: string }).receipt.length).toBeLessThanOrEqual(40);

    const yearly = await checkout(site, 'yearly');
    expect(yearly.body.amount).toBe(999_900);
  });

  it('verifies a real HMAC, upgrades the plan for a month and lifts the limits', async () => {
    const site = await newSite();
    const add = (name: string) =>
      call(server.url, 'POST', site.url('/vendors'), { token: site.owner.token, body: { name } });
    expect((await add('First')).status).toBe(201);
    expect((await add('Second')).status).toBe(403);

    const order = (await checkout(site)).body;
    const proof = paid(order.order_id);
    const res = await verify(site, proof);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.subscription).toMatchObject({
      status: 'active',
      billing_cycle: 'monthly',
      cancelled_at: null,
      plan: { name: 'Basic' },
    });
    expect(days(res.body.subscription?.current_period_end)).toBeGreaterThanOrEqual(28);
    expect(days(res.body.subscription?.current_period_end)).toBeLessThanOrEqual(31);
    expect(res.body).toMatchObject({ read_only: false, limits_reached: [] });
    expect((await add('Second')).status).toBe(201);

    // Verifying the same payment again (a retried request) changes nothing.
    const again = await verify(site, proof);
    expect(again.status).toBe(200);
    expect(again.body.subscription?.current_period_end).toBe(
      res.body.subscription?.current_period_end,
    );

    // Buying another month while this one runs extends it.
    const second = (await checkout(site)).body;
    const extended = await verify(site, paid(second.order_id));
    expect(days(extended.body.subscription?.current_period_end)).toBeGreaterThanOrEqual(58);

    // A yearly purchase on a fresh site runs for a year.
    const other = await newSite();
    const year = (await checkout(other, 'yearly')).body;
    const yearly = await verify(other, paid(year.order_id));
    expect(yearly.body.subscription?.billing_cycle).toBe('yearly');
    expect(days(yearly.body.subscription?.current_period_end)).toBeGreaterThanOrEqual(364);
  });

  it('refuses a forged signature, another payment for a paid order, and another site’s order', async () => {
    const site = await newSite();
    const order = (await checkout(site)).body;
    const forged = {
      razorpay_order_id: order.order_id,
      razorpay_payment_id: 'pay_forged000001',
      razorpay_signature: 'f'.repeat(64),
    };
    const res = await verify(site, forged);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'PAYMENT_VERIFICATION_FAILED',
      message: 'Payment failed',
    });
    // Signed for a different payment id: also refused.
    const real = paid(order.order_id);
    const swapped = await verify(site, { ...real, razorpay_payment_id: 'pay_other0000001' });
    expect(swapped.status).toBe(400);
    expect((await site.state()).subscription?.plan.name).toBe('Free');

    // Another site cannot use this site's order, even with a valid signature.
    const thief = await newSite();
    const stolen = await verify(thief, real);
    expect(stolen.status).toBe(400);
    expect((await thief.state()).subscription?.plan.name).toBe('Free');

    // The real one works once; a second, different payment for the same order is refused.
    expect((await verify(site, real)).status).toBe(200);
    expect((await verify(site, paid(order.order_id))).status).toBe(400);
  });

  it('is for owners only, and validates the plan', async () => {
    const site = await newSite();
    const supervisor = await registerUser(server.url);
    await addMember(server, site.id, supervisor.user.id, 'supervisor');
    const denied = await call(server.url, 'POST', site.url('/subscription/checkout'), {
      token: supervisor.token,
      body: { plan: basic().id, billing_cycle: 'monthly' },
    });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({
      code: 'PERMISSION_DENIED',
      message: 'Permission denied: Only owners can manage the subscription',
    });
    for (const path of [
      '/subscription/verify',
      '/subscription/cancel',
      '/subscription/reactivate',
    ]) {
      const res = await call(server.url, 'POST', site.url(path), {
        token: supervisor.token,
        body: path.endsWith('verify') ? paid('order_x') : {},
      });
      expect(res.status, path).toBe(403);
    }
    const freePlan = await checkout(site, 'monthly', free().id);
    expect(freePlan.status).toBe(400);
    expect(freePlan.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    const unknown = await checkout(site, 'monthly', 'nosuchplan00000');
    expect(unknown.status).toBe(400);
    const badCycle = await checkout(site, 'weekly');
    expect(badCycle.status).toBe(400);
  });

  it('a provider outage answers 502 and records no order', async () => {
    const site = await newSite();
    razorpay.failNext();
    const res = await checkout(site);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'PAYMENT_PROVIDER_ERROR' });
    const orders = await server.ctx.db.kysely
      .selectFrom('payment_orders')
      .select('id')
      .where('site_id', '=', site.id)
      .execute();
    expect(orders).toHaveLength(0);
  });
});

describe('webhooks', () => {
  const subscriptionEvent = (
    event: string,
    site: Site,
    providerId: string,
    period: { start: number; end: number } | null = null,
  ) => ({
    entity: 'event',
    event,
    payload: {
      subscription: {
        entity: {
          id: providerId,
          entity: 'subscription',
          status: event.split('.')[1],
          notes: { site_id: site.id, plan_id: basic().id, billing_cycle: 'monthly' },
          ...(period ? { current_start: period.start, current_end: period.end } : {}),
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
  const now = () => Math.floor(Date.now() / 1000);

  it('refuses a bad signature with INVALID_SIGNATURE and changes nothing', async () => {
    const site = await newSite();
    const res = await webhook(
      subscriptionEvent('subscription.activated', site, 'sub_forged', {
        start: now(),
        end: now() + 86_400 * 30,
      }),
      'evt_forged_1',
      true,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_SIGNATURE' });
    expect((await site.state()).subscription?.plan.name).toBe('Free');
  });

  it('applies subscription events, ignores a replayed event id, and drives cancel / reactivate', async () => {
    const site = await newSite();
    const providerId = `sub_${site.id}`;
    const end = now() + 86_400 * 30;
    const activated = await webhook(
      subscriptionEvent('subscription.activated', site, providerId, { start: now(), end }),
      `evt_act_${site.id}`,
    );
    expect(activated.status).toBe(200);
    expect(activated.body).toEqual({ status: 'applied' });
    let state = await site.state();
    expect(state.subscription).toMatchObject({
      status: 'active',
      auto_renew: true,
      provider_subscription_id: providerId,
      plan: { name: 'Basic' },
      current_period_end: new Date(end * 1000).toISOString(),
    });

    // Charged: the period moves on.
    const nextEnd = end + 86_400 * 30;
    await webhook(
      subscriptionEvent('subscription.charged', site, providerId, { start: end, end: nextEnd }),
      `evt_chg_${site.id}`,
    );
    state = await site.state();
    expect(state.subscription?.current_period_end).toBe(new Date(nextEnd * 1000).toISOString());

    // A replay of the first event (same id) is ignored: the period does not go back.
    const replay = await webhook(
      subscriptionEvent('subscription.activated', site, providerId, { start: now(), end }),
      `evt_act_${site.id}`,
    );
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ status: 'duplicate' });
    expect((await site.state()).subscription?.current_period_end).toBe(
      new Date(nextEnd * 1000).toISOString(),
    );

    // Cancel: told to the provider, usable until the period ends, reactivation offered.
    const before = razorpay.requests.length;
    const cancelled = await call<SubscriptionState>(
      server.url,
      'POST',
      site.url('/subscription/cancel'),
      {
        token: site.owner.token,
      },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.subscription?.status).toBe('cancelled');
    expect(cancelled.body.subscription?.cancelled_at).not.toBeNull();
    expect(cancelled.body).toMatchObject({ active: true, can_reactivate: true });
    expect(razorpay.requests.slice(before)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: `/v1/subscriptions/${providerId}/cancel`,
        body: { cancel_at_cycle_end: 1 },
      }),
    ]);
    const vendor = await call(server.url, 'POST', site.url('/vendors'), {
      token: site.owner.token,
      body: { name: 'Still allowed' },
    });
    expect(vendor.status).toBe(201);
    const twice = await call(server.url, 'POST', site.url('/subscription/cancel'), {
      token: site.owner.token,
    });
    expect(twice.status).toBe(404);

    const reactivated = await call<SubscriptionState>(
      server.url,
      'POST',
      site.url('/subscription/reactivate'),
      { token: site.owner.token },
    );
    expect(reactivated.status).toBe(200);
    expect(reactivated.body.subscription).toMatchObject({ status: 'active', cancelled_at: null });
    expect(reactivated.body.can_reactivate).toBe(false);

    // Halted by the provider (renewal failed): issue 26 keeps the paid period and its grace, with
    // the failure on the banner; paying again clears it.
    await webhook(
      subscriptionEvent('subscription.halted', site, providerId),
      `evt_halt_${site.id}`,
    );
    state = await site.state();
    expect(state).toMatchObject({
      active: true,
      read_only: false,
      next_charge: null,
      notice: { kind: 'payment_failed' },
      subscription: { auto_renew: false, status: 'active' },
    });
    expect(state.subscription?.renewal_failed_at).not.toBeNull();
    const order = (await checkout(site)).body;
    const repaid = (await verify(site, paid(order.order_id))).body;
    expect(repaid).toMatchObject({ active: true, notice: null });
    expect(repaid.subscription?.renewal_failed_at).toBeNull();
  });

  it('order.paid upgrades when the browser never came back to verify; unknown events are ignored', async () => {
    const site = await newSite();
    const order = (await checkout(site)).body;
    const event = {
      entity: 'event',
      event: 'order.paid',
      payload: {
        payment: {
          entity: { id: 'pay_webhook00001', order_id: order.order_id, status: 'captured' },
        },
        order: { entity: { id: order.order_id, status: 'paid', notes: order.notes } },
      },
    };
    const res = await webhook(event, `evt_paid_${site.id}`);
    expect(res.body).toEqual({ status: 'applied' });
    expect((await site.state()).subscription?.plan.name).toBe('Basic');
    // The browser's verify arriving later for the same payment is fine and extends nothing.
    const late = await verify(site, {
      razorpay_order_id: order.order_id,
      razorpay_payment_id: 'pay_webhook00001',
      razorpay_signature: razorpay.sign(order.order_id, 'pay_webhook00001'),
    });
    expect(late.status).toBe(200);
    const other = await webhook({ event: 'refund.created', payload: {} }, `evt_other_${site.id}`);
    expect(other.body).toEqual({ status: 'ignored' });
  });

  it('says when there is nothing to cancel or reactivate', async () => {
    const site = await newSite();
    const cancel = await call(server.url, 'POST', site.url('/subscription/cancel'), {
      token: site.owner.token,
    });
    expect(cancel.status).toBe(404);
    expect(cancel.body).toMatchObject({
      code: 'NO_SUBSCRIPTION',
      message: 'No subscription to cancel',
    });
    const reactivate = await call(server.url, 'POST', site.url('/subscription/reactivate'), {
      token: site.owner.token,
      lang: 'hi',
    });
    expect(reactivate.status).toBe(404);
    expect(reactivate.body).toMatchObject({
      code: 'NO_SUBSCRIPTION',
      message: 'पुनः सक्रिय करने के लिए कोई सदस्यता नहीं है',
    });
    // A paid plan given without payment (no period, no provider subscription) cannot be
    // cancelled: there is nothing to stop, and cancelling would lock the site at once.
    await server.ctx.db.kysely
      .updateTable('site_subscriptions')
      .set({ plan_id: basic().id })
      .where('site_id', '=', site.id)
      .execute();
    const unpaid = await call(server.url, 'POST', site.url('/subscription/cancel'), {
      token: site.owner.token,
    });
    expect(unpaid.status).toBe(404);
    expect((await site.state()).active).toBe(true);
    // A paid subscription bought through checkout has no provider subscription: cancel works,
    // reactivation is not offered.
    const order = (await checkout(site)).body;
    await verify(site, paid(order.order_id));
    const cancelled = await call<SubscriptionState>(
      server.url,
      'POST',
      site.url('/subscription/cancel'),
      {
        token: site.owner.token,
      },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.can_reactivate).toBe(false);
    const again = await call(server.url, 'POST', site.url('/subscription/reactivate'), {
      token: site.owner.token,
    });
    expect(again.status).toBe(404);
  });
});

describe('without Razorpay keys', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startServer({ DEFAULT_PLAN: 'Free' });
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('checkout says payments are not configured; the webhook refuses', async () => {
    const owner = await registerUser(bare.url);
    const { id } = await createSite(bare.url, owner.token);
    const state = await call<SubscriptionState>(bare.url, 'GET', `/api/sites/${id}/subscription`, {
      token: owner.token,
    });
    expect(state.body.payments_configured).toBe(false);
    const plansRes = await call<{ items: Plan[] }>(bare.url, 'GET', '/api/plans');
    const res = await call(bare.url, 'POST', `/api/sites/${id}/subscription/checkout`, {
      token: owner.token,
      body: {
        plan: plansRes.body.items.find((p) => p.name === 'Basic')!.id,
        billing_cycle: 'monthly',
      },
    });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'PAYMENTS_NOT_CONFIGURED' });
    const hook = await call(bare.url, 'POST', '/api/webhooks/razorpay', {
      rawBody: '{}',
      headers: { 'x-razorpay-signature': 'x', 'x-razorpay-event-id': 'evt_1' },
    });
    expect(hook.status).toBe(503);
  });
});
