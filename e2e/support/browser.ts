import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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

export function launchBrowser(): Promise<Browser> {
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

export async function newContext(
  browser: Browser,
  options: { width?: number; height?: number } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
}
