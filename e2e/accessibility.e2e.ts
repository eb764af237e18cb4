import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithSite, storeSession, type TestAccount } from './support/accounts';
import { launchBrowser, newContext } from './support/browser';
import { animationsDone, openInApp } from './support/layout';
import { workerServer } from './support/worker';

/** The main pages, signed in as the owner of a site with a few records. */
const PAGES = [
  '/',
  '/items',
  '/services',
  '/vendors',
  '/deliveries',
  '/service-bookings',
  '/quotations',
  '/material-requests',
  '/purchase-orders',
  '/stock',
  '/accounts',
  '/payments',
  '/vendor-returns',
  '/users',
  '/subscription',
  '/profile',
];

describe('accessibility (axe-core): no serious or critical violation on any main page', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let account: TestAccount;

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createAccountWithSite(baseUrl, 'Asha Nair');
    const post = (path: string, body: unknown) =>
      fetch(`${baseUrl}/api/sites/${account.siteId}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<{ id: string }>);
    const vendor = await post('/vendors', { name: 'Shree Traders' });
    const item = await post('/items', { name: 'Cement', unit: 'bag' });
    await post('/deliveries', {
      vendor: vendor.id,
      delivery_date: '2026-11-10',
      delivery_items: [{ item: item.id, quantity: 10, unit_price: 380 }],
    });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  /** `inApp`: reached inside the running app, as its links reach it, not loaded anew. */
  async function audit(path: string, theme: 'light' | 'dark', inApp = false) {
    if (inApp) await openInApp(page, path);
    else await page.goto(`${baseUrl}${path}`);
    await page.locator('main h1, form h1, h1').first().waitFor();
    // The live event stream never goes idle: wait for the page's animations to finish instead.
    await animationsDone(page);
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${theme} ${path}: ${v.id} (${v.impact}) — ${v.help}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')}`,
      );
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`signed-in pages in ${theme}`, async () => {
      await context?.close();
      context = await newContext(browser, { width: 1280, height: 900 });
      page = await context.newPage();
      await page.goto(`${baseUrl}/login`);
      await storeSession(page, account, account.siteId);
      await page.evaluate((value) => localStorage.setItem('siteledger.theme', value), theme);
      const found: string[] = [];
      // The app starts once; the other pages are reached inside it.
      for (const [index, path] of PAGES.entries()) {
        found.push(...(await audit(path, theme, index > 0)));
      }
      expect(found).toEqual([]);
      // Sixteen pages with axe each: more than the default two minutes on a busy machine.
    }, 300_000);
  }

  it('the sign-in and register pages', async () => {
    await context?.close();
    context = await newContext(browser, { width: 390, height: 844 });
    page = await context.newPage();
    const found: string[] = [];
    for (const path of ['/login', '/register', '/forgot-password']) {
      found.push(...(await audit(path, 'light')));
    }
    expect(found).toEqual([]);
  });
});
