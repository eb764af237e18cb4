import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithSite, type TestAccount } from './support/accounts';
import {
  launchBrowser,
  newContext,
  screenshot,
  watchPage,
  type PageProblems,
} from './support/browser';
import { workerServer } from './support/worker';

/**
 * Issue 19: the session is an HttpOnly cookie no script can read, and a person ends another
 * device's session from Profile → "Where you're signed in"; that device is sent to sign-in.
 */
describe('where you are signed in', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let account: TestAccount;
  const contexts: BrowserContext[] = [];
  const problems: PageProblems = { errors: [], missingKeys: [] };

  /** A browser signed in through the sign-in page, as a person does. */
  async function signedInBrowser(options: { width?: number; height?: number } = {}) {
    const context = await newContext(browser, options);
    contexts.push(context);
    const page = await context.newPage();
    watchPage(page, problems);
    await page.goto(`${baseUrl}/login`);
    await page.evaluate(() => localStorage.setItem('siteledger.onboarding.disabled', 'true'));
    await page.getByLabel('Email').fill(account.user.email);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('dashboard-page').waitFor();
    return page;
  }

  beforeAll(async () => {
    account = await createAccountWithSite(baseUrl, 'Meera Iyer');
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('keeps the session out of script reach', async () => {
    const page = await signedInBrowser();
    const readable = await page.evaluate(() => ({
      cookies: document.cookie,
      storage: Object.entries(localStorage)
        .map(([key, value]) => `${key}=${value}`)
        .join('\n'),
    }));
    expect(readable.cookies).not.toContain('sl_session');
    expect(readable.cookies).toContain('sl_csrf');
    expect(readable.storage).not.toMatch(/"token"/);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'sl_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
    });
  });

  it('signs out a second browser from Profile, and that browser goes to sign-in', async () => {
    const laptop = await signedInBrowser();
    const phone = await signedInBrowser({ width: 390, height: 844 });
    await laptop.goto(`${baseUrl}/profile`);
    const card = laptop.getByTestId('profile-sessions');
    await card.waitFor();
    const rows = card.getByTestId('profile-session');
    // The registration's API session, the first test's browser, this laptop and the phone.
    await expect.poll(() => rows.count()).toBe(4);
    const current = card.locator('[data-testid="profile-session"][data-current="true"]');
    expect(await current.count()).toBe(1);
    expect(await current.textContent()).toContain('This device');
    expect(await current.textContent()).toMatch(/Chrome on Linux/);
    expect(await current.textContent()).toMatch(/127\.0\.0\.1 · last used/);
    await screenshot(laptop, 'profile-sessions-desktop');

    // The newest other browser session is the phone's.
    const phoneRow = card
      .locator('[data-testid="profile-session"][data-current="false"]')
      .filter({ hasText: 'Chrome on Linux' })
      .first();
    await phoneRow.getByTestId('profile-session-end').click();
    await laptop
      .getByTestId('profile-session-end-confirm')
      .getByRole('button', { name: 'Sign out' })
      .click();
    await expect.poll(() => rows.count()).toBe(3);

    // The phone was on its dashboard with live updates open: it is sent to sign-in by itself.
    await phone.waitForURL(`${baseUrl}/login`, { timeout: 15_000 });
    await phone.getByTestId('login-page').waitFor();
    expect(await phone.evaluate(() => localStorage.getItem('siteledger.auth'))).toBeNull();

    // All others: the laptop alone stays.
    await card.getByTestId('profile-sessions-end-others').click();
    await laptop
      .getByTestId('profile-sessions-end-others-confirm')
      .getByRole('button', { name: 'Sign out all other devices' })
      .click();
    await expect.poll(() => rows.count()).toBe(1);
    const me = await fetch(`${baseUrl}/api/me`, {
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(me.status).toBe(401);
  });

  it('reads well on a phone', async () => {
    const page = await signedInBrowser({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/profile`);
    await page.getByTestId('profile-sessions').scrollIntoViewIfNeeded();
    await screenshot(page, 'profile-sessions-phone');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(overflow).toBe(false);
  });

  it('raised no page errors and no missing translation keys', () => {
    expect(problems.missingKeys).toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});
