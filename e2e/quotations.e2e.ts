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
import { chooseIn } from './support/pickers';
import { workerServer } from './support/worker';

interface Quote {
  id: string;
  vendor: string;
  unit_price: number;
  status: string;
}

describe('quotations: add, list, compare and the best price', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let account: TestAccount;
  let sharma = '';
  let balaji = '';
  let cement = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createAccountWithSite(baseUrl, 'Arjun Mehta');
    sharma = (
      await api<{ id: string }>(baseUrl, account, 'POST', '/vendors', {
        name: 'Sharma Building Materials',
        company_name: 'Sharma Traders Pvt. Ltd.',
      })
    ).id;
    balaji = (
      await api<{ id: string }>(baseUrl, account, 'POST', '/vendors', {
        name: 'Balaji Steel Centre',
      })
    ).id;
    cement = (
      await api<{ id: string }>(baseUrl, account, 'POST', '/items', {
        name: 'OPC Cement 53 grade',
        unit: 'bag',
      })
    ).id;
    await api(baseUrl, account, 'POST', '/items', { name: 'TMT bar 12 mm', unit: 'kg' });
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

  /** Opens a search-select and picks the option by typing part of its name. */
  async function pick(testId: string, text: string, value: string) {
    await page.getByTestId(testId).click();
    await page.getByTestId(`${testId}-search`).fill(text);
    await page.getByTestId(`${testId}-option-${value}`).click();
    await page.getByTestId(`${testId}-popover`).waitFor({ state: 'detached' });
  }

  it('adds two quotations for one item from two vendors', async () => {
    await open(1366, 768);
    await page.goto(`${baseUrl}/quotations`);
    await page.getByTestId('quotations-table-empty').waitFor();

    await page.getByTestId('quotation-add').click();
    const dialog = page.getByTestId('quotation-form');
    await dialog.waitFor();
    await page.getByTestId('quotation-form-submit').click();
    await dialog.getByText('Choose the vendor').waitFor();
    await dialog.getByText('Choose the item').waitFor();
    await dialog.getByText('This field is required').waitFor();

    await pick('quotation-vendor', 'sharma', sharma);
    await pick('quotation-item', 'cement', cement);
    await page.getByTestId('quotation-price').fill('0');
    await page.getByTestId('quotation-form-submit').click();
    await dialog.getByText('Must be greater than 0').waitFor();
    await page.getByTestId('quotation-price').fill('390');
    await dialog.getByText('Price per bag').waitFor();
    await page.getByTestId('quotation-min-qty').fill('100');
    await page.getByTestId('quotation-valid-until').fill('2030-12-31');
    await page.getByTestId('quotation-notes').fill('Delivered to site, unloading extra');
    await screenshot(page, 'quotations-form-laptop');
    await page.getByTestId('quotation-form-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('toast-success').getByText('Quotation added').first().waitFor();

    // The second one by keyboard: type to filter, Enter to choose.
    await page.getByTestId('quotation-add').click();
    await dialog.waitFor();
    await page.getByTestId('quotation-vendor').click();
    await page.getByTestId('quotation-vendor-search').fill('balaji');
    await page.keyboard.press('Enter');
    await page.getByTestId('quotation-item').click();
    await page.getByTestId('quotation-item-search').fill('OPC');
    await page.keyboard.press('Enter');
    await page.getByTestId('quotation-price').fill('372.50');
    await page.getByTestId('quotation-min-qty').fill('200');
    await page.getByTestId('quotation-form-submit').click();
    await dialog.waitFor({ state: 'detached' });

    const quotes = await api<{ items: Quote[] }>(baseUrl, account, 'GET', '/quotations');
    expect(quotes.items.map((q) => [q.vendor, q.unit_price, q.status]).sort()).toEqual(
      [
        [balaji, 372.5, 'pending'],
        [sharma, 390, 'pending'],
      ].sort(),
    );
    const rows = page.locator('tbody tr');
    await page.getByTestId('pagination-range').getByText('1–2 of 2').waitFor();
    const text = (await page.getByTestId('quotations-table').textContent()) ?? '';
    expect(text).toContain('₹372.50 / bag');
    expect(text).toContain('₹390.00 / bag');
    expect(text).toContain('200 bag');
    expect(text).toContain('31 Dec 2030');
    expect(await rows.count()).toBe(2);

    await chooseIn(page, 'quotations-filter-vendor', 'Balaji');
    await page.getByTestId('pagination-range').getByText('1–1 of 1').waitFor();
    await page.getByTestId('quotations-toolbar-clear').click();
    await page.getByTestId('pagination-range').getByText('1–2 of 2').waitFor();
    await screenshot(page, 'quotations-list-laptop');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('compares them side by side and marks the cheaper one as the best price', async () => {
    const quotes = await api<{ items: Quote[] }>(baseUrl, account, 'GET', '/quotations');
    const cheap = quotes.items.find((q) => q.vendor === balaji);
    const dear = quotes.items.find((q) => q.vendor === sharma);
    if (!cheap || !dear) throw new Error('quotations missing');

    await page.getByTestId(`quotation-compare-${dear.id}`).click();
    await page.waitForURL(new RegExp(`compare=${cement}`));
    const best = page.getByTestId(`compare-card-${cheap.id}`);
    await best.getByTestId('compare-best').getByText('Best price').waitFor();
    expect(await best.getAttribute('data-best')).toBe('true');
    const other = page.getByTestId(`compare-card-${dear.id}`);
    expect(await other.getAttribute('data-best')).toBeNull();
    await other.getByText('₹17.50 more than the best price').waitFor();
    await page
      .getByTestId('compare-savings')
      .getByText('Best price saves ₹17.50 per bag over the highest')
      .waitFor();
    // Cheapest first.
    const cards = page.getByTestId('compare-results').locator('> li');
    expect(await cards.first().getAttribute('data-testid')).toBe(`compare-card-${cheap.id}`);

    // An expired quote, even a cheaper one, is shown but never the best price.
    const old = await api<Quote>(baseUrl, account, 'POST', '/quotations', {
      vendor: sharma,
      quotation_type: 'item',
      item: cement,
      unit_price: 350,
      valid_until: '2024-01-31',
    });
    expect(old.status).toBe('expired');

    // Linkable: ?compare=<itemId> opens the comparison directly.
    await page.goto(`${baseUrl}/quotations?compare=${cement}`);
    await page.getByTestId(`compare-card-${old.id}`).getByText('Expired').waitFor();
    expect(await page.getByTestId(`compare-card-${old.id}`).getAttribute('data-best')).toBeNull();
    await page.getByTestId(`compare-card-${cheap.id}`).getByTestId('compare-best').waitFor();
    expect(await page.getByTestId('compare-target').textContent()).toContain('OPC Cement 53 grade');
    await screenshot(page, 'quotations-compare-laptop');

    // A quote added from the comparison starts with the compared item.
    await page.getByTestId('compare-add').click();
    await page.getByTestId('quotation-form').waitFor();
    expect(await page.getByTestId('quotation-item').textContent()).toContain('OPC Cement');
    await page.getByTestId('quotation-form-cancel').click();
    await page.getByTestId('quotation-form').waitFor({ state: 'detached' });

    await page.getByTestId('quotations-tab-list').click();
    await page.getByTestId('pagination-range').getByText('1–3 of 3').waitFor();
    expect(new URL(page.url()).searchParams.get('compare')).toBeNull();
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('edits a quotation to accepted and deletes one', async () => {
    const quotes = await api<{ items: Quote[] }>(baseUrl, account, 'GET', '/quotations');
    const dear = quotes.items.find((q) => q.vendor === sharma && q.unit_price === 390);
    const old = quotes.items.find((q) => q.status === 'expired');
    if (!dear || !old) throw new Error('quotations missing');

    await page.getByTestId(`quotation-edit-${dear.id}`).click();
    await page.getByTestId('quotation-form').waitFor();
    expect(await page.getByTestId('quotation-price').inputValue()).toBe('390');
    await page.getByTestId('quotation-status').selectOption('accepted');
    await page.getByTestId('quotation-form-submit').click();
    await page.getByTestId('quotation-form').waitFor({ state: 'detached' });
    await page.getByTestId(`quotation-row-${dear.id}`).getByText('Accepted').waitFor();

    await page.getByTestId(`quotation-delete-${old.id}`).click();
    await page
      .getByTestId('quotation-delete-dialog')
      .getByText('Sharma Building Materials', { exact: false })
      .waitFor();
    await page.getByTestId('quotation-delete-dialog-confirm').click();
    await page.getByTestId('quotation-delete-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('pagination-range').getByText('1–2 of 2').waitFor();
    expect(problems.errors).toEqual([]);
  });

  it('looks finished on a phone and a laptop, light and dark', async () => {
    for (const theme of ['light', 'dark'] as const) {
      await open(390, 844, theme);
      await page.goto(`${baseUrl}/quotations?compare=${cement}`);
      await page.getByTestId('compare-best').waitFor();
      await screenshot(page, `quotations-compare-phone-${theme}`);
      await page.goto(`${baseUrl}/quotations`);
      await page.getByTestId('quotations-table').locator('li').first().waitFor();
      expect(await page.locator('table').count()).toBe(0);
      await screenshot(page, `quotations-list-phone-${theme}`);
    }
    await open(1366, 768, 'dark');
    await page.goto(`${baseUrl}/quotations?compare=${cement}`);
    await page.getByTestId('compare-best').waitFor();
    await screenshot(page, 'quotations-compare-laptop-dark');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });
});
