import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithSite, storeSession, type TestAccount } from './support/accounts';
import { launchBrowser, newContext, watchPage, type PageProblems } from './support/browser';
import { api } from './support/http';
import { workerServer } from './support/worker';

const DELIVERIES = 240;

/** Day n of 2025 as YYYY-MM-DD (n from 0). */
function day(n: number): string {
  return new Date(Date.UTC(2025, 0, 1 + n)).toISOString().slice(0, 10);
}

describe('long lists: every row of a vendor statement on one virtualized page', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let account: TestAccount;
  let vendorId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createAccountWithSite(baseUrl, 'Long Lists');
    const vendor = await api<{ id: string }>(baseUrl, account, 'POST', '/vendors', {
      name: 'Shree Ganesh Aggregates',
    });
    vendorId = vendor.id;
    const item = await api<{ id: string }>(baseUrl, account, 'POST', '/items', {
      name: 'Crushed stone 20 mm',
      unit: 'cum',
    });
    // One delivery a day; ten requests at a time keep the server busy without flooding it.
    for (let start = 0; start < DELIVERIES; start += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, DELIVERIES - start) }, (_, i) =>
          api(baseUrl, account, 'POST', '/deliveries', {
            vendor: vendorId,
            delivery_date: day(start + i),
            delivery_reference: `GRN-${start + i + 1}`,
            delivery_items: [{ item: item.id, quantity: 2, unit_price: 1500 }],
          }),
        ),
      );
    }
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  async function open(width: number, height: number) {
    await context?.close();
    context = await newContext(browser, { width, height });
    page = await context.newPage();
    problems = watchPage(page);
    await page.goto(`${baseUrl}/login`);
    await storeSession(page, account, account.siteId);
    await page.goto(`${baseUrl}/vendors/${vendorId}`);
    await page.getByTestId('ledger-table').waitFor();
    await page.getByTestId('ledger-pagination-per-page').selectOption('0');
    await page
      .getByTestId('ledger-pagination-range')
      .getByText(`1–${DELIVERIES} of ${DELIVERIES}`)
      .waitFor();
  }

  /** Scrolls to the end the way a person does: again while the list grows as rows are measured. */
  async function scrollToEnd(index: number) {
    for (let attempt = 0; attempt < 30; attempt += 1) {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForTimeout(150);
      if ((await row(index).count()) > 0) return;
    }
  }

  const drawn = () => page.locator('[data-testid="ledger-table"] [data-index]').count();
  const row = (index: number) =>
    page.locator(`[data-testid="ledger-table"] [data-index="${index}"]`);

  it('draws only the rows near the screen on a desktop and reaches the last by scrolling', async () => {
    await open(1366, 900);
    const first = await drawn();
    expect(first).toBeGreaterThan(5);
    expect(first).toBeLessThan(80);
    // Newest first: the top row is the last day's delivery.
    await row(0).getByText(`GRN-${DELIVERIES}`).waitFor();
    await scrollToEnd(DELIVERIES - 1);
    const oldest = row(DELIVERIES - 1);
    await oldest.getByText('GRN-1').waitFor();
    expect(await drawn()).toBeLessThan(80);
    expect(await row(0).count()).toBe(0);
    // The running balance of the oldest entry is its own amount (2 × ₹1,500).
    expect(await oldest.textContent()).toContain('₹3,000.00');
    expect(problems.errors).toEqual([]);
  });

  it('does the same with cards on a phone', async () => {
    await open(390, 844);
    expect(await drawn()).toBeLessThan(60);
    await row(0).getByText(`GRN-${DELIVERIES}`).waitFor();
    await scrollToEnd(DELIVERIES - 1);
    await row(DELIVERIES - 1)
      .getByText('GRN-1')
      .waitFor();
    expect(await drawn()).toBeLessThan(60);
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });
});
