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
import { api } from './support/http';
import { workerServer } from './support/worker';

describe('item detail: figures, price range, trend chart, delivery history, quotations', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let account: TestAccount;
  let itemId = '';
  let spareId = '';
  const lineIds: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createAccountWithSite(baseUrl, 'Kavita Nair');
    const tag = await api<{ id: string }>(baseUrl, account, 'POST', '/tags', {
      name: 'Cement',
      type: 'item_category',
    });
    const item = await api<{ id: string }>(baseUrl, account, 'POST', '/items', {
      name: 'OPC Cement 53 grade',
      unit: 'bag',
      description: 'UltraTech, 50 kg bags',
      tags: [tag.id],
    });
    itemId = item.id;
    const spare = await api<{ id: string }>(baseUrl, account, 'POST', '/items', {
      name: 'White cement',
      unit: 'kg',
    });
    spareId = spare.id;
    const sharma = await api<{ id: string }>(baseUrl, account, 'POST', '/vendors', {
      name: 'Sharma Traders',
    });
    const balaji = await api<{ id: string }>(baseUrl, account, 'POST', '/vendors', {
      name: 'Balaji Building Materials',
    });
    // Two deliveries at different prices: 10 bags at ₹380, then 20 bags at ₹402.75.
    for (const [vendor, date, reference, quantity, price] of [
      [sharma.id, '2025-05-04', 'INV-101', 10, 380],
      [balaji.id, '2025-06-18', 'INV-202', 20, 402.75],
    ] as const) {
      await api(baseUrl, account, 'POST', '/deliveries', {
        vendor,
        delivery_date: date,
        delivery_reference: reference,
        delivery_items: [{ item: itemId, quantity, unit_price: price }],
      });
    }
    const stats = await api<{ deliveries: { id: string }[] }>(
      baseUrl,
      account,
      'GET',
      `/items/${itemId}/stats`,
    );
    lineIds.push(...stats.deliveries.map((line) => line.id)); // newest first
    expect(lineIds).toHaveLength(2);
    await api(baseUrl, account, 'POST', '/quotations', {
      vendor: sharma.id,
      quotation_type: 'item',
      item: itemId,
      unit_price: 385,
      minimum_quantity: 100,
      valid_until: '2099-12-31',
    });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  async function open(width: number, height: number, theme: 'light' | 'dark' = 'light') {
    await context?.close();
    context = await newContext(browser, { width, height });
    page = await context.newPage();
    problems = watchPage(page);
    await page.goto(`${baseUrl}/login`);
    await storeSession(page, account, account.siteId);
    await page.evaluate((value) => localStorage.setItem('siteledger.theme', value), theme);
  }

  async function chartRendered(testId: string) {
    const curve = page.getByTestId(testId).locator('svg path.recharts-area-curve');
    await curve.first().waitFor();
    expect(await curve.first().getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+/);
  }

  it('shows the figures, the exact price range, the chart and both deliveries', async () => {
    await open(1366, 768);
    await page.goto(`${baseUrl}/items/${itemId}`);
    await page.getByTestId('item-detail-name').getByText('OPC Cement 53 grade').waitFor();
    await page.getByText('UltraTech, 50 kg bags').waitFor();
    await page.getByTestId('item-detail-unit').getByText('Unit: Bags (bag)').waitFor();
    await page.getByTestId('page-item-detail').getByText('Cement', { exact: true }).waitFor();

    expect(await page.getByTestId('item-figure-stock-value').textContent()).toBe('30 bag');
    expect(await page.getByTestId('item-figure-delivered-value').textContent()).toBe('30 bag');
    // Weighted: (10 × 380 + 20 × 402.75) ÷ 30 = 395.1666… → ₹395.17
    expect(await page.getByTestId('item-figure-average-value').textContent()).toBe('₹395.17');

    const range = page.getByTestId('item-price-range');
    await range.getByTestId('item-price-range-lowest').getByText('₹380.00').waitFor();
    expect(await range.getByTestId('item-price-range-lowest').textContent()).toBe('₹380.00');
    expect(await range.getByTestId('item-price-range-highest').textContent()).toBe('₹402.75');
    expect(await range.getByTestId('item-price-range-average').textContent()).toBe('₹395.17');
    expect(await range.textContent()).toContain('Spread ₹22.75');

    await chartRendered('item-trend');
    const axis = await page
      .getByTestId('item-trend')
      .locator('.recharts-xAxis-tick-labels')
      .textContent();
    expect(axis).toContain('04 May 25');
    expect(axis).toContain('18 Jun 25');
    expect(
      await page.getByTestId('item-trend').locator('.recharts-yAxis-tick-labels').textContent(),
    ).toMatch(/₹\d{3}\.00/);

    // Newest first.
    const rows = page.getByTestId('item-history').locator('tbody tr');
    expect(await rows.count()).toBe(2);
    const newest = (await rows.nth(0).textContent()) ?? '';
    const oldest = (await rows.nth(1).textContent()) ?? '';
    for (const text of ['18 Jun 2025', 'Balaji Building Materials', 'INV-202', '20 bag']) {
      expect(newest).toContain(text);
    }
    expect(newest).toContain('₹402.75');
    expect(newest).toContain('₹8,055.00');
    for (const text of ['04 May 2025', 'Sharma Traders', 'INV-101', '10 bag', '₹380.00']) {
      expect(oldest).toContain(text);
    }
    expect(oldest).toContain('₹3,800.00');
    expect(await rows.nth(0).getAttribute('data-testid')).toBe(`item-history-row-${lineIds[0]}`);

    const quotes = page.getByTestId('item-quotations');
    await quotes.getByText('Sharma Traders').waitFor();
    const quote = (await quotes.locator('li').first().textContent()) ?? '';
    expect(quote).toContain('₹385.00');
    expect(quote).toContain('Min. 100 bag');
    expect(quote).toContain('Valid until 31 Dec 2099');
    expect(quote).toContain('Pending');
    expect(quote).toContain('Best price');

    await screenshot(page, 'item-detail-laptop-light');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('edits the item in place and refuses to delete an item used in deliveries', async () => {
    await page.getByTestId('item-detail-edit').click();
    await page.getByTestId('item-form').waitFor();
    await page.getByTestId('item-name').fill('OPC Cement 53 grade (UltraTech)');
    await page.getByTestId('item-form-submit').click();
    await page.getByTestId('item-form').waitFor({ state: 'detached' });
    await page
      .getByTestId('item-detail-name')
      .getByText('OPC Cement 53 grade (UltraTech)')
      .waitFor();

    await page.getByTestId('item-detail-delete').click();
    await page.getByTestId('item-delete-dialog-confirm').click();
    await page
      .getByTestId('item-delete-dialog-error')
      .getByText('Cannot delete: other records still use this item')
      .waitFor();
    await page.getByTestId('item-delete-dialog-cancel').click();
    await page.getByTestId('item-delete-dialog').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/items/${itemId}`);
    expect(problems.errors).toEqual([]);
  });

  it('shows empty states for an item without deliveries, deletes it and goes back to the list', async () => {
    await page.goto(`${baseUrl}/items/${spareId}`);
    await page.getByTestId('item-detail-name').getByText('White cement').waitFor();
    await page.getByTestId('item-trend-empty').getByText('No price history yet').waitFor();
    await page.getByTestId('item-price-range').getByText('Prices appear here').waitFor();
    await page.getByTestId('item-history-empty').getByText('Not delivered yet').waitFor();
    await page.getByTestId('item-quotations').getByText('No quotations yet').waitFor();
    expect(await page.getByTestId('item-figure-average-value').textContent()).toBe('—');

    await page.getByTestId('item-detail-delete').click();
    await page.getByTestId('item-delete-dialog-confirm').click();
    await page.waitForURL(`${baseUrl}/items`);
    await page.getByTestId('toast-success').getByText('Item “White cement” deleted').waitFor();

    await page.goto(`${baseUrl}/items/${spareId}`);
    await page.getByTestId('item-detail-error').getByText('Item not found').waitFor();
    await page.getByTestId('item-detail-error').getByRole('link', { name: 'All items' }).click();
    await page.waitForURL(`${baseUrl}/items`);
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('reads well on a phone and in dark mode', async () => {
    for (const theme of ['light', 'dark'] as const) {
      await open(390, 844, theme);
      await page.goto(`${baseUrl}/items/${itemId}`);
      await chartRendered('item-trend');
      // Cards instead of a table on a phone.
      await page.getByTestId(`item-history-row-${lineIds[0]}`).waitFor();
      expect(await page.getByTestId('item-history').locator('table').count()).toBe(0);
      const chart = await page.getByTestId('item-trend').boundingBox();
      expect(chart?.width).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await screenshot(page, `item-detail-phone-${theme}`);
    }
    await open(1366, 768, 'dark');
    await page.goto(`${baseUrl}/items/${itemId}`);
    await chartRendered('item-trend');
    await screenshot(page, 'item-detail-laptop-dark');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });
});
