import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithSite, storeSession, type TestAccount } from './support/accounts';
import {
  launchBrowser,
  newContext,
  screenshot,
  watchPage,
  type PageProblems,
} from './support/browser';
import { startBuiltServer, type BuiltServer } from './support/server';
import { workerServer } from './support/worker';

/**
 * Issue 20: the register page's Terms and Privacy links open real pages (public, signed in or
 * out), and "Skip all tours" on a tour's first step turns every tour off.
 */
describe('terms, privacy and skipping all tours', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let account: TestAccount;
  const problems: PageProblems = { errors: [], missingKeys: [] };

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createAccountWithSite(baseUrl, 'Farhan Qureshi');
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  async function fresh(width = 1280) {
    await context?.close();
    context = await newContext(browser, { width, height: 800 });
    page = await context.newPage();
    watchPage(page, problems);
  }

  it('the register checkbox links open the Terms and Privacy pages', async () => {
    await fresh(390);
    await page.goto(`${baseUrl}/register`);
    const terms = page.getByTestId('register-terms-link');
    await terms.waitFor();
    expect(await terms.textContent()).toBe('Terms of Service');
    // The label still names the checkbox.
    await page.getByLabel(/I agree to the Terms of Service and the Privacy Policy/).waitFor();

    const [termsTab] = await Promise.all([context.waitForEvent('page'), terms.click()]);
    watchPage(termsTab, problems);
    await termsTab.getByTestId('legal-terms').waitFor();
    expect(new URL(termsTab.url()).pathname).toBe('/terms');
    expect(await termsTab.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Terms of Service',
    );
    // Clicking the link opened a tab; the checkbox on the form is untouched.
    expect(await page.getByLabel(/I agree to the Terms/).isChecked()).toBe(false);
    await screenshot(termsTab, 'legal-terms-390');

    const [privacyTab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('register-privacy-link').click(),
    ]);
    watchPage(privacyTab, problems);
    await privacyTab.getByTestId('legal-privacy').waitFor();
    expect(new URL(privacyTab.url()).pathname).toBe('/privacy');
    expect(await privacyTab.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Privacy Policy',
    );
    expect(await privacyTab.textContent('main')).toContain('password');
    // Signed out, the way back is the sign-in page.
    await privacyTab.getByTestId('legal-back').click();
    await privacyTab.waitForURL(/\/login$/);
  });

  it('the pages are reachable signed in, in Hindi too', async () => {
    await fresh(1366);
    await page.goto(`${baseUrl}/login`);
    await storeSession(page, account, account.siteId);
    await page.evaluate(() => localStorage.setItem('siteledger.language', 'hi'));
    await page.goto(`${baseUrl}/privacy`);
    await page.getByTestId('legal-privacy').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('गोपनीयता नीति');
    await page.getByTestId('legal-link-terms').click();
    await page.getByTestId('legal-terms').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('सेवा की शर्तें');
    await screenshot(page, 'legal-terms-1366-hi');
    await page.getByTestId('legal-back').click();
    await page.getByTestId('dashboard-page').waitFor();
  });

  it('"Skip all tours" on a first step turns tours off: the next page shows none', async () => {
    await fresh(1280);
    await page.goto(`${baseUrl}/login`);
    await storeSession(page, account, account.siteId);
    // storeSession turns tours off for other suites; this one starts with them on.
    await page.evaluate(() => {
      localStorage.removeItem('siteledger.onboarding.disabled');
      localStorage.setItem('siteledger.language', 'en');
    });
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('dashboard-page').waitFor();
    const popover = page.getByTestId('tour-popover');
    await popover.waitFor({ timeout: 15_000 });
    expect(await popover.getAttribute('data-tour-step')).toBe('header');
    const skipAll = page.getByTestId('tour-skip-all');
    expect(await skipAll.textContent()).toBe('Skip all tours');
    // "Skip tour" (this page only) is still offered beside it.
    expect(await page.getByTestId('tour-skip').textContent()).toBe('Skip tour');
    await skipAll.click();
    await popover.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('siteledger.onboarding.disabled'))).toBe(
      'true',
    );

    await page.getByTestId('nav-items').click();
    await page.waitForURL(/\/items$/);
    await page.waitForTimeout(3_000);
    expect(await popover.count()).toBe(0);

    // Help tour still plays one; only its first step offers "Skip all tours".
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('dashboard-page').waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-help-tour').click();
    await popover.waitFor();
    expect(await page.getByTestId('tour-skip-all').count()).toBe(1);
    await page.getByTestId('tour-next').click();
    await expect.poll(() => page.getByTestId('tour-skip-all').count()).toBe(0);
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });

    expect(problems.missingKeys).toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});

/**
 * Issue 20 "First run": a server without payments and without DEFAULT_PLAN (as `npm start` on a
 * fresh clone) gives new sites no caps, and the Subscription page says plans are off.
 */
describe('first run without payments', () => {
  let server: BuiltServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await startBuiltServer({ DEFAULT_PLAN: '' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('a second vendor is accepted and the Subscription page says plans are off', async () => {
    const account = await createAccountWithSite(server.baseUrl, 'Neha Kulkarni');
    for (const name of ['Sharma Cement Traders', 'Patel Steel']) {
      const res = await fetch(`${server.baseUrl}/api/sites/${account.siteId}/vendors`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
        body: JSON.stringify({ name }),
      });
      expect(res.status).toBe(201);
    }
    context = await newContext(browser, { width: 1280, height: 900 });
    const page = await context.newPage();
    const problems = watchPage(page);
    await page.goto(`${server.baseUrl}/login`);
    await storeSession(page, account, account.siteId);
    await page.goto(`${server.baseUrl}/subscription`);
    const notice = page.getByTestId('payments-not-configured');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('Plans are off on this server');
    expect(await page.getByTestId('read-only-banner').count()).toBe(0);
    await screenshot(page, 'subscription-plans-off');
    expect(problems.missingKeys).toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});
