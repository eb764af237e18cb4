import { describe, expect, it } from 'vitest';
import type { SubscriptionState } from '@siteledger/domain';
import { call, createSite, registerUser } from './helpers/api.js';
import { startServer, type TestServer } from './helpers/test-server.js';

/**
 * Issue 20 "First run": where no payment provider is configured plans cannot be sold, so new sites
 * get the Unlimited plan unless DEFAULT_PLAN names one; with payments configured nothing changes.
 */
async function secondVendor(server: TestServer) {
  const owner = await registerUser(server.url);
  const { id } = await createSite(server.url, owner.token);
  const post = (name: string) =>
    call<{ id: string }>(server.url, 'POST', `/api/sites/${id}/vendors`, {
      token: owner.token,
      body: { name },
    });
  expect((await post('First vendor')).status).toBe(201);
  const second = await post('Second vendor');
  const state = await call<SubscriptionState>(server.url, 'GET', `/api/sites/${id}/subscription`, {
    token: owner.token,
  });
  expect(state.status).toBe(200);
  const plans = await call<{ items: { name: string }[] }>(server.url, 'GET', '/api/plans');
  return {
    status: second.status,
    body: second.body as unknown,
    state: state.body,
    plans: plans.body.items.map((plan) => plan.name),
  };
}

async function withServer<T>(env: Record<string, string>, run: (s: TestServer) => Promise<T>) {
  const server = await startServer(env);
  try {
    return await run(server);
  } finally {
    await server.close();
  }
}

describe('the default plan on first run', () => {
  it('payments unconfigured and DEFAULT_PLAN unset: a new site is unlimited', async () => {
    const result = await withServer({ DEFAULT_PLAN: '' }, secondVendor);
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    expect(result.state).toMatchObject({
      payments_configured: false,
      read_only: false,
      subscription: { plan: { name: 'Unlimited' } },
    });
    expect(result.state.limits.vendors).toBe(-1);
  });

  it('payments unconfigured and DEFAULT_PLAN=Free: the second vendor is refused', async () => {
    const result = await withServer({ DEFAULT_PLAN: 'Free' }, secondVendor);
    expect(result.status).toBe(403);
    expect(result.body).toMatchObject({ code: 'LIMIT_EXCEEDED' });
    expect(result.state.subscription).toMatchObject({ plan: { name: 'Free' } });
    expect(result.plans).not.toContain('Unlimited');
  });

  it('payments configured and DEFAULT_PLAN unset: the default stays Free', async () => {
    const result = await withServer(
      { DEFAULT_PLAN: '', RAZORPAY_KEY_ID: 'rzp_test_key', RAZORPAY_KEY_SECRET: 'secret' },
      secondVendor,
    );
    expect(result.status).toBe(403);
    expect(result.state).toMatchObject({
      payments_configured: true,
      subscription: { plan: { name: 'Free' } },
    });
    expect(result.plans).toEqual(['Free', 'Basic']);
  });
});
