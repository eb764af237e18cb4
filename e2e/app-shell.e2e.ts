import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccountWithSite, storeSession, type TestAccount } from './support/accounts';
import { launchBrowser, newContext, watchPage, type PageProblems } from './support/browser';
import { workerServer } from './support/worker';

describe('app shell: guards, remembered site, session end, phone layout, shortcuts', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const problems: PageProblems = { errors: [], missingKeys: [] };
  let account: TestAccount;

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createAccountWithSite(baseUrl, 'Meera Iyer');
  });

  beforeEach(async () => {
    await context?.close();
    context = await newContext(browser, { width: 390, height: 844 });
    page = await context.newPage();
    watchPage(page, problems);
    await page.goto(`${baseUrl}/login`);
    await page.getByTestId('login-page').waitFor();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  const path = () => new URL(page.url()).pathname;

  it('clears a remembered site that is no longer accessible, then auto-selects the only one', async () => {
    await storeSession(page, account, 'zzzzzzzzzzzzzzz');
    await page.goto(`${baseUrl}/items`);
    await page.getByTestId('dashboard-page').waitFor();
    expect(path()).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('siteledger.currentSite'))).toBe(
      account.siteId,
    );
  });

  it('sends signed-in users away from guest-only screens', async () => {
    await storeSession(page, account, account.siteId);
    await page.goto(`${baseUrl}/forgot-password`);
    await page.getByTestId('dashboard-page').waitFor();
    expect(path()).toBe('/');
  });

  it('opens the sidebar from the hamburger on a phone and navigates', async () => {
    await storeSession(page, account, account.siteId);
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('dashboard-page').waitFor();
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    await page.getByTestId('sidebar-toggle').click();
    const mobile = page.getByTestId('sidebar-mobile');
    await mobile.waitFor();
    await mobile.getByTestId('nav-deliveries').click();
    await page.getByTestId('page-deliveries').waitFor();
    expect(path()).toBe('/deliveries');
    await mobile.waitFor({ state: 'detached' });
  });

  it('navigates with Alt+Shift shortcuts', async () => {
    await storeSession(page, account, account.siteId);
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('dashboard-page').waitFor();
    await page.keyboard.press('Alt+Shift+KeyV');
    await page.getByTestId('page-vendors').waitFor();
    expect(path()).toBe('/vendors');
    await page.keyboard.press('Alt+Shift+KeyD');
    await page.getByTestId('dashboard-page').waitFor();
  });

  it('returns to login when the server ends the session (401)', async () => {
    const other = await createAccountWithSite(baseUrl, 'Kabir Shah');
    const browserSession = await storeSession(page, other, other.siteId);
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('dashboard-page').waitFor();
    // Signed out from elsewhere (Profile on another device).
    const response = await fetch(`${baseUrl}/api/me/sessions/${browserSession}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(response.status).toBe(204);
    await page.reload();
    await page.getByTestId('login-page').waitFor();
    expect(path()).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('siteledger.auth'))).toBeNull();
  });

  it('follows the operating system theme live when set to system', async () => {
    await storeSession(page, account, account.siteId);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('dashboard-page').waitFor();
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await isDark()).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(isDark).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(isDark).toBe(false);
  });

  it('plays the help tour on request, then a toast disappears on its own', async () => {
    await storeSession(page, account, account.siteId);
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('dashboard-page').waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-help-tour').click();
    // Tours are switched off for tests (storeSession); asking for one still plays it.
    await page.getByTestId('tour-popover').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('tour-popover').waitFor({ state: 'detached' });
    await page.goto(`${baseUrl}/settings`);
    await page.getByTestId('profile-tours-reset').click();
    const toast = page.getByTestId('toast-success');
    await toast.waitFor();
    await toast.waitFor({ state: 'detached', timeout: 6_000 });
  });

  it('raised no page errors and no missing translation keys in any of the above', () => {
    expect(problems.missingKeys).toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});
