import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithSite, storeSession, type TestAccount } from './support/accounts';
import {
  ARTIFACTS_DIR,
  launchBrowser,
  newContext,
  screenshot,
  watchPage,
  type PageProblems,
} from './support/browser';
import { startBuiltServer, type BuiltServer } from './support/server';
import { workerServer } from './support/worker';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

interface Open {
  size?: { width: number; height: number };
  theme?: 'light' | 'dark';
  language?: 'en' | 'hi';
  siteId?: string | null;
  /**
   * 'block' for the tests of the shell's buttons, which never use the service worker: installing
   * it precaches the whole build, seconds of CPU per context (see support/browser.ts).
   */
  serviceWorkers?: 'allow' | 'block';
}

/** Signed in through storage, with onboarding tours off so nothing covers the shell. */
async function openApp(
  browser: Browser,
  baseUrl: string,
  account: TestAccount,
  problems: PageProblems,
  {
    size = DESKTOP,
    theme = 'light',
    language = 'en',
    siteId = account.siteId,
    serviceWorkers = 'allow',
  }: Open = {},
): Promise<{ context: BrowserContext; page: Page }> {
  // The service worker is under test here (installability, updates, offline).
  const context = await newContext(browser, { ...size, serviceWorkers });
  const page = await context.newPage();
  watchPage(page, problems);
  await page.goto(`${baseUrl}/login`);
  await storeSession(page, account, siteId);
  await page.evaluate(
    ([themeValue, languageValue]) => {
      localStorage.setItem('siteledger.theme', themeValue);
      localStorage.setItem('siteledger.language', languageValue);
      localStorage.setItem('siteledger.onboarding.disabled', 'true');
    },
    [theme, language] as const,
  );
  return { context, page };
}

