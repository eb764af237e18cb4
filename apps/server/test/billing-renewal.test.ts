import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gstinCheckChar,
  type Plan,
  type PlanInvoice,
  type SubscribeResult,
  type SubscriptionState,
} from '@siteledger/domain';
import { checkIntegrity } from '../src/integrity/check.js';
import { billingSweep } from '../src/modules/subscriptions/billing-reminders.js';
import { call, createSite, readOutbox, registerUser, type Registered } from './helpers/api.js';
import { addMember } from './helpers/fixtures.js';
import { startFakeRazorpay, type FakeRazorpay } from './helpers/fake-razorpay.js';
import { startServer, type TestServer } from './helpers/test-server.js';

/**
 * Issue 26 over HTTP against the local Razorpay fake: renewing subscriptions, charges that
 * extend the period, failed renewals, cancel/reactivate, downgrade at period end, grace then
 * read-only, replayed webhooks, reminders, and tax invoices numbered without gaps.
 */
let server: TestServer;
let razorpay: FakeRazorpay;
let plans: Plan[];
const DAY = 24 * 60 * 60 * 1000;

const gstin = (first14: string) => first14 + gstinCheckChar(first14);
const SELLER_GSTIN = gstin('27AAACS1234A1Z');
const BUYER_GSTIN = gstin('29AABCG5678B1Z');
const basic = () => plans.find((p) => p.name === 'Basic')!;
const free = () => plans.find((p) => p.name === 'Free')!;

interface Site {
  id: string;
  owner: Registered;
  url(p: string): string;
  state(): Promise<SubscriptionState>;
  invoices(): Promise<PlanInvoice[]>;
}

async function newSite(name = 'Green Valley Towers'): Promise<Site> {
  const owner = await registerUser(server.url);
  const { id } = await createSite(server.url, owner.token, { name });
  const url = (p: string) => `/api/sites/${id}${p}`;
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
    async invoices() {
      const res = await call<{ items: PlanInvoice[] }>(
        server.url,
        'GET',
        url('/subscription/invoices'),
        { token: owner.token },
      );
      expect(res.status).toBe(200);
      return res.body.items;
    },
  };
}

const post = <T = Record<string, unknown>>(site: Site, p: string, body?: unknown) =>
  call<T>(server.url, 'POST', site.url(p), {
    token: site.owner.token,
    ...(body === undefined ? {} : { body }),
  });

