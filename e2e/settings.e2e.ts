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
import { api } from './support/http';
import { startServerWithPayments, type BuiltServer } from './support/server';
import { animationsDone } from './support/layout';

/** A new browser's first page loads every chunk afresh: slow on a busy machine. */
const FIRST_PAINT = 60_000;

/**
 * Issue 20: the owner's way to Subscription with the plan's name, Tab out of the user menu, the
 * Settings page (language, theme, tours, the site's details by role) and a read-only banner that
 * names the capped resource. Its own server sells plans (fake Razorpay), so new sites are on Free.
 */
describe('settings, subscription entry, user menu Tab, read-only banner', () => {
  let razorpay: FakeRazorpay;
  let server: BuiltServer;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  const problems: PageProblems = { errors: [], missingKeys: [] };
  let owner: TestAccount;
  let supervisor: TestAccount;
  let accountant: TestAccount;

  beforeAll(async () => {
    razorpay = await startFakeRazorpay();
    server = await startServerWithPayments(razorpay);
    browser = await launchBrowser();
    owner = await createAccountWithSite(server.baseUrl, 'Rohit Malhotra');
    supervisor = await createAccountWithSite(server.baseUrl, 'Pooja Nair');
    accountant = await createAccountWithSite(server.baseUrl, 'Vikram Sethi');
    for (const [member, role] of [
      [supervisor, 'supervisor'],
      [accountant, 'accountant'],
    ] as const) {
      const added = await fetch(`${server.baseUrl}/api/sites/${owner.siteId}/members`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
        body: JSON.stringify({ email: member.user.email, role }),
      });
      expect(added.status).toBeLessThan(300);
    }
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await razorpay?.close();
  });

  /** A fresh browser signed in as `account` on the owner's site, with that site role. */
  async function signIn(account: TestAccount, role: string, width = 1366, height = 900) {
    await context?.close();
    context = await newContext(browser, { width, height });
    page = await context.newPage();
    watchPage(page, problems);
    await page.goto(`${server.baseUrl}/login`);
    await storeSession(page, account, owner.siteId);
    await page.evaluate((r) => localStorage.setItem('siteledger.role', r), role);
  }

  const path = () => new URL(page.url()).pathname;
  const focusedTestId = () =>
    page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
  const menuOpen = () => page.locator('[role="menu"]').count();

  it('leads the owner to Subscription from the user menu and the site selector, plan named', async () => {
    await signIn(owner, 'owner');
    await page.goto(`${server.baseUrl}/`);
    await page.getByTestId('dashboard-page').waitFor({ timeout: FIRST_PAINT });

    await page.getByTestId('user-menu').click();
    const planInMenu = page.getByTestId('user-menu-subscription-plan');
    await planInMenu.filter({ hasText: 'Free plan' }).waitFor();
    await page.getByTestId('user-menu-subscription').click();
    await page.waitForURL(/\/subscription$/);
    await page.getByTestId('current-plan-name').filter({ hasText: 'Free' }).waitFor();

    await page.goto(`${server.baseUrl}/`);
    await page.getByTestId('dashboard-page').waitFor();
    await page.getByTestId('site-selector').click();
    await page.getByTestId('site-subscription-plan').filter({ hasText: 'Free plan' }).waitFor();
    await page.getByTestId('site-subscription').click();
    await page.waitForURL(/\/subscription$/);
  });

  it('Tab and Shift+Tab leave the user menu and close it', async () => {
    await page.goto(`${server.baseUrl}/`);
    await page.getByTestId('dashboard-page').waitFor();
    const trigger = page.getByTestId('user-menu');

    // Shift+Tab on the first item: closed, focus on what comes before the trigger.
    await trigger.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('user-menu-invitations').waitFor();
    await expect.poll(focusedTestId).toBe('user-menu-invitations');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(menuOpen).toBe(0);
    // The theme toggle sits just before the user menu in the top bar.
    expect(await focusedTestId()).toBe('theme-toggle');

    // Tab on the last item (Logout): closed, focus on what comes after the trigger.
    await trigger.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('user-menu-logout').waitFor();
    await page.keyboard.press('End');
    await expect.poll(focusedTestId).toBe('user-menu-logout');
    await page.keyboard.press('Tab');
    await expect.poll(menuOpen).toBe(0);
    // The user menu ends the top bar: next comes the page itself.
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#main')))).toBe(true);
    expect(path()).toBe('/');
  });

  it('changes language, theme and tours in Settings; the owner edits the site details', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-settings').click();
    await page.getByTestId('page-settings').waitFor();
    expect(path()).toBe('/settings');

    await page.locator('label', { has: page.getByTestId('profile-language-hi') }).click();
    await page.getByRole('heading', { name: 'सेटिंग्स' }).waitFor();
    await page.locator('label', { has: page.getByTestId('profile-language-en') }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();

    await page.locator('label', { has: page.getByTestId('profile-theme-dark') }).click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(true);
    await page.locator('label', { has: page.getByTestId('profile-theme-light') }).click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(false);

    const tours = page.getByTestId('profile-tours-enabled');
    expect(await tours.isChecked()).toBe(false);
    await page.getByText('Show page tours').click();
    expect(await tours.isChecked()).toBe(true);
    await page.getByText('Show page tours').click();
    expect(await tours.isChecked()).toBe(false);

    await page.getByTestId('settings-notifications-status').waitFor();
    await page.getByTestId('settings-install').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await animationsDone(page);
    await screenshot(page, 'settings-laptop-owner');

    await page.getByTestId('settings-site-edit').click();
    await page.getByTestId('manage-site-name').fill('Sunrise Heights');
    await page.getByTestId('manage-site-submit').click();
    await page.getByTestId('manage-site').waitFor({ state: 'detached' });
    await page.getByTestId('settings-site-name').filter({ hasText: 'Sunrise Heights' }).waitFor();
  });

  it('fits a phone', async () => {
    await signIn(owner, 'owner', 390, 844);
    await page.goto(`${server.baseUrl}/settings`);
    await page.getByTestId('settings-site').waitFor({ timeout: FIRST_PAINT });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await animationsDone(page);
    await screenshot(page, 'settings-phone-owner');
  });

  it('lets a supervisor edit the site details, without a Subscription entry', async () => {
    await signIn(supervisor, 'supervisor');
    await page.goto(`${server.baseUrl}/settings`);
    await page.getByTestId('settings-site').waitFor({ timeout: FIRST_PAINT });
    await page.getByTestId('settings-site-edit').click();
    await page.getByTestId('manage-site-description').fill('Tower A, Phase 1');
    await page.getByTestId('manage-site-submit').click();
    await page.getByTestId('manage-site').waitFor({ state: 'detached' });
    await page.getByTestId('settings-site').getByText('Tower A, Phase 1').waitFor();

    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-settings').waitFor();
    expect(await page.getByTestId('user-menu-subscription').count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('shows an accountant Settings without the site details', async () => {
    await signIn(accountant, 'accountant');
    await page.goto(`${server.baseUrl}/settings`);
    await page.getByTestId('page-settings').waitFor({ timeout: FIRST_PAINT });
    await page.getByTestId('profile-tours').waitFor();
    expect(await page.getByTestId('settings-site').count()).toBe(0);
  });

  it('names the capped resource in the read-only banner', async () => {
    // Free allows one vendor a month.
    await api(server.baseUrl, owner, 'POST', '/vendors', { name: 'Sharma Cement Traders' });
    await signIn(owner, 'owner');
    await page.goto(`${server.baseUrl}/items`);
    const message = page.getByTestId('read-only-message');
    await message.waitFor({ timeout: FIRST_PAINT });
    const text = await message.innerText();
    expect(text).toContain('limit for vendors on the Free plan (1 of 1)');
    expect(text).toContain('Vendors are read-only');
    expect(text).toContain('everything else keeps working');
    expect(text).not.toContain('Read-only mode');
  });

  it('raised no page errors and no missing translation keys', () => {
    expect(problems.missingKeys).toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});
