/**
 * When an e2e test fails, what each page still open looked like: its address, the start of its
 * text, a screenshot, and its last console lines, failed requests and error answers. A step that
 * waits 30 s for an element says only what it waited for; this says where the browser was.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { ARTIFACTS_DIR } from './browser';

const KEEP = 25;
const open = new Set<BrowserContext>();
const logs = new WeakMap<Page, string[]>();

function note(page: Page, line: string): void {
  const lines = logs.get(page) ?? [];
  lines.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
  if (lines.length > KEEP) lines.shift();
  logs.set(page, lines);
}

function watch(page: Page): void {
  page.on('console', (message) => note(page, `console.${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => note(page, `pageerror: ${error.message}`));
  page.on('requestfailed', (request) =>
    note(page, `failed ${request.method()} ${request.url()}: ${request.failure()?.errorText}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) {
      note(page, `${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(page, `navigated ${frame.url()}`);
  });
}

/** Called by newContext: the context's pages are reported if a test fails while it is open. */
export function trackContext(context: BrowserContext): void {
  open.add(context);
  context.on('page', watch);
  context.on('close', () => open.delete(context));
}

/** Prints (and screenshots) every open page; never throws. */
export async function reportOpenPages(testName: string): Promise<void> {
  let index = 0;
  for (const context of open) {
    for (const page of context.pages()) {
      index += 1;
      try {
        const text = await page
          .locator('body')
          .innerText({ timeout: 2000 })
          .catch(() => '(no text)');
        fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
        const file = path.join(ARTIFACTS_DIR, `failed-${testName.slice(0, 40)}-${index}.png`);
        await page.screenshot({ path: file, timeout: 5000 }).catch(() => undefined);
        const lines = (logs.get(page) ?? []).map((line) => `    ${line.slice(0, 300)}`);
        console.error(
          [
            `[e2e] open page ${index} at ${page.url()}`,
            `  text: ${text.replace(/\s+/g, ' ').slice(0, 300)}`,
            `  screenshot: ${path.basename(file)}`,
            '  last events:',
            ...lines,
          ].join('\n'),
        );
      } catch {
        // A page closing under us: nothing to say about it.
      }
    }
  }
}