/** subscribe → the fake's checkout page pays → verify, as the browser does. */
async function subscribeAndPay(site: Site, billing_cycle = 'monthly') {
  const sub = await post<SubscribeResult>(site, '/subscription/subscribe', {
    plan: basic().id,
    billing_cycle,
  });
  expect(sub.status).toBe(200);
  const paidRes = await fetch(`${razorpay.url}/test-checkout/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ subscription_id: sub.body.subscription_id }),
  });
  const answer = (await paidRes.json()) as Record<string, string>;
  const verified = await post<SubscriptionState>(site, '/subscription/verify', answer);
  expect(verified.status).toBe(200);
  return {
    subscriptionId: sub.body.subscription_id,
    paymentId: answer.razorpay_payment_id!,
    state: verified.body,
  };
}

async function deliver(payload: { body: string; eventId: string }) {
  const res = await razorpay.deliver(
    `${server.url}/api/webhooks/razorpay`,
    payload.body,
    payload.eventId,
  );
  expect(res.status).toBe(200);
  return (await res.json()) as { status: string };
}

/** Moves the site's paid period so that it ends `daysFromNow` days from now (test clock). */
async function endPeriodIn(site: Site, daysFromNow: number) {
  const end = new Date(Date.now() + daysFromNow * DAY).toISOString();
  await server.ctx.db.kysely
    .updateTable('site_subscriptions')
    .set({ current_period_end: end })
    .where('site_id', '=', site.id)
    .execute();
  return end;
}

const mailsTo = (email: string) => readOutbox(server.dataDir).filter((m) => m.to === email);

beforeAll(async () => {
  razorpay = await startFakeRazorpay();
  server = await startServer({
    DEFAULT_PLAN: 'Free',
    RAZORPAY_KEY_ID: razorpay.keyId,
    RAZORPAY_KEY_SECRET: razorpay.keySecret,
    RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
    RAZORPAY_API_URL: razorpay.url,
    RAZORPAY_CHECKOUT_URL: razorpay.checkoutUrl,
    INVOICE_SELLER_NAME: 'SiteLedger Technologies Pvt Ltd',
    INVOICE_SELLER_ADDRESS: '4th Floor, Baner Road\\nPune 411045',
    INVOICE_SELLER_GSTIN: SELLER_GSTIN,
  });
  const res = await call<{ items: Plan[] }>(server.url, 'GET', '/api/plans');
  plans = res.body.items;
});

afterAll(async () => {
  razorpay.setWebhookTarget(null);
  await razorpay.settled();
  await server?.close();
  await razorpay?.close();
});

describe('renewing subscriptions', () => {
  it('subscribes through checkout: Basic, renewing, next charge, one invoice; the provider plan is made once', async () => {
    razorpay.setWebhookTarget(`${server.url}/api/webhooks/razorpay`);
    const site = await newSite();
    const { subscriptionId, paymentId, state } = await subscribeAndPay(site);
    await razorpay.settled();
    expect(state).toMatchObject({
      active: true,
      subscription: {
        status: 'active',
        auto_renew: true,
        billing_cycle: 'monthly',
        provider_subscription_id: subscriptionId,
        plan: { name: 'Basic' },
      },
    });
    const after = await site.state();
    // One period from now, whichever of verify and the webhooks came first.
    const endsIn = new Date(after.subscription!.current_period_end!).getTime() - Date.now();
    expect(endsIn).toBeGreaterThan(27 * DAY);
    expect(endsIn).toBeLessThan(32 * DAY);
    expect(after.next_charge).toEqual({
      amount: 999,
      date: after.subscription?.current_period_end,
    });
    expect(after.notice).toBeNull();
    const created = razorpay.requests.filter((r) => r.path === '/v1/subscriptions');
    expect(created.at(-1)?.body).toMatchObject({
      total_count: 120,
      notes: { site_id: site.id, plan_id: basic().id, billing_cycle: 'monthly' },
    });
    // The automatic activated + charged webhooks for the same payment changed nothing more.
    expect(razorpay.deliveries.map((d) => d.status)).toEqual([200, 200]);
    const invoices = await site.invoices();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      payment_id: paymentId,
      source: 'subscription',
      plan_name: 'Basic',
      total: 999,
      taxable: 846.61,
      cgst: 76.19,
      sgst: 76.2,
      igst: 0,
    });
    expect(invoices[0]?.number).toMatch(/^SL\/\d{4}-\d{2}\/\d{6}$/);
    expect(invoices[0]?.period_end).toBe(after.subscription?.current_period_end);

    // A second site subscribing to the same plan and cycle reuses the provider plan.
    razorpay.setWebhookTarget(null);
    await subscribeAndPay(await newSite());
    expect(razorpay.requests.filter((r) => r.path === '/v1/plans')).toHaveLength(1);
  });

  it('a charge extends the period and is invoiced once, however often it is delivered', async () => {
    const site = await newSite();
    const { subscriptionId } = await subscribeAndPay(site);
    const firstEnd = (await site.state()).subscription!.current_period_end!;
    const charged = razorpay.charge(subscriptionId);
    expect(await deliver(charged)).toEqual({ status: 'applied' });
    const state = await site.state();
    const fake = razorpay.subscriptions.get(subscriptionId)!;
    // The provider's period (whole seconds) is the authority from the first renewal on.
    expect(state.subscription?.current_period_start).toBe(
      new Date(fake.current_start! * 1000).toISOString(),
    );
    expect(state.subscription?.current_period_end).toBe(
      new Date(fake.current_end! * 1000).toISOString(),
    );
    expect(state.subscription!.current_period_end! > firstEnd).toBe(true);
    // The same event again, and the same payment under another event id: nothing new.
    expect(await deliver(charged)).toEqual({ status: 'duplicate' });
    const again = razorpay.event('subscription.charged', subscriptionId, {
      paymentId: charged.paymentId,
    });
    expect(await deliver(again)).toEqual({ status: 'ignored' });
    const invoices = await site.invoices();
    expect(invoices.map((i) => i.payment_id)).toEqual([charged.paymentId, expect.any(String)]);
    expect(invoices[0]?.period_start).toBe(state.subscription?.current_period_start);
    expect((await site.state()).subscription?.current_period_end).toBe(
      state.subscription?.current_period_end,
    );
  });

  it('a failed renewal charge: reminder mail once, banner, still writable; the next charge clears it', async () => {
    const site = await newSite();
    const { subscriptionId } = await subscribeAndPay(site);
    expect(mailsTo(site.owner.email).filter((m) => /failed/.test(m.subject))).toHaveLength(0);
    const failed = razorpay.paymentFailed(subscriptionId);
    expect(await deliver(failed)).toEqual({ status: 'applied' });
    expect(await deliver(razorpay.event('subscription.pending', subscriptionId))).toEqual({
      status: 'applied',
    });
    let state = await site.state();
    expect(state).toMatchObject({
      active: true,
      read_only: false,
      next_charge: null,
      notice: { kind: 'payment_failed' },
    });
    const mails = mailsTo(site.owner.email).filter((m) => /failed/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('did not go through');
    expect(mails[0]?.link).toBe('http://app.test/subscription');
    const vendor = await post(site, '/vendors', { name: 'Still writable' });
    expect(vendor.status).toBe(201);
    // Halted after the retries: renewal stops, the period still holds, no second mail.
    await deliver(razorpay.event('subscription.halted', subscriptionId));
    state = await site.state();
    expect(state.subscription).toMatchObject({ auto_renew: false, status: 'active' });
    expect(mailsTo(site.owner.email).filter((m) => /failed/.test(m.subject))).toHaveLength(1);
    // The provider retries successfully: failure cleared, renewing again.
    await deliver(razorpay.charge(subscriptionId));
    state = await site.state();
    expect(state).toMatchObject({
      notice: null,
      subscription: { renewal_failed_at: null, auto_renew: true },
    });
  });

  it('cancel cancels at cycle end at the provider; reactivate withdraws it and renewal resumes', async () => {
    const site = await newSite();
    const { subscriptionId } = await subscribeAndPay(site);
    const cancelled = await post<SubscriptionState>(site, '/subscription/cancel');
    expect(cancelled.body).toMatchObject({
      active: true,
      can_reactivate: true,
      next_charge: null,
      subscription: { status: 'cancelled', auto_renew: false },
    });
    expect(razorpay.subscriptions.get(subscriptionId)?.cancel_at_cycle_end).toBe(true);
    const reactivated = await post<SubscriptionState>(site, '/subscription/reactivate');
    expect(reactivated.status).toBe(200);
    expect(reactivated.body).toMatchObject({
      subscription: { status: 'active', auto_renew: true, cancelled_at: null },
    });
    expect(reactivated.body.next_charge).not.toBeNull();
    expect(razorpay.subscriptions.get(subscriptionId)?.cancel_at_cycle_end).toBe(false);
    // A provider that refuses: nothing changes here.
    await post(site, '/subscription/cancel');
    razorpay.failNext();
    const refused = await post(site, '/subscription/reactivate');
    expect(refused.status).toBe(502);
    expect((await site.state()).subscription?.status).toBe('cancelled');
  });

  it('a new subscription stops the one it replaces; a late charge of the old one does not take the site back', async () => {
    const site = await newSite();
    const first = await subscribeAndPay(site);
    const second = await post<SubscribeResult>(site, '/subscription/subscribe', {
      plan: basic().id,
      billing_cycle: 'yearly',
    });
    const paid = await fetch(`${razorpay.url}/test-checkout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ subscription_id: second.body.subscription_id }),
    });
    const answer = (await paid.json()) as Record<string, string>;
    // The provider's activation arrives before the browser's verify.
    await deliver(razorpay.event('subscription.activated', second.body.subscription_id));
    expect(razorpay.subscriptions.get(first.subscriptionId)?.status).toBe('cancelled');
    const verified = await post<SubscriptionState>(site, '/subscription/verify', answer);
    expect(verified.body.subscription).toMatchObject({
      billing_cycle: 'yearly',
      provider_subscription_id: second.body.subscription_id,
    });
    const late = razorpay.event('subscription.charged', first.subscriptionId, {
      paymentId: 'pay_latecharge0001',
      status: 'active',
    });
    expect(await deliver(late)).toEqual({ status: 'applied' });
    const state = await site.state();
    expect(state.subscription).toMatchObject({
      billing_cycle: 'yearly',
      provider_subscription_id: second.body.subscription_id,
    });
    // Every payment has its invoice: the first, the yearly one and the late one.
    expect((await site.invoices()).map((i) => i.payment_id).sort()).toEqual(
      [first.paymentId, answer.razorpay_payment_id, 'pay_latecharge0001'].sort(),
    );
  });

  it('paying once instead stops the renewing subscription, so nothing is charged twice', async () => {
    const site = await newSite();
    const { subscriptionId, state } = await subscribeAndPay(site);
    const end = state.subscription!.current_period_end!;
    const order = await post<{ order_id: string }>(site, '/subscription/checkout', {
      plan: basic().id,
      billing_cycle: 'monthly',
    });
    const paymentId = 'pay_paidoncetoo001';
    const paid = await post<SubscriptionState>(site, '/subscription/verify', {
      razorpay_order_id: order.body.order_id,
      razorpay_payment_id: paymentId,
      razorpay_signature: razorpay.sign(order.body.order_id, paymentId),
    });
    expect(paid.body).toMatchObject({
      next_charge: null,
      subscription: {
        auto_renew: false,
        provider_subscription_id: null,
        current_period_start: expect.any(String),
      },
    });
    // The month bought once follows the month the subscription paid for.
    expect(paid.body.subscription!.current_period_end! > end).toBe(true);
    expect(razorpay.subscriptions.get(subscriptionId)?.status).toBe('cancelled');
    expect((await site.invoices()).map((i) => i.source)).toEqual(['order', 'subscription']);
  });

  it('refuses a forged signature and another site’s subscription; others than owners are 403', async () => {
    const site = await newSite();
    const other = await newSite();
    const sub = await post<SubscribeResult>(other, '/subscription/subscribe', {
      plan: basic().id,
      billing_cycle: 'yearly',
    });
    expect(sub.body.amount).toBe(999_900);
    const paymentId = 'pay_forgedtest0001';
    const forged = await post(site, '/subscription/verify', {
      razorpay_subscription_id: sub.body.subscription_id,
      razorpay_payment_id: paymentId,
      razorpay_signature: razorpay.signSubscription(sub.body.subscription_id, paymentId),
    });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ code: 'PAYMENT_VERIFICATION_FAILED' });
    const wrongOrder = await post(other, '/subscription/verify', {
      razorpay_subscription_id: sub.body.subscription_id,
      razorpay_payment_id: paymentId,
      // Signed the order way round (subscription|payment): refused.
      razorpay_signature: razorpay.sign(sub.body.subscription_id, paymentId),
    });
    expect(wrongOrder.status).toBe(400);
    expect((await other.state()).subscription?.plan.name).toBe('Free');
    expect(await other.invoices()).toEqual([]);
    const supervisor = await registerUser(server.url);
    await addMember(server, other.id, supervisor.user.id, 'supervisor');
    for (const [method, p] of [
      ['POST', '/subscription/subscribe'],
      ['POST', '/subscription/downgrade'],
      ['GET', '/subscription/invoices'],
      ['PUT', '/subscription/billing_details'],
    ] as const) {
      const res = await call(server.url, method, other.url(p), {
        token: supervisor.token,
        ...(method === 'GET' ? {} : { body: { plan: free().id, name: 'x' } }),
      });
      expect(res.status, `${method} ${p}`).toBe(403);
    }
    const seen = await call<SubscriptionState>(server.url, 'GET', other.url('/subscription'), {
      token: supervisor.token,
    });
    expect(seen.body.billing).toBeNull();
  });
});

