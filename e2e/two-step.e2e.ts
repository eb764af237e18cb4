/**
 * Two-step sign-in (issue 19) the way a person uses it: Profile → Switch on, scan the QR code
 * (here: decode the image the page shows), confirm with the app's code, save the recovery codes;
 * then sign out and sign in with the password and a code, and once with a recovery code.
 */
import jsQR from 'jsqr';
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newContext,
  screenshot,
  watchPage,
  type PageProblems,
} from './support/browser';
import { workerServer } from './support/worker';

const PERIOD_MS = 30_000;

describe.skipIf(!workerServer().baseUrl)('two-step sign-in', () => {
  const baseUrl = workerServer().baseUrl;
  const email = `meera.${Date.now()}@example.in`;
  const password = 'meera-pass-1';
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let secret = '';
  let recoveryCodes: string[] = [];
  /** The time step of the last code used: the server never takes one twice. */
  let lastStep = 0;

  /** The app's code for the next unused step (the server accepts one step ahead). */
  /**
   * A code the server has not seen: the next time step once this one is used. The server takes
   * one step ahead at most, so past that the test waits for the clock.
   */
  async function freshCode(): Promise<string> {
    for (;;) {
      const now = Math.floor(Date.now() / PERIOD_MS);
      const step = Math.max(now, lastStep + 1);
      if (step <= now + 1) {
        lastStep = step;
        return generate({ secret, epoch: step * (PERIOD_MS / 1000) });
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  async function signInWithPassword() {
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByTestId('login-submit').click();
  }

  async function signOut() {
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await page.getByTestId('login-page').waitFor();
  }

  beforeAll(async () => {
    const registered = await fetch(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Meera Iyer',
        email,
        password,
        passwordConfirm: password,
        legal_accepted: true,
      }),
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    const site = await fetch(`${baseUrl}/api/sites`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Lakeview Phase 2', total_units: 12, total_planned_area: 9000 }),
    });
    expect(site.status).toBe(201);
    browser = await launchBrowser();
    context = await newContext(browser);
    // No page tours over this test.
    await context.addInitScript(() =>
      localStorage.setItem('siteledger.onboarding.disabled', 'true'),
    );
    page = await context.newPage();
    problems = watchPage(page);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('switches two-step on in Profile by scanning the QR code', async () => {
    await signInWithPassword();
    await page.getByTestId('dashboard-page').waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-profile').click();
    const card = page.getByTestId('profile-two-step');
    await card.getByTestId('two-step-state').getByText('Off').waitFor();
    await card.getByTestId('two-step-switch-on').click();

    // Scan: read the QR code from the image the page shows, as a phone camera would.
    const qr = card.getByTestId('two-step-qr');
    await qr.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="two-step-qr"]');
      return img?.complete && img.naturalWidth > 0;
    });
    const png = PNG.sync.read(await qr.screenshot());
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded, 'the QR code decodes').not.toBeNull();
    const otpauth = new URL(decoded!.data);
    expect(otpauth.protocol).toBe('otpauth:');
    expect(otpauth.searchParams.get('issuer')).toBe('SiteLedger');
    expect(decodeURIComponent(otpauth.pathname)).toContain(email);
    secret = otpauth.searchParams.get('secret') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    // The key shown for typing is the same secret.
    const shown = await card.getByTestId('two-step-secret').textContent();
    expect(shown?.replace(/\s+/g, '')).toBe(secret);
    await screenshot(page, 'two-step-setup-desktop');

    // A wrong code is refused with the server's message.
    await card.getByTestId('two-step-setup-code').fill('000000');
    await card.getByTestId('two-step-setup-confirm').click();
    await card.getByTestId('two-step-setup-error').getByText('That code is not right').waitFor();

    await card.getByTestId('two-step-setup-code').fill(await freshCode());
    await card.getByTestId('two-step-setup-confirm').click();
    await card.getByTestId('two-step-recovery-codes').waitFor();
    recoveryCodes = await card.getByTestId('two-step-recovery-code').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await screenshot(page, 'two-step-recovery-codes');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByTestId('two-step-codes-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('siteledger-recovery-codes.txt');
    const saved = await download.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    });
    for (const code of recoveryCodes) expect(saved).toContain(code);

    await card.getByTestId('two-step-codes-saved').click();
    await card.getByTestId('two-step-state').getByText('On').waitFor();
    await card.getByTestId('two-step-codes-left').getByText('10 recovery codes left').waitFor();
  });

  it('signs out, then signs in with the password and a code from the app', async () => {
    await signOut();
    await signInWithPassword();
    const form = page.getByTestId('two-step-form');
    await form.waitFor();
    const field = page.getByTestId('two-step-code');
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await field.getAttribute('inputmode')).toBe('numeric');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('code');
    await field.fill('123456');
    await page.getByTestId('two-step-submit').click();
    await page.getByTestId('two-step-error').getByText('That code is not right').waitFor();
    await screenshot(page, 'two-step-login-desktop');

    await field.fill(await freshCode());
    await page.getByTestId('two-step-submit').click();
    await page.getByTestId('dashboard-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('signs in once with a recovery code', async () => {
    await signOut();
    await signInWithPassword();
    await page.getByTestId('two-step-form').waitFor();
    await page.getByTestId('two-step-switch-mode').click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByTestId('two-step-submit').click();
    await page.getByTestId('dashboard-page').waitFor();

    // The same recovery code does not work twice.
    await signOut();
    await signInWithPassword();
    await page.getByTestId('two-step-switch-mode').click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByTestId('two-step-submit').click();
    await page.getByTestId('two-step-error').getByText('That code is not right').waitFor();
  });

  it('fits a 390 px phone: the sign-in code step and the Profile card', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'two-step-login-phone');
    await page.getByTestId('two-step-switch-mode').click();
    await page.getByTestId('two-step-code').fill(await freshCode());
    await page.getByTestId('two-step-submit').click();
    await page.getByTestId('dashboard-page').waitFor();
    await page.goto(`${baseUrl}/profile`);
    const card = page.getByTestId('profile-two-step');
    await card.getByTestId('two-step-codes-left').getByText('9 recovery codes left').waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'two-step-profile-phone');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('raised no page errors and no missing translation keys', () => {
    expect(problems.missingKeys).toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});
