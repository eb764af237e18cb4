import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { trackContext } from './failure-report';

export const ARTIFACTS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../artifacts',
);

/** Debian's chromium (never a downloaded browser). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, quiet: no sandbox (containers), no GPU, no background traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * In the e2e suite, a connection to this Vitest worker's Chromium (e2e/global-setup.ts starts one
 * per worker, cheaper than a launch per file); elsewhere (Lighthouse) a Chromium of its own.
 * Closing a connected browser closes the contexts it opened and leaves the browser running.
 */
export async function launchBrowser(): Promise<Browser> {
  if (process.env.VITEST_POOL_ID) {
    // Imported only under Vitest: the module reads what global-setup provided.
    const { workerBrowserEndpoint } = await import('./worker');
    const endpoint = workerBrowserEndpoint();
    if (endpoint) return chromium.connect(endpoint);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export interface PageProblems {
  /** Uncaught exceptions and console errors other than failed HTTP loads. */
  errors: string[];
  /** i18n warnings about missing translation keys. */
  missingKeys: string[];
}

/** Collects page errors and missing-translation warnings so a test can assert there are none. */
export function watchPage(
  page: Page,
  problems: PageProblems = { errors: [], missingKeys: [] },
): PageProblems {
  page.on('pageerror', (error) => problems.errors.push(error.message));
  page.on('console', (message) => {
    const text = message.text();
    if (text.includes('Missing translation key')) problems.missingKeys.push(text);
    else if (message.type() === 'error' && !text.startsWith('Failed to load resource')) {
      problems.errors.push(text);
    }
  });
  return problems;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * How long an action or a wait may take before the test fails. Playwright's 30 s holds on a
 * developer's machine; CI machines have been seen three times slower (the e2e stage 2,282 s
 * against 700), where a cold page's first render outran 30 s. E2E_TIMEOUT_MS overrides it.
 */
export const E2E_TIMEOUT_MS = Number(
  process.env.E2E_TIMEOUT_MS ?? (process.env.CI === 'true' ? 60_000 : 30_000),
);

/**
 * A fresh context (its own cookies and storage). Without `serviceWorkers: 'allow'` the app's
 * service worker is not registered: installing it precaches the whole build (≈330 requests, some
 * seconds of a busy machine) in every context, and only the offline and installability specs use
 * it; the others get the same files from the server (the worker caches no API answers).
 */
export async function newContext(
  browser: Browser,
  options: { width?: number; height?: number; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    // E2E_SERVICE_WORKERS=allow runs every spec with the worker, as a phone has it.
    serviceWorkers:
      options.serviceWorkers ?? (process.env.E2E_SERVICE_WORKERS === 'allow' ? 'allow' : 'block'),
  });
  context.setDefaultTimeout(E2E_TIMEOUT_MS);
  trackContext(context);
  return context;
}