describe('downgrade, grace and read-only', () => {
  it('downgrades to Free at the period end; caps then apply to new records only', async () => {
    const site = await newSite();
    const { subscriptionId } = await subscribeAndPay(site);
    for (const name of ['Sharma Cement', 'Gupta Steel', 'Patel Sand']) {
      expect((await post(site, '/vendors', { name })).status).toBe(201);
    }
    const notFree = await post(site, '/subscription/downgrade', { plan: basic().id });
    expect(notFree.status).toBe(400);
    expect(notFree.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      data: { plan: expect.anything() },
    });
    let res = await post<SubscriptionState>(site, '/subscription/downgrade', { plan: free().id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      active: true,
      next_charge: null,
      subscription: { plan: { name: 'Basic' }, pending_plan: { name: 'Free' }, auto_renew: false },
    });
    expect(razorpay.subscriptions.get(subscriptionId)?.cancel_at_cycle_end).toBe(true);
    // Changed their mind: kept, renewing again.
    res = await call<SubscriptionState>(server.url, 'DELETE', site.url('/subscription/downgrade'), {
      token: site.owner.token,
    });
    expect(res.body.subscription).toMatchObject({ pending_plan: null, auto_renew: true });
    expect(razorpay.subscriptions.get(subscriptionId)?.cancel_at_cycle_end).toBe(false);
    await post(site, '/subscription/downgrade', { plan: free().id });
    // The provider confirms the cancellation at cycle end: the downgrade stands.
    await deliver(razorpay.event('subscription.cancelled', subscriptionId));
    expect((await site.state()).subscription?.pending_plan?.name).toBe('Free');

    const end = await endPeriodIn(site, -0.01);
    const state = await site.state();
    expect(state).toMatchObject({
      active: true,
      notice: null,
      grace_until: null,
      subscription: {
        status: 'active',
        plan: { name: 'Free' },
        pending_plan: null,
        current_period_start: end,
        current_period_end: null,
        provider_subscription_id: null,
      },
    });
    // Nothing deleted: the three vendors are there and can be edited; a fourth is over Free's cap.
    const list = await call<{ items: { id: string }[] }>(server.url, 'GET', site.url('/vendors'), {
      token: site.owner.token,
    });
    expect(list.body.items).toHaveLength(3);
    const edited = await call(server.url, 'PATCH', site.url(`/vendors/${list.body.items[0]!.id}`), {
      token: site.owner.token,
      body: { phone: '9876543210' },
    });
    expect(edited.status).toBe(200);
    const fourth = await post(site, '/vendors', { name: 'Over the cap' });
    expect(fourth.status).toBe(403);
    expect(fourth.body).toMatchObject({ code: 'LIMIT_EXCEEDED' });
  });

  it('a one-off period that ends keeps the site writable for 7 days, then read-only but readable and payable', async () => {
    const site = await newSite();
    const order = await post<{ order_id: string }>(site, '/subscription/checkout', {
      plan: basic().id,
      billing_cycle: 'monthly',
    });
    const paymentId = 'pay_oneoffgrace001';
    await post(site, '/subscription/verify', {
      razorpay_order_id: order.body.order_id,
      razorpay_payment_id: paymentId,
      razorpay_signature: razorpay.sign(order.body.order_id, paymentId),
    });
    expect((await site.invoices())[0]).toMatchObject({ source: 'order', payment_id: paymentId });
    // 5 days before the end: reminded, not renewing.
    await endPeriodIn(site, 5);
    let state = await site.state();
    expect(state).toMatchObject({ notice: { kind: 'ends_soon', days: 5 }, next_charge: null });

    // Ended 3 days ago: grace.
    const end = await endPeriodIn(site, -3);
    state = await site.state();
    const graceUntil = new Date(new Date(end).getTime() + 7 * DAY).toISOString();
    expect(state).toMatchObject({
      active: true,
      read_only: false,
      grace_until: graceUntil,
      notice: { kind: 'grace', date: graceUntil, days: 4 },
      subscription: { status: 'expired' },
    });
    const inGrace = await post<{ id: string }>(site, '/vendors', { name: 'In grace' });
    expect(inGrace.status).toBe(201);

    // 8 days ago: read-only. Reads, exports and paying work; writes are refused.
    await endPeriodIn(site, -8);
    state = await site.state();
    expect(state).toMatchObject({ active: false, read_only: true, notice: { kind: 'lapsed' } });
    const refused = await post(site, '/vendors', { name: 'Refused' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'SUBSCRIPTION_INACTIVE' });
    const read = await call(server.url, 'GET', site.url('/vendors'), { token: site.owner.token });
    expect(read.status).toBe(200);
    const exported = await fetch(
      `${server.url}${site.url(`/vendors/${inGrace.body.id}/export?format=csv`)}`,
      {
        headers: { authorization: `Bearer ${site.owner.token}` },
      },
    );
    expect(exported.status).toBe(200);
    expect((await site.invoices()).length).toBe(1);
    const again = await post<{ order_id: string }>(site, '/subscription/checkout', {
      plan: basic().id,
      billing_cycle: 'monthly',
    });
    expect(again.status).toBe(200);
    const pay2 = 'pay_oneoffgrace002';
    const renewed = await post<SubscriptionState>(site, '/subscription/verify', {
      razorpay_order_id: again.body.order_id,
      razorpay_payment_id: pay2,
      razorpay_signature: razorpay.sign(again.body.order_id, pay2),
    });
    expect(renewed.body).toMatchObject({ active: true, notice: null });
  });

  it('a cancelled subscription has no grace: it stops at its period end', async () => {
    const site = await newSite();
    await subscribeAndPay(site);
    await post(site, '/subscription/cancel');
    await endPeriodIn(site, -1);
    const state = await site.state();
    expect(state).toMatchObject({ active: false, grace_until: null, notice: { kind: 'lapsed' } });
    expect((await post(site, '/vendors', { name: 'No' })).body).toMatchObject({
      code: 'SUBSCRIPTION_INACTIVE',
    });
    // Read-only, the owner moves the site back to Free: at once, and writable within its caps.
    const back = await post<SubscriptionState>(site, '/subscription/downgrade', {
      plan: free().id,
    });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({
      active: true,
      notice: null,
      subscription: { plan: { name: 'Free' }, status: 'active', current_period_end: null },
    });
    expect((await post(site, '/vendors', { name: 'On Free' })).status).toBe(201);
  });
});

