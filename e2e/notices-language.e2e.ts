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
import { request } from './support/http';
import { animationsDone, overflowOf } from './support/layout';
import { startBuiltServer, type BuiltServer } from './support/server';

/** A new browser's first page loads every chunk afresh: slow on a busy machine. */
const FIRST_PAINT = 60_000;

/**
 * Issue 47, notices in the person's language: switching the app's language while signed in tells
 * the server (PATCH /api/me/notices), and Settings → Notices says which language they come in,
 * bringing it over in one tap when it is not the app's (a language chosen on another device).
 */
describe("notices come in the app's language", () => {
  let server: BuiltServer;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  const problems: PageProblems = { errors: [], missingKeys: [] };
  let owner: TestAccount;

  const noticesLanguage = async () =>
    (
      await request<{ language: string | null }>(
        server.baseUrl,
        owner.token,
        'GET',
        '/api/me/notices',
      )
    ).language;

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchBrowser();
    owner = await createAccountWithSite(server.baseUrl, 'Kavita Rao');
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  async function openSettings(width: number, height: number, language?: 'en' | 'hi') {
    await context?.close();
    context = await newContext(browser, { width, height });
    page = await context.newPage();
    watchPage(page, problems);
    await page.goto(`${server.baseUrl}/login`);
    await storeSession(page, owner, owner.siteId);
    if (language) {
      await page.evaluate((l) => localStorage.setItem('siteledger.language', l), language);
    }
    await page.goto(`${server.baseUrl}/settings`);
    await page.getByTestId('notices-language').waitFor({ timeout: FIRST_PAINT });
  }

  async function shoot(name: string, width: number) {
    const overflow = await overflowOf(page);
    expect(overflow.scrollWidth, overflow.widest.join('\n')).toBeLessThanOrEqual(width);
    // From the top: a full-page shot of a scrolled page draws the sticky top bar mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await animationsDone(page);
    await screenshot(page, name);
  }

  it('switching the app to Hindi in Settings switches the notices too', async () => {
    await openSettings(1366, 900);
    expect(await noticesLanguage()).toBeNull();
    await page
      .getByTestId('notices-language')
      .filter({ hasText: 'Notices come in English.' })
      .waitFor();
    expect(await page.getByTestId('notices-language-use').count()).toBe(0);

    await page.locator('label', { has: page.getByTestId('profile-language-hi') }).click();
    await page
      .getByTestId('notices-language')
      .filter({ hasText: 'सूचनाएँ हिन्दी में आती हैं।' })
      .waitFor();
    expect(await noticesLanguage()).toBe('hi');
    await shoot('notices-language-laptop-hi', 1366);
  });

  it('on a phone in English, one tap brings the Hindi notices over to English', async () => {
    await openSettings(390, 844);
    const use = page.getByTestId('notices-language-use');
    await use.filter({ hasText: 'Get them in English' }).waitFor();
    await page
      .getByTestId('notices-language')
      .filter({ hasText: 'Notices come in हिन्दी.' })
      .waitFor();
    await shoot('notices-language-phone-en', 390);
    await use.click();
    await use.waitFor({ state: 'detached' });
    await page
      .getByTestId('notices-language')
      .filter({ hasText: 'Notices come in English.' })
      .waitFor();
    expect(await noticesLanguage()).toBe('en');
  });

  it('the top bar’s language menu tells the server too; fits 360 px in Hindi', async () => {
    await openSettings(360, 780, 'hi');
    await page.getByTestId('notices-language-use').waitFor();
    await shoot('notices-language-phone-360-hi', 360);
    // The top bar's menu, as the Settings card: English, then Hindi again, each told the server.
    await page.getByTestId('language-select').click();
    await page.getByTestId('language-option-en').click();
    await page
      .getByTestId('notices-language')
      .filter({ hasText: 'Notices come in English.' })
      .waitFor();
    await page.getByTestId('language-select').click();
    await page.getByTestId('language-option-hi').click();
    await expect.poll(noticesLanguage).toBe('hi');
    await page.getByTestId('notices-language-use').waitFor({ state: 'detached' });
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });
});