/** The visible screen only: the dock and the floating button are fixed to the viewport. */
async function viewportShot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`) });
}

const testIds = (scope: Page | Locator, selector: string) =>
  scope
    .locator(selector)
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid') ?? ''));

/** What a Chromium install offer carries; `prompt()` is recorded on window for the test. */
function offerInstall(page: Page) {
  return page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    const record = window as unknown as { prompted?: number };
    Object.assign(event, {
      prompt: () => {
        record.prompted = (record.prompted ?? 0) + 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
}

describe('app experience: quick actions, offline banner, install prompt, installable app', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  const problems: PageProblems = { errors: [], missingKeys: [] };
  let account: TestAccount;

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createAccountWithSite(baseUrl, 'Pooja Deshmukh');
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  afterAll(async () => {
    await browser?.close();
  });

  const path = () => new URL(page.url()).pathname;
  const open = async (options: Open = {}) => {
    ({ context, page } = await openApp(browser, baseUrl, account, problems, options));
  };

  it('phone: the floating button lists the page action first; Add vendor opens the vendor form', async () => {
    await open({ size: PHONE, serviceWorkers: 'block' });
    await page.goto(`${baseUrl}/vendors`);
    await page.getByTestId('page-vendors').waitFor();
    expect(await page.getByTestId('quick-add-delivery').isVisible()).toBe(false);

    const fab = page.getByTestId('quick-fab');
    expect(await fab.getAttribute('aria-label')).toBe('Quick actions');
    const box = await fab.boundingBox();
    expect(box && box.x + box.width).toBeGreaterThan(PHONE.width - 40);
    expect(box && box.y + box.height).toBeGreaterThan(PHONE.height - 100);

    await fab.click();
    const list = page.getByTestId('quick-list');
    await list.waitFor();
    expect(await testIds(list, '[data-testid^="quick-action-"]')).toEqual([
      'quick-action-vendors',
      'quick-action-service-bookings',
      'quick-action-deliveries',
      'quick-action-payments',
    ]);
    expect(await page.getByTestId('quick-action-vendors').innerText()).toBe('Add vendor');
    await viewportShot(page, 'app-experience-fab-phone-light-en');

    await page.getByTestId('quick-action-vendors').click();
    await page.getByTestId('vendor-form').waitFor();
    expect(path()).toBe('/vendors');
  });

  it('phone: Record delivery from /vendors goes to /deliveries and opens the delivery form', async () => {
    await open({ size: PHONE, theme: 'dark', language: 'hi', serviceWorkers: 'block' });
    await page.goto(`${baseUrl}/vendors`);
    await page.getByTestId('page-vendors').waitFor();
    await page.getByTestId('quick-fab').click();
    await page.getByTestId('quick-list').waitFor();
    expect(await page.getByTestId('quick-action-vendors').innerText()).toBe('वेंडर जोड़ें');
    await viewportShot(page, 'app-experience-fab-phone-dark-hi');

    await page.getByTestId('quick-action-deliveries').click();
    await page.getByTestId('delivery-wizard').waitFor();
    expect(path()).toBe('/deliveries');
    await page.keyboard.press('Escape');
    await page.getByTestId('delivery-wizard').waitFor({ state: 'detached' });

    // On the deliveries page its own action comes first and is not repeated.
    await page.getByTestId('quick-fab').click();
    expect(await testIds(page.getByTestId('quick-list'), '[data-testid^="quick-action-"]')).toEqual(
      ['quick-action-deliveries', 'quick-action-service-bookings', 'quick-action-payments'],
    );
  });

  it('desktop: record booking, delivery and payment from the top bar', async () => {
    await open({ serviceWorkers: 'block' });
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('dashboard-page').waitFor();
    expect(await page.getByTestId('quick-fab').isVisible()).toBe(false);
    const labels = await Promise.all(
      ['quick-add-booking', 'quick-add-delivery', 'quick-add-payment'].map((id) =>
        page.getByTestId(id).getAttribute('aria-label'),
      ),
    );
    expect(labels).toEqual(['Record service booking', 'Record delivery', 'Record payment']);
    expect(await page.getByTestId('quick-add-delivery').innerText()).toBe('Delivery');
    await screenshot(page, 'app-experience-top-bar-desktop-light-en');

    await page.getByTestId('quick-add-payment').click();
    await page.getByTestId('payment-form').waitFor();
    expect(path()).toBe('/payments');
    await page.keyboard.press('Escape');
    await page.getByTestId('payment-form').waitFor({ state: 'detached' });
    // Opened once: closing it does not bring it back.
    await page.waitForTimeout(500);
    expect(await page.getByTestId('payment-form').count()).toBe(0);

    await page.getByTestId('quick-add-booking').click();
    await page.getByTestId('booking-form').waitFor();
    expect(path()).toBe('/service-bookings');
    await page.keyboard.press('Escape');

    await page.getByTestId('quick-add-delivery').click();
    await page.getByTestId('delivery-wizard').waitFor();
    expect(path()).toBe('/deliveries');
  });

  it('tablet and Hindi: icon-only buttons keep their names; the dark top bar reads in Hindi', async () => {
    await open({ size: { width: 800, height: 900 }, serviceWorkers: 'block' });
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('dashboard-page').waitFor();
    expect(await page.getByTestId('quick-add-delivery').innerText()).toBe('');
    expect(await page.getByTestId('quick-add-delivery').getAttribute('aria-label')).toBe(
      'Record delivery',
    );
    await context?.close();

    await open({ theme: 'dark', language: 'hi', serviceWorkers: 'block' });
    await page.goto(`${baseUrl}/vendors`);
    await page.getByTestId('page-vendors').waitFor();
    expect(await page.getByTestId('quick-add-payment').getAttribute('aria-label')).toBe(
      'भुगतान दर्ज करें',
    );
    await screenshot(page, 'app-experience-top-bar-desktop-dark-hi');
  });

  it('without a selected site a quick action asks for a site first', async () => {
    await open({ siteId: null, serviceWorkers: 'block' });
    await page.goto(`${baseUrl}/invites`);
    await page.getByTestId('quick-add-delivery').waitFor();
    const message = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      });
    });
    await page.getByTestId('quick-add-delivery').click();
    expect(await message).toBe('Please select a site first');
    expect(path()).toBe('/invites');
  });

  it('shows "You\'re offline" while the connection is gone, and hides it when it returns', async () => {
    await open({ size: PHONE });
    await page.goto(`${baseUrl}/vendors`);
    await page.getByTestId('page-vendors').waitFor();
    expect(await page.getByTestId('offline-banner').count()).toBe(0);

    await context?.setOffline(true);
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor();
    expect(await banner.getAttribute('role')).toBe('status');
    expect(await banner.innerText()).toContain("You're offline");
    // The floating button moves up above the banner instead of covering it: once the dock's
    // height is measured (a resize observer, a frame or more after the banner shows).
    const fabClear = async () => {
      const fab = await page.getByTestId('quick-fab').boundingBox();
      const bannerBox = await banner.boundingBox();
      return fab !== null && bannerBox !== null && fab.y + fab.height <= bannerBox.y;
    };
    await expect.poll(fabClear).toBe(true);
    await viewportShot(page, 'app-experience-offline-phone-light-en');

    await context?.setOffline(false);
    await banner.waitFor({ state: 'detached' });
  });

  it('desktop, dark, Hindi: the notices stack at the bottom of the page area', async () => {
    await open({ theme: 'dark', language: 'hi' });
    await page.goto(`${baseUrl}/vendors`);
    await page.getByTestId('page-vendors').waitFor();
    await offerInstall(page);
    await context?.setOffline(true);
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toContain('आप ऑफ़लाइन हैं');
    expect(await page.getByTestId('install-prompt').innerText()).toContain('SiteLedger इंस्टॉल करें');
    // Clear of the fixed sidebar (256 px) from 1024 px on.
    const box = await page.getByTestId('install-prompt').boundingBox();
    expect(box?.x).toBeGreaterThan(256);
    await viewportShot(page, 'app-experience-notices-desktop-dark-hi');
    await context?.setOffline(false);
  });

  it('offers installation once the browser allows it; "Not now" lasts for the session', async () => {
    await open({ size: PHONE });
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('dashboard-page').waitFor();
    expect(await page.getByTestId('install-prompt').count()).toBe(0);

    expect(await offerInstall(page)).toBe(true);
    const card = page.getByTestId('install-prompt');
    await card.waitFor();
    expect(await card.innerText()).toContain('Install SiteLedger');
    await viewportShot(page, 'app-experience-install-phone-light-en');
    await page.getByTestId('install-accept').click();
    await card.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(
      1,
    );

    await offerInstall(page);
    await card.waitFor();
    await page.getByTestId('install-dismiss').click();
    await card.waitFor({ state: 'detached' });
    expect(
      await page.evaluate(() => sessionStorage.getItem('siteledger.installPromptDismissed')),
    ).toBe('1');
    await page.reload();
    await page.getByTestId('dashboard-page').waitFor();
    await offerInstall(page);
    await page.waitForTimeout(300);
    expect(await card.count()).toBe(0);
  });

  it('is installable: manifest and icons, /sw.js, and a service worker on 127.0.0.1', async () => {
    const response = await fetch(`${baseUrl}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      lang: string;
      theme_color: string;
      background_color: string;
      categories: string[];
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'SiteLedger',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      lang: 'en',
    });
    expect(manifest.categories).toEqual(expect.arrayContaining(['business', 'finance']));
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable', 'any any']),
    );
    for (const icon of manifest.icons) {
      const file = await fetch(new URL(icon.src, baseUrl));
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get('content-type')).toContain(icon.type);
    }

    const sw = await fetch(`${baseUrl}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toContain('javascript');
    // Revalidated on every load, or an update could hide behind the HTTP cache.
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(await sw.text()).toContain('precacheAndRoute');

    await open();
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('dashboard-page').waitFor();
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe(
      '/manifest.webmanifest',
    );
    const scriptUrl = await page.evaluate(
      async () => (await navigator.serviceWorker.ready).active?.scriptURL,
    );
    expect(scriptUrl).toBe(`${baseUrl}/sw.js`);

    // Once the worker controls the page the app shell opens without a network…
    await page.reload();
    await page.getByTestId('dashboard-page').waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await context?.setOffline(true);
    await page.goto(`${baseUrl}/login`);
    await page.getByTestId('offline-banner').waitFor();
    await context?.setOffline(false);
    // …while API addresses are never answered with the app shell.
    await page.goto(`${baseUrl}/api/health`);
    expect(await page.locator('body').innerText()).toContain('"status"');
  });

  it('raised no page errors and no missing translation keys', () => {
    expect(problems.missingKeys).toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});

/**
 * A server of its own on the Free plan, serving a copy of the built app so the test can publish
 * a "new version" (a changed sw.js) without touching apps/web/dist.
 */
describe('app experience: plan limits on quick actions and the update prompt', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  let webDir = '';
  let server: BuiltServer;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  const problems: PageProblems = { errors: [], missingKeys: [] };
  let account: TestAccount;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siteledger-web-'));
    fs.cpSync(path.join(root, 'apps/web/dist'), webDir, { recursive: true });
    server = await startBuiltServer({ DEFAULT_PLAN: 'Free', WEB_DIST_DIR: webDir });
    browser = await launchBrowser();
    account = await createAccountWithSite(server.baseUrl, 'Harish Menon');
    const vendor = await fetch(`${server.baseUrl}/api/sites/${account.siteId}/vendors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
      body: JSON.stringify({ name: 'Shree Ganesh Hardware' }),
    });
    expect(vendor.status).toBe(201);
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it("disables a quick action the plan blocks, with the plan's reason", async () => {
    ({ context, page } = await openApp(browser, server.baseUrl, account, problems, {
      size: PHONE,
      serviceWorkers: 'block',
    }));
    await page.goto(`${server.baseUrl}/vendors`);
    await page.getByTestId('page-vendors').waitFor();
    await page.getByTestId('limit-vendors').waitFor();
    await page.getByTestId('quick-fab').click();
    const vendors = page.getByTestId('quick-action-vendors');
    await vendors.waitFor();
    expect(await vendors.getAttribute('aria-disabled')).toBe('true');
    expect(await vendors.getAttribute('title')).toBe(
      'Free plan limit reached: 1 of 1 vendors this month.',
    );
    expect(await page.getByTestId('quick-action-deliveries').getAttribute('aria-disabled')).toBe(
      null,
    );
    await viewportShot(page, 'app-experience-fab-limit-phone-light-en');
  });

  it('offers a waiting new version: "Later" dismisses it, "Update" reloads into it', async () => {
    ({ context, page } = await openApp(browser, server.baseUrl, account, problems, {
      size: PHONE,
    }));
    await page.goto(`${server.baseUrl}/`);
    await page.getByTestId('dashboard-page').waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // A returning visit: the installed worker controls the page, so a new one has to wait.
    await page.reload();
    await page.getByTestId('dashboard-page').waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    expect(await page.getByTestId('update-prompt').count()).toBe(0);

    // Publish a new version, then run the check the app runs every 60 minutes.
    fs.appendFileSync(path.join(webDir, 'sw.js'), `\n// next version ${Date.now()}\n`);
    const checkForUpdate = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
    await checkForUpdate();
    const prompt = page.getByTestId('update-prompt');
    await prompt.waitFor();
    expect(await prompt.innerText()).toContain('A new version of SiteLedger is available');
    await viewportShot(page, 'app-experience-update-phone-light-en');

    await page.getByTestId('update-later').click();
    await prompt.waitFor({ state: 'detached' });

    // Still waiting: the next load offers it again.
    await page.reload();
    await page.getByTestId('dashboard-page').waitFor();
    await prompt.waitFor();
    await page.evaluate(() => {
      (window as unknown as { beforeUpdate?: boolean }).beforeUpdate = true;
    });
    await Promise.all([page.waitForEvent('load'), page.getByTestId('update-apply').click()]);
    await page.getByTestId('dashboard-page').waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate),
    ).toBeUndefined();
    const waiting = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null,
    );
    expect(waiting).toBeNull();
    expect(await prompt.count()).toBe(0);
  });

  it('raised no page errors and no missing translation keys', () => {
    expect(problems.missingKeys).toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});