describe('reminders', () => {
  it('mails the owners 7 days and 1 day before a period ends without renewal, once each', async () => {
    const site = await newSite('Reminder Heights');
    const renewing = await newSite('Renewing Plaza');
    await subscribeAndPay(renewing);
    const order = await post<{ order_id: string }>(site, '/subscription/checkout', {
      plan: basic().id,
      billing_cycle: 'monthly',
    });
    await post(site, '/subscription/verify', {
      razorpay_order_id: order.body.order_id,
      razorpay_payment_id: 'pay_reminder00001',
      razorpay_signature: razorpay.sign(order.body.order_id, 'pay_reminder00001'),
    });
    const end = await endPeriodIn(site, 20);
    await endPeriodIn(renewing, 6);
    const reminders = () => mailsTo(site.owner.email).filter((m) => /ends/.test(m.subject));
    await billingSweep(server.ctx);
    expect(reminders()).toHaveLength(0);
    const at = (daysBeforeEnd: number) => new Date(new Date(end).getTime() - daysBeforeEnd * DAY);
    await billingSweep(server.ctx, at(6.5));
    await billingSweep(server.ctx, at(6));
    expect(reminders().map((m) => m.subject)).toEqual([
      'Your Basic plan for Reminder Heights ends in 7 days',
    ]);
    await billingSweep(server.ctx, at(0.5));
    await billingSweep(server.ctx, at(0.25));
    expect(reminders().map((m) => m.subject)).toEqual([
      'Your Basic plan for Reminder Heights ends in 7 days',
      'Your Basic plan for Reminder Heights ends tomorrow',
    ]);
    expect(reminders()[1]?.text).toContain('will not renew');
    // The renewing site heard nothing.
    expect(mailsTo(renewing.owner.email).filter((m) => /ends/.test(m.subject))).toEqual([]);
  });
});

