import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithSite, storeSession, type TestAccount } from './support/accounts';
import { launchBrowser, newContext, watchPage, type PageProblems } from './support/browser';
import { api } from './support/http';
import { workerServer } from './support/worker';

/**
 * Issue 41: the web refreshes what the server says a write changed. A delivery against a PO
 * with an advance set aside applies the advance, so it changes payments; with the payments list
 * cached (and fresh), recording that delivery makes the list read again exactly once.
 */
describe('a delivery that applies a PO advance refreshes payments once', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let account: TestAccount;
  const paymentListReads: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createAccountWithSite(baseUrl, 'Meera Joshi');
    context = await newContext(browser, { width: 1366, height: 800 });
    page = await context.newPage();
    problems = watchPage(page);
    page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (request.method() === 'GET' && url.pathname === `/api/sites/${account.siteId}/payments`)
        paymentListReads.push(url.search);
    });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  /** An in-app navigation (no reload: the query cache stays). */
  const navigate = (path: string) =>
    page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);

  it('reads the payments list again once after the delivery', async () => {
    const vendor = await api<{ id: string }>(baseUrl, account, 'POST', '/vendors', {
      name: 'Shree Cement Traders',
    });
    const item = await api<{ id: string }>(baseUrl, account, 'POST', '/items', {
      name: 'Cement OPC 53',
      unit: 'bag',
    });
    const bank = await api<{ id: string }>(baseUrl, account, 'POST', '/accounts', {
      name: 'HDFC current',
      type: 'bank',
      opening_balance: 100000,
    });
    const draft = await api<{ id: string }>(baseUrl, account, 'POST', '/purchase_orders', {
      vendor: vendor.id,
      lines: [{ item: item.id, quantity: 20, unit_price: 400 }],
    });
    await api(baseUrl, account, 'POST', `/purchase_orders/${draft.id}/issue`, {});
    const payment = await api<{ id: string }>(baseUrl, account, 'POST', '/payments', {
      vendor: vendor.id,
      account: bank.id,
      amount: 5000,
      payment_date: '2026-11-20',
      reference: 'ADV-41',
    });
    await api(baseUrl, account, 'POST', `/purchase_orders/${draft.id}/advances`, {
      payment: payment.id,
    });

    // The payments list is read and cached.
    await page.goto(`${baseUrl}/login`);
    await storeSession(page, account, account.siteId);
    await page.goto(`${baseUrl}/payments`);
    await page.getByText('ADV-41').first().waitFor();
    expect(paymentListReads.length).toBeGreaterThan(0);

    // The delivery against the PO, recorded in the same tab.
    await navigate(`/purchase-orders/${draft.id}`);
    await page.getByTestId('po-record-delivery').click();
    await page.getByTestId('delivery-wizard').waitFor();
    const quantity = page.getByTestId('delivery-line-0-quantity');
    if (!(await quantity.isVisible())) await page.getByTestId('delivery-wizard-next').click();
    await quantity.waitFor();
    await page.getByTestId('delivery-wizard-next').click();
    const since = paymentListReads.length;
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'POST' && /\/deliveries$/.test(response.url()),
    );
    await page.getByTestId('delivery-wizard-save').click();
    const answer = await saved;
    expect(answer.status()).toBe(201);
    expect(answer.headers()['x-changed-collections']?.split(',')).toContain('payments');
    await page.getByTestId('delivery-saved').waitFor();

    // Back on the payments list (well within its 15 s freshness): read again, exactly once.
    await navigate('/payments');
    await page.getByText('ADV-41').first().waitFor();
    await page.waitForTimeout(1500);
    expect(paymentListReads.slice(since)).toHaveLength(1);
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });
});
