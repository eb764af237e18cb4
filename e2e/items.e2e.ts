import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithSite, storeSession, type TestAccount } from './support/accounts';
import {
  ARTIFACTS_DIR,
  launchBrowser,
  newContext,
  screenshot,
  watchPage,
  type PageProblems,
} from './support/browser';
import { api } from './support/http';
import { workerServer } from './support/worker';
import { animationsDone } from './support/layout';

describe('items list: the record kit end to end', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let account: TestAccount;

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createAccountWithSite(baseUrl, 'Vikram Rao');
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

  const query = () => new URL(page.url()).searchParams;

  it('adds an item with a new category tag through the dialog', async () => {
    await open(1366, 768);
    await page.goto(`${baseUrl}/items`);
    await page.getByTestId('items-table-empty').waitFor();
    await page.getByTestId('item-add').click();
    const dialog = page.getByTestId('item-form');
    await dialog.waitFor();
    await page.getByTestId('item-form-submit').click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Choose a unit').waitFor();

    await page.getByTestId('item-name').fill('OPC Cement 53 grade');
    await page.getByTestId('item-unit').selectOption('bag');
    await page.getByTestId('item-tags-open').click();
    await page.getByTestId('item-tags-search').fill('Cement');
    await page.getByTestId('item-tags-create').click();
    await page.getByTestId('item-tags').getByText('Cement').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('item-description').fill('UltraTech, 50 kg bags');
    await screenshot(page, 'items-form-laptop');
    await page.getByTestId('item-form-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('toast-success').getByText('Item “OPC Cement 53 grade” added').waitFor();

    const row = page.getByRole('row', { name: /OPC Cement 53 grade/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Cement');
    expect(await row.textContent()).toContain('0 bag');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('pages, searches, filters and sorts through the URL', async () => {
    const units = ['kg', 'bag', 'nos', 'cft'] as const;
    for (let i = 1; i <= 34; i += 1) {
      await api(baseUrl, account, 'POST', '/items', {
        name: `Material ${String(i).padStart(2, '0')}`,
        unit: units[i % units.length],
      });
    }
    await page.goto(`${baseUrl}/items`);
    await page.getByTestId('pagination-range').getByText('1–30 of 35').waitFor();
    await page.getByTestId('pagination-next').click();
    await page.getByTestId('pagination-range').getByText('31–35 of 35').waitFor();
    expect(query().get('page')).toBe('2');
    await page.goBack();
    await page.getByTestId('pagination-range').getByText('1–30 of 35').waitFor();

    await page.getByTestId('items-toolbar-search').fill('cement');
    await page.getByTestId('pagination-range').getByText('1–1 of 1').waitFor();
    expect(query().get('q')).toBe('cement');
    await page.reload();
    await page.getByTestId('pagination-range').getByText('1–1 of 1').waitFor();
    expect(await page.getByTestId('items-toolbar-search').inputValue()).toBe('cement');
    await page.getByTestId('items-toolbar-clear').click();
    await page.getByTestId('pagination-range').getByText('1–30 of 35').waitFor();

    await page.getByTestId('items-filter-unit').selectOption('kg');
    await page.getByTestId('pagination-range').getByText('1–8 of 8').waitFor();
    expect(query().get('unit')).toBe('kg');
    await page.getByTestId('items-filter-unit').selectOption('');

    await page.getByRole('button', { name: 'Sort by Name' }).click();
    await page.waitForURL(/sort=-name/);
    const first = page.locator('tbody tr').first();
    await first.getByText('OPC Cement 53 grade').waitFor();
    await page.getByRole('button', { name: 'Sort by Name' }).click();
    await first.getByText('Material 01').waitFor();
    await screenshot(page, 'items-list-laptop');
  });

  it('edits an item, opens its detail route, and deletes only what no delivery uses', async () => {
    const list = await api<{ items: { id: string; name: string }[] }>(
      baseUrl,
      account,
      'GET',
      '/items?q=Material%2001',
    );
    const used = list.items[0];
    if (!used) throw new Error('seeded item missing');
    const vendor = await api<{ id: string }>(baseUrl, account, 'POST', '/vendors', {
      name: 'Sharma Traders',
    });
    await api(baseUrl, account, 'POST', '/deliveries', {
      vendor: vendor.id,
      delivery_date: '2025-06-02',
      delivery_items: [{ item: used.id, quantity: 12.5, unit_price: 380 }],
    });

    await page.goto(`${baseUrl}/items?q=Material%2001`);
    const row = page.getByTestId(`item-row-${used.id}`);
    await row.getByText('₹380.00').waitFor();
    expect(await row.textContent()).toContain('12.5');

    await page.getByTestId(`item-edit-${used.id}`).click();
    await page.getByTestId('item-name').fill('River sand');
    await page.getByTestId('item-form-submit').click();
    await page.getByTestId('item-form').waitFor({ state: 'detached' });
    await page.getByTestId('items-toolbar-search').fill('river');
    await row.getByText('River sand').waitFor();

    await page.getByTestId(`item-delete-${used.id}`).click();
    await page.getByTestId('item-delete-dialog-confirm').click();
    await page
      .getByTestId('item-delete-dialog-error')
      .getByText('Cannot delete: other records still use this item')
      .waitFor();
    await page.getByTestId('item-delete-dialog-cancel').click();
    await page.getByTestId('item-delete-dialog').waitFor({ state: 'detached' });

    await row.click();
    await page.waitForURL(new RegExp(`/items/${used.id}$`));

    await page.goto(`${baseUrl}/items?q=Material%2002`);
    const spare = page.getByRole('row', { name: /Material 02/ });
    await spare.getByRole('button', { name: 'Delete Material 02' }).click();
    await page.getByTestId('item-delete-dialog-confirm').click();
    await page.getByTestId('item-delete-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('items-table-empty').waitFor();
    expect(problems.errors).toEqual([]);
  });

  it('shows cards and a full-screen form on a phone, in light and dark', async () => {
    for (const theme of ['light', 'dark'] as const) {
      await open(390, 844, theme);
      await page.goto(`${baseUrl}/items`);
      await page.getByTestId('items-table').locator('li').first().waitFor();
      expect(await page.locator('table').count()).toBe(0);
      await screenshot(page, `items-list-phone-${theme}`);
      await page.getByTestId('item-add').click();
      await page.getByTestId('item-form').waitFor();
      await animationsDone(page);
      const box = await page.getByTestId('item-form').boundingBox();
      expect(box?.width).toBeCloseTo(390, 0);
      expect(box?.height).toBeCloseTo(844, 0);
      await page.screenshot({ path: path.join(ARTIFACTS_DIR, `items-form-phone-${theme}.png`) });
      await page.keyboard.press('Escape');
      await page.getByTestId('item-form').waitFor({ state: 'detached' });
    }
    await open(1366, 768, 'dark');
    await page.goto(`${baseUrl}/items`);
    await page.locator('tbody tr').first().waitFor();
    await screenshot(page, 'items-list-laptop-dark');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });
});