describe('plan invoices', () => {
  it('numbers every invoice once, consecutively, under concurrent payments and replays', async () => {
    const sites = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => newSite(`Concurrent ${n}`)));
    const subs: string[] = [];
    for (const site of sites) subs.push((await subscribeAndPay(site)).subscriptionId);
    const charges = subs.map((id) => razorpay.charge(id));
    // Each charge twice at once under two event ids, all together.
    const twins = charges.map((c) =>
      razorpay.event('subscription.charged', subs[charges.indexOf(c)]!, { paymentId: c.paymentId }),
    );
    const answers = await Promise.all([...charges, ...twins].map((c) => deliver(c)));
    expect(answers.filter((a) => a.status === 'applied')).toHaveLength(6);
    const all = await server.ctx.db.kysely
      .selectFrom('plan_invoices')
      .select(['sequence', 'provider_payment_id', 'number'])
      .orderBy('sequence')
      .execute();
    const sequences = all.map((r) => Number(r.sequence));
    expect(sequences).toEqual(sequences.map((_, i) => i + 1));
    expect(new Set(all.map((r) => r.provider_payment_id)).size).toBe(all.length);
    for (const c of charges) {
      expect(all.filter((r) => r.provider_payment_id === c.paymentId)).toHaveLength(1);
    }
    // The integrity check finds a missing number (tried in a transaction that is rolled back).
    const rollback = new Error('rollback');
    await expect(
      server.ctx.db.kysely.transaction().execute(async (trx) => {
        await trx.deleteFrom('plan_invoices').where('sequence', '=', 2).execute();
        const found = await checkIntegrity(trx);
        expect(found.map((v) => v.check)).toEqual(['invoice numbers']);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await checkIntegrity(server.ctx.db.kysely)).toEqual([]);
  });

  it('prints the buyer details, IGST across states, and the PDF with pdftotext', async () => {
    const site = await newSite('Skyline Residency');
    const bad = await call(server.url, 'PUT', site.url('/subscription/billing_details'), {
      token: site.owner.token,
      body: { name: 'Gupta Builders', gstin: '29AABCG5678B1ZZ' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ data: { gstin: expect.anything() } });
    const saved = await call(server.url, 'PUT', site.url('/subscription/billing_details'), {
      token: site.owner.token,
      body: { name: 'Gupta Builders Pvt Ltd', gstin: BUYER_GSTIN.toLowerCase() },
    });
    expect(saved.body).toEqual({ name: 'Gupta Builders Pvt Ltd', gstin: BUYER_GSTIN, state: '29' });
    expect((await site.state()).billing).toEqual(saved.body);
    await subscribeAndPay(site, 'yearly');
    const [invoice] = await site.invoices();
    expect(invoice).toMatchObject({
      buyer_name: 'Gupta Builders Pvt Ltd',
      buyer_gstin: BUYER_GSTIN,
      billing_cycle: 'yearly',
      total: 9999,
      taxable: 8473.73,
      igst: 1525.27,
      cgst: 0,
      sgst: 0,
    });
    const pdf = await fetch(`${server.url}${invoice!.pdf_url}`, {
      headers: { authorization: `Bearer ${site.owner.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'plan-invoice-')), 'i.pdf');
    fs.writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const expected of [
      'Tax Invoice',
      invoice!.number,
      'SiteLedger Technologies Pvt Ltd',
      SELLER_GSTIN,
      BUYER_GSTIN,
      'Gupta Builders Pvt Ltd',
      '998315',
      'IGST @ 18%',
      '₹8,473.73',
      '₹1,525.27',
      '₹9,999.00',
      'Rupees Nine Thousand Nine Hundred Ninety-Nine Only',
      'Karnataka (29)',
    ]) {
      expect(text, expected).toContain(expected);
    }
    const missing = await fetch(`${server.url}${site.url('/subscription/invoices/nope/pdf')}`, {
      headers: { authorization: `Bearer ${site.owner.token}` },
    });
    expect(missing.status).toBe(404);
  });
});
