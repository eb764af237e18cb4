import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRazorpay, type FakeRazorpay } from '../apps/server/test/helpers/fake-razorpay';
import { createAccountWithSite, storeSession, type TestAccount } from './support/accounts';
import {
  launchBrowser,
  newContext,
  screenshot,
  watchPage,
  type PageProblems,
} from './support/browser';
import { startServerWithPayments, type BuiltServer } from './support/server';

/**
 * A Free site reaches its vendor limit, sees why it cannot add another, upgrades through the
 * (fake) Razorpay checkout page and adds the next vendor. Its own server runs on Free with a
 * fake Razorpay on 127.0.0.1 serving Checkout.js and the test checkout page.
 */
describe('plans: the vendor limit, upgrade through checkout, the next vendor', () => {
  let razorpay: FakeRazorpay;
  let server: BuiltServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let account: TestAccount;

  beforeAll(async () => {
    razorpay = await startFakeRazorpay();
    server = await startServerWithPayments(razorpay);
    browser = await launchBrowser();
    account = await createAccountWithSite(server.baseUrl, 'Anita Verma');
    const vendor = await fetch(`${server.baseUrl}/api/sites/${account.siteId}/vendors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
      body: JSON.stringify({ name: 'Sharma Cement Traders' }),
    });
    expect(vendor.status).toBe(201);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await razorpay?.close();
  });

  it('shows the disabled add button with its reason and the read-only banner', async () => {
    context = await newContext(browser, { width: 1280, height: 900 });
    page = await context.newPage();
    problems = watchPage(page);
    await page.goto(`${server.baseUrl}/login`);
    await storeSession(page, account, account.siteId);
    await page.goto(`${server.baseUrl}/vendors`);

    const add = page.getByTestId('vendor-add');
    await page.getByTestId('limit-reason-vendors').waitFor();
    expect(await add.isDisabled()).toBe(true);
    expect(await page.getByTestId('limit-reason-vendors').innerText()).toContain('1 of 1');
    const banner = page.getByTestId('read-only-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toContain('Vendors are read-only');
    // Alt+Shift+N would open the add dialog; it must not while the limit is reached.
    await page.keyboard.press('Alt+Shift+N');
    await page.waitForTimeout(300);
    expect(await page.getByTestId('vendor-form').count()).toBe(0);
    await screenshot(page, 'subscription-vendor-limit');

    // Free allows one site: Create New Site is disabled with the plan's message.
    await page.getByTestId('site-selector').click();
    expect(await page.getByTestId('create-new-site-menu').getAttribute('data-disabled')).toBe('');
    await page.getByTestId('site-limit-message').waitFor();
    await page.keyboard.press('Escape');
  });

  it('upgrades through the test checkout page and creates the next vendor', async () => {
    await page.getByTestId('upgrade-link').click();
    await page.waitForURL(/\/subscription$/);
    await page.getByTestId('current-plan-name').filter({ hasText: 'Free' }).waitFor();
    const ordersBefore = razorpay.requests.filter((r) => r.path === '/v1/orders').length;

    // Paying once (a one-off order; renewing is e2e/billing.e2e.ts). A failed card first:
    // "Payment failed" with a retry.
    await page.getByTestId('renew-once').click();
    await page.getByTestId('upgrade-Basic').click();
    const frame = page.frameLocator('[data-testid="razorpay-frame"]');
    await frame.locator('#fail').click();
    await page.getByTestId('payment-failed').waitFor();
    expect(await page.getByTestId('payment-failed').innerText()).toContain('Payment failed');
    await frame.locator('#dismiss').click();
    // The failed attempt's page is gone before Retry opens the next, so the next click is on its page.
    await page.locator('[data-testid="razorpay-frame"]').waitFor({ state: 'detached' });

    await page.getByTestId('payment-retry').click();
    await page.frameLocator('[data-testid="razorpay-frame"]').locator('#pay').click();
    await page.getByText('Plan upgraded to Basic').waitFor();
    await page.getByTestId('current-plan-name').filter({ hasText: 'Basic' }).waitFor();

    const orders = razorpay.requests.filter((r) => r.path === '/v1/orders');
    expect(orders.length).toBeGreaterThan(ordersBefore);
    expect(orders.at(-1)?.body).toMatchObject({
      amount: 99_900,
      currency: 'INR',
      notes: { site_id: account.siteId, billing_cycle: 'monthly' },
    });
    await screenshot(page, 'subscription-upgraded');

    await page.goto(`${server.baseUrl}/vendors`);
    const add = page.getByTestId('vendor-add');
    await add.waitFor();
    await expect.poll(() => add.isEnabled()).toBe(true);
    expect(await page.getByTestId('read-only-banner').count()).toBe(0);
    await add.click();
    await page.getByTestId('vendor-form').waitFor();
    await page.getByTestId('vendor-name').fill('Kaveri Sand Suppliers');
    await page.getByTestId('vendor-form-submit').click();
    await page.getByRole('row', { name: /Kaveri Sand Suppliers/ }).waitFor();

    // Basic allows three sites: Create New Site is available now.
    await page.getByTestId('site-selector').click();
    await expect
      .poll(() => page.getByTestId('create-new-site-menu').getAttribute('data-disabled'))
      .toBe(null);
    await page.keyboard.press('Escape');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });
});
