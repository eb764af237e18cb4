import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckChar } from '@siteledger/domain';
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
import { downloadedPath } from './support/files';

const SELLER_GSTIN = '27AAACS1234A1Z' + gstinCheckChar('27AAACS1234A1Z');
const BUYER_GSTIN = '29AABCG5678B1Z' + gstinCheckChar('29AABCG5678B1Z');

/**
 * Issue 26 in the browser: an owner enters the buyer details, buys Basic as a renewing
 * subscription through the (fake) Razorpay checkout, sees the next charge and the invoice in the
 * billing history, downloads its PDF (read with pdftotext), then a renewal charge adds a second
 * invoice and a failed one shows the banner.
 */
describe('billing: a renewing plan, its invoices and the reminders', () => {
  let razorpay: FakeRazorpay;
  let server: BuiltServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let account: TestAccount;
  const webhook = () => `${server.baseUrl}/api/webhooks/razorpay`;

  beforeAll(async () => {
    razorpay = await startFakeRazorpay();
    server = await startServerWithPayments(razorpay, {
      INVOICE_SELLER_NAME: 'SiteLedger Technologies Pvt Ltd',
      INVOICE_SELLER_ADDRESS: 'Baner Road\\nPune 411045',
      INVOICE_SELLER_GSTIN: SELLER_GSTIN,
    });
    razorpay.setWebhookTarget(webhook());
    browser = await launchBrowser();
    account = await createAccountWithSite(server.baseUrl, 'Anita Verma');
  });

  afterAll(async () => {
    razorpay?.setWebhookTarget(null);
    await razorpay?.settled();
    await context?.close();
    await browser?.close();
    await server?.stop();
    await razorpay?.close();
  });

  it('buys Basic as a renewing subscription and downloads its tax invoice', async () => {
    context = await newContext(browser, { width: 1280, height: 900 });
    page = await context.newPage();
    problems = watchPage(page);
    await page.goto(`${server.baseUrl}/login`);
    await storeSession(page, account, account.siteId);
    await page.goto(`${server.baseUrl}/subscription`);
    await page.getByTestId('current-plan-name').filter({ hasText: 'Free' }).waitFor();
    await page.getByTestId('billing-history-empty').waitFor();

    // The buyer on the invoice: a Karnataka business (the seller is in Maharashtra → IGST).
    await page.getByTestId('billing-name').fill('Verma Constructions Pvt Ltd');
    await page.getByTestId('billing-gstin').fill(BUYER_GSTIN);
    await page.getByTestId('billing-save').click();
    await page.getByTestId('toast-success').first().waitFor();

    // Renewing is the default choice.
    expect(await page.getByTestId('renew-auto').getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('upgrade-Basic').click();
    await page.frameLocator('[data-testid="razorpay-frame"]').locator('#pay').click();
    await page.getByTestId('current-plan-name').filter({ hasText: 'Basic' }).waitFor();
    const nextCharge = page.getByTestId('next-charge');
    await nextCharge.waitFor();
    expect(await nextCharge.innerText()).toContain('999.00');
    expect(razorpay.requests.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/v1/plans', '/v1/subscriptions']),
    );

    const rows = page.getByTestId('invoice-row');
    await expect.poll(() => rows.count()).toBe(1);
    const row = await rows.first().innerText();
    expect(row).toMatch(/SL\/\d{4}-\d{2}\/000001/);
    expect(row).toContain('999.00');
    await screenshot(page, 'billing-subscribed');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      rows.first().getByTestId('invoice-pdf').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^invoice-.+\.pdf$/);
    const file = await downloadedPath(download);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
    for (const expected of [
      'Tax Invoice',
      'SiteLedger Technologies Pvt Ltd',
      SELLER_GSTIN,
      'Verma Constructions Pvt Ltd',
      BUYER_GSTIN,
      '998315',
      'IGST @ 18%',
      '₹846.61',
      '₹152.39',
      '₹999.00',
      'Rupees Nine Hundred Ninety-Nine Only',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The fake's own activated + charged webhooks for that payment added nothing.
    await razorpay.settled();
    await page.reload();
    await expect.poll(() => page.getByTestId('invoice-row').count()).toBe(1);
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('a renewal adds the next invoice; a failed renewal shows the banner on every page', async () => {
    const subscriptionId = [...razorpay.subscriptions.keys()].at(-1)!;
    const charged = razorpay.charge(subscriptionId);
    expect((await razorpay.deliver(webhook(), charged.body, charged.eventId)).status).toBe(200);
    await page.reload();
    await expect.poll(() => page.getByTestId('invoice-row').count()).toBe(2);
    expect(await page.getByTestId('invoice-row').first().innerText()).toMatch(/000002/);

    const failed = razorpay.paymentFailed(subscriptionId);
    expect((await razorpay.deliver(webhook(), failed.body, failed.eventId)).status).toBe(200);
    await page.goto(`${server.baseUrl}/vendors`);
    const banner = page.getByTestId('billing-banner');
    await banner.waitFor();
    expect(await banner.getAttribute('data-kind')).toBe('payment_failed');
    await screenshot(page, 'billing-payment-failed-banner');
    await page.getByTestId('billing-banner-action').click();
    await page.waitForURL(/\/subscription$/);
    await page.getByTestId('renewal-failed').waitFor();

    // Move to Free at the period's end, then keep Basic after all.
    await page.getByTestId('downgrade-plan').click();
    await page.getByTestId('downgrade-dialog-confirm').click();
    const pending = page.getByTestId('pending-plan');
    await pending.waitFor();
    expect(await pending.innerText()).toContain('Free');
    const cancels = () =>
      razorpay.requests.filter((r) => r.path === `/v1/subscriptions/${subscriptionId}/cancel`);
    expect(cancels().at(-1)?.body).toEqual({ cancel_at_cycle_end: 1 });
    await screenshot(page, 'billing-moves-to-free');
    await page.getByTestId('undo-downgrade').click();
    await pending.waitFor({ state: 'detached' });
    expect(razorpay.requests.at(-1)?.path).toBe(
      `/v1/subscriptions/${subscriptionId}/cancel_scheduled_changes`,
    );
    expect(problems.errors).toEqual([]);
  });

  it('fits a phone: the history and billing details without sideways scrolling', async () => {
    const phone = await newContext(browser, { width: 390, height: 844 });
    const small = await phone.newPage();
    const phoneProblems = watchPage(small);
    await small.goto(`${server.baseUrl}/login`);
    await storeSession(small, account, account.siteId);
    await small.goto(`${server.baseUrl}/subscription`);
    await small.getByTestId('billing-history').waitFor();
    await expect.poll(() => small.getByTestId('invoice-row').count()).toBe(2);
    const overflow = await small.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await small.getByTestId('billing-history').scrollIntoViewIfNeeded();
    await screenshot(small, 'billing-history-phone');
    // In Hindi too: every string has its translation, and nothing overflows.
    await small.evaluate(() => localStorage.setItem('siteledger.language', 'hi'));
    await small.reload();
    await small.getByTestId('billing-history').waitFor();
    await small.getByTestId('billing-banner').waitFor();
    expect(
      await small.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    await screenshot(small, 'billing-history-phone-hi');
    expect(phoneProblems.errors).toEqual([]);
    expect(phoneProblems.missingKeys).toEqual([]);
    await phone.close();
  });

  it('a subscription Razorpay cancelled offers a new subscription instead of Reactivate', async () => {
    const subscriptionId = [...razorpay.subscriptions.keys()].at(-1)!;
    // Renewing again (the failed charge is paid), then cancelled here: Reactivate is offered.
    const charged = razorpay.charge(subscriptionId);
    expect((await razorpay.deliver(webhook(), charged.body, charged.eventId)).status).toBe(200);
    await page.goto(`${server.baseUrl}/subscription`);
    await page.getByTestId('subscription-cancel').click();
    await page.getByTestId('subscription-cancel-dialog-confirm').click();
    await page.getByTestId('subscription-reactivate').waitFor();

    // Razorpay cancels it for good (say, from its dashboard) and says so.
    const auth = Buffer.from(`${razorpay.keyId}:${razorpay.keySecret}`).toString('base64');
    await fetch(`${razorpay.url}/v1/subscriptions/${subscriptionId}/cancel`, {
      method: 'POST',
      headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cancel_at_cycle_end: 0 }),
    });
    const cancelled = razorpay.event('subscription.cancelled', subscriptionId);
    expect((await razorpay.deliver(webhook(), cancelled.body, cancelled.eventId)).status).toBe(200);
    await page.reload();
    await page.getByTestId('resubscribe-note').waitFor();
    expect(await page.getByTestId('subscription-reactivate').count()).toBe(0);
    const again = page.getByTestId('upgrade-Basic');
    expect(await again.innerText()).toContain('Subscribe again');
    await screenshot(page, 'billing-subscribe-again');

    // A new subscription: renewing again, through checkout, from the end of the paid period
    // (only the card is authenticated now: no new invoice).
    const invoices = await page.getByTestId('invoice-row').count();
    const calls = razorpay.requests.length;
    await again.click();
    await page.frameLocator('[data-testid="razorpay-frame"]').locator('#pay').click();
    await page.getByTestId('next-charge').waitFor();
    await page.getByTestId('resubscribe-note').waitFor({ state: 'detached' });
    await razorpay.settled();
    await page.reload();
    await page.getByTestId('next-charge').waitFor();
    expect(await page.getByTestId('invoice-row').count()).toBe(invoices);
    expect(razorpay.requests.slice(calls).map((r) => r.path)).toContain('/v1/subscriptions');
    expect(
      razorpay.requests.slice(calls).some((r) => r.path.endsWith('/cancel_scheduled_changes')),
    ).toBe(false);
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });
});
