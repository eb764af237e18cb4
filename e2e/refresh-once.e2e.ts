import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithSite, storeSession, type TestAccount } from './support/accounts';
import { launchBrowser, newContext, watchPage, type PageProblems } from './support/browser';
import { api } from './support/http';
import { workerServer } from './support/worker';

/**
 * Issue 21: one write refreshes each query it changes once — not again when the tab's own
 * live-update echo arrives, and the plan's usage only when a count moved. Counted as the browser
 * sends them, against the real server and its event stream.
 */
describe('a write refreshes what it changed once', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let account: TestAccount;
  const reads: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createAccountWithSite(baseUrl, 'Kiran Desai');
    context = await newContext(browser, { width: 1366, height: 768 });
    page = await context.newPage();
    problems = watchPage(page);
    page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (request.method() === 'GET' && url.pathname.startsWith(`/api/sites/${account.siteId}`))
        reads.push(`${url.pathname}${url.search}`);
    });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  /** The reads the page made from `since` on, counted by URL. */
  const countsSince = (since: number) => {
    const counts = new Map<string, number>();
    for (const url of reads.slice(since)) counts.set(url, (counts.get(url) ?? 0) + 1);
    return counts;
  };
  const subscriptionReads = (counts: Map<string, number>) =>
    [...counts].filter(([url]) => url.endsWith('/subscription')).reduce((n, [, c]) => n + c, 0);
  const itemListReads = (counts: Map<string, number>) =>
    [...counts].filter(([url]) => /\/items\?/.test(url)).reduce((n, [, c]) => n + c, 0);

  /** Long enough for the event stream's echo and the live hook's 100 ms burst window. */
  const settle = () => page.waitForTimeout(1500);

  it('a create, an edit and someone else’s create', async () => {
    await page.goto(`${baseUrl}/login`);
    await storeSession(page, account, account.siteId);
    const stream = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/sites/${account.siteId}/events`) && response.status() === 200,
    );
    await page.goto(`${baseUrl}/items`);
    await page.getByTestId('items-table-empty').waitFor();
    await stream;
    await settle();

    // This tab creates an item: the list, its tags and the plan's usage are read once each.
    let since = reads.length;
    await page.getByTestId('item-add').click();
    await page.getByTestId('item-name').fill('Binding wire');
    await page.getByTestId('item-unit').selectOption('kg');
    const created = page.waitForResponse(
      (response) => response.request().method() === 'POST' && /\/items$/.test(response.url()),
    );
    await page.getByTestId('item-form-submit').click();
    const answer = await created;
    expect(answer.status()).toBe(201);
    const item = (await answer.json()) as { id: string };
    await page.getByRole('row', { name: /Binding wire/ }).waitFor();
    await settle();
    let counts = countsSince(since);
    expect(
      [...counts].filter(([, n]) => n > 1),
      JSON.stringify([...counts]),
    ).toEqual([]);
    expect(itemListReads(counts)).toBe(1);
    expect(subscriptionReads(counts)).toBe(1);

    // An edit moves no count: the list again once, the plan's usage not at all.
    since = reads.length;
    await page.getByTestId(`item-edit-${item.id}`).click();
    await page.getByTestId('item-name').fill('Binding wire 18 gauge');
    await page.getByTestId('item-form-submit').click();
    await page.getByRole('row', { name: /Binding wire 18 gauge/ }).waitFor();
    await settle();
    counts = countsSince(since);
    expect(
      [...counts].filter(([, n]) => n > 1),
      JSON.stringify([...counts]),
    ).toEqual([]);
    expect(itemListReads(counts)).toBe(1);
    expect(subscriptionReads(counts)).toBe(0);

    // Another device's create still arrives through the stream and refreshes this tab once.
    since = reads.length;
    await api(baseUrl, account, 'POST', '/items', { name: 'Cover blocks', unit: 'nos' });
    await page.getByRole('row', { name: /Cover blocks/ }).waitFor();
    await settle();
    counts = countsSince(since);
    expect(itemListReads(counts)).toBe(1);
    expect(subscriptionReads(counts)).toBe(1);
    expect(problems.errors).toEqual([]);
  });
});
