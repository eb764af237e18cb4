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
import { openInApp } from './support/layout';

/** Today in India (the server's business day), YYYY-MM-DD. */
function todayInIndia(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
}

describe('accounts: list, add/edit, transactions with balances; dashboard chart', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let account: TestAccount;
  let hdfcId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createAccountWithSite(baseUrl, 'Kavita Deshmukh');
    await api(baseUrl, account, 'POST', '/vendors', { name: 'Shree Ganesh Traders' });
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

  const balance = () => page.getByTestId('account-detail-balance').textContent();

  it('adds an account with an opening balance through the dialog', async () => {
    await open(1366, 768);
    await page.goto(`${baseUrl}/accounts`);
    await page.getByTestId('accounts-table-empty').getByText('No accounts yet').waitFor();
    await page.getByTestId('account-add').click();
    const dialog = page.getByTestId('account-form');
    await dialog.waitFor();
    await page.getByTestId('account-form-submit').click();
    await dialog.getByText('Choose a type').waitFor();

    await page.getByTestId('account-name').fill('HDFC Current');
    await page.getByTestId('account-type').selectOption('bank');
    await page.getByTestId('account-bank').fill('HDFC Bank');
    await page.getByTestId('account-number').fill('50100123454321');
    await page.getByTestId('account-opening').fill('10000.50');
    expect(await page.getByTestId('account-active').isChecked()).toBe(true);
    await page.getByTestId('account-form-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('toast-success').getByText('Account “HDFC Current” added').waitFor();

    const row = page.getByRole('row', { name: /HDFC Current/ });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    for (const part of ['Bank', 'HDFC Bank · ••4321', 'Active', '₹10,000.50']) {
      expect(text).toContain(part);
    }
    const list = await api<{ items: { id: string }[] }>(baseUrl, account, 'GET', '/accounts');
    hdfcId = list.items[0]?.id ?? '';
    expect(hdfcId).not.toBe('');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('adds a credit and a debit, edits the debit, and shows the exact balance', async () => {
    await page.getByRole('row', { name: /HDFC Current/ }).click();
    await page.waitForURL(`${baseUrl}/accounts/${hdfcId}`);
    await page.getByTestId('transactions-table-empty').waitFor();
    expect(await balance()).toBe('₹10,000.50');
    expect(await page.getByTestId('account-detail-opening').textContent()).toBe('₹10,000.50');

    await page.getByTestId('transaction-add').click();
    await page.getByTestId('transaction-form').waitFor();
    expect(await page.getByTestId('transaction-date').inputValue()).toBe(todayInIndia());
    await page.getByTestId('transaction-type-credit').click();
    await page.getByTestId('transaction-amount').fill('2500');
    await page.getByTestId('transaction-description').fill('Cash deposit');
    await page.getByTestId('transaction-category').selectOption('deposit');
    await page.getByTestId('transaction-form-submit').click();
    await page.getByTestId('transaction-form').waitFor({ state: 'detached' });
    await page.getByTestId('account-detail-balance').getByText('₹12,500.50').waitFor();

    await page.getByTestId('transaction-add').click();
    await page.getByTestId('transaction-form').waitFor();
    expect(await page.getByTestId('transaction-type-debit').getAttribute('aria-checked')).toBe(
      'true',
    );
    await page.getByTestId('transaction-amount').fill('1234.25');
    await page.getByTestId('transaction-description').fill('Labour advance');
    await page.getByTestId('transaction-reference').fill('UTR 998877');
    await chooseIn(page, 'transaction-vendor', 'Shree Ganesh Traders');
    await page.getByTestId('transaction-form-submit').click();
    await page.getByTestId('transaction-form').waitFor({ state: 'detached' });
    await page.getByTestId('account-detail-balance').getByText('₹11,266.25').waitFor();

    const debitRow = page.getByRole('row', { name: /Labour advance/ });
    const text = (await debitRow.textContent()) ?? '';
    expect(text).toContain('Shree Ganesh Traders');
    expect(text).toContain('₹1,234.25');
    expect(text).toContain('UTR 998877');
    await screenshot(page, 'accounts-detail-laptop');

    await debitRow.getByRole('button', { name: /Edit transaction/ }).click();
    await page.getByTestId('transaction-form').waitFor();
    expect(await page.getByTestId('transaction-amount').inputValue()).toBe('1234.25');
    await page.getByTestId('transaction-amount').fill('1000');
    await page.getByTestId('transaction-form-submit').click();
    await page.getByTestId('transaction-form').waitFor({ state: 'detached' });
    await page.getByTestId('toast-success').getByText('Transaction saved').waitFor();
    await page.getByTestId('account-detail-balance').getByText('₹11,500.50').waitFor();
    await page
      .getByRole('row', { name: /Labour advance/ })
      .getByText('₹1,000.00')
      .waitFor();

    // The list shows the server's balance too.
    await page.getByTestId('page-back').click();
    await page.getByTestId(`account-balance-${hdfcId}`).getByText('₹11,500.50').waitFor();
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('shows negative balances in red and refuses to delete an account with history', async () => {
    const card = await api<{ id: string }>(baseUrl, account, 'POST', '/accounts', {
      name: 'ICICI Credit Card',
      type: 'credit_card',
      opening_balance: -2500,
    });
    await page.reload();
    const negative = page.getByTestId(`account-balance-${card.id}`);
    await negative.getByText('-₹2,500.00').or(negative.getByText('−₹2,500.00')).waitFor();
    expect(await negative.getAttribute('data-negative')).toBe('true');

    await page.getByTestId('accounts-filter-type').selectOption('credit_card');
    await page.getByRole('row', { name: /HDFC Current/ }).waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('type')).toBe('credit_card');
    await page.getByTestId('accounts-filter-type').selectOption('');

    await page.getByTestId(`account-delete-${hdfcId}`).click();
    await page.getByTestId('account-delete-dialog-confirm').click();
    const error = page.getByTestId('account-delete-dialog-error');
    await error.getByText('Cannot delete: other records still use this account').waitFor();
    await error.getByText(/Mark it inactive instead/).waitFor();
    await screenshot(page, 'accounts-delete-in-use');
    // The dialog now offers to deactivate instead.
    expect(await page.getByTestId('account-delete-dialog-confirm').textContent()).toBe(
      'Mark inactive',
    );
    await page.getByTestId('account-delete-dialog-confirm').click();
    await page.getByTestId('account-delete-dialog').waitFor({ state: 'detached' });
    await page
      .getByTestId('toast-success')
      .getByText('Account “HDFC Current” marked inactive')
      .waitFor();
    await page
      .getByRole('row', { name: /HDFC Current/ })
      .getByText('Inactive')
      .waitFor();
    await page.getByTestId('accounts-filter-active').selectOption('true');
    await page.getByRole('row', { name: /HDFC Current/ }).waitFor({ state: 'detached' });
    await page.getByTestId('accounts-filter-active').selectOption('');

    // An inactive account takes no new transactions.
    await page.getByRole('row', { name: /HDFC Current/ }).click();
    await page.getByTestId('account-inactive-note').waitFor();
    expect(await page.getByTestId('transaction-add').count()).toBe(0);
    await page.getByText('Labour advance').waitFor();

    // An account without history is deleted from its page.
    const cash = await api<{ id: string }>(baseUrl, account, 'POST', '/accounts', {
      name: 'Site cash box',
      type: 'cash',
    });
    await page.goto(`${baseUrl}/accounts/${cash.id}`);
    await page.getByTestId('account-detail-delete').click();
    await page.getByTestId('account-delete-dialog-confirm').click();
    await page.waitForURL(`${baseUrl}/accounts`);
    await page.getByTestId('toast-success').getByText('Account “Site cash box” deleted').waitFor();
    await page.getByRole('row', { name: /ICICI Credit Card/ }).waitFor();
    expect(await page.getByRole('row', { name: /Site cash box/ }).count()).toBe(0);
    expect(problems.errors).toEqual([]);
  });

  it('shows a payment posting as linked, without edit or delete', async () => {
    const cards = await api<{ items: { id: string; name: string }[] }>(
      baseUrl,
      account,
      'GET',
      '/accounts?type=credit_card',
    );
    const cardId = cards.items[0]?.id ?? '';
    const vendors = await api<{ items: { id: string }[] }>(baseUrl, account, 'GET', '/vendors');
    await api(baseUrl, account, 'POST', '/payments', {
      vendor: vendors.items[0]?.id,
      account: cardId,
      amount: 499.99,
      payment_date: todayInIndia(),
      reference: 'PAY-001',
    });
    await page.goto(`${baseUrl}/accounts/${cardId}`);
    await page
      .getByTestId('account-detail-balance')
      .getByText(/2,999\.99/)
      .waitFor();
    const row = page.getByRole('row', { name: /PAY-001|Shree Ganesh/ });
    await row.getByText('From payment').waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    expect((await row.textContent()) ?? '').toContain('₹499.99');
    expect(problems.errors).toEqual([]);
  });

  it('dashboard shows the server figures and the monthly chart', async () => {
    const vendors = await api<{ items: { id: string }[] }>(baseUrl, account, 'GET', '/vendors');
    const item = await api<{ id: string }>(baseUrl, account, 'POST', '/items', {
      name: 'OPC 53 cement',
      unit: 'bag',
    });
    await api(baseUrl, account, 'POST', '/deliveries', {
      vendor: vendors.items[0]?.id,
      delivery_date: todayInIndia(),
      delivery_items: [{ item: item.id, quantity: 120, unit_price: 385.5 }],
    });
    const figures = await api<{ total_expenses: number }>(baseUrl, account, 'GET', '/dashboard');
    expect(figures.total_expenses).toBe(46260);

    await page.goto(`${baseUrl}/`);
    await page.getByTestId('dashboard-card-total-expenses-value').getByText('₹46,260.00').waitFor();
    expect(
      await page.getByTestId('dashboard-card-current-month-expenses-value').textContent(),
    ).toBe('₹46,260.00');
    await page.getByTestId('dashboard-monthly-chart').waitFor();
    await page
      .locator('[data-testid="dashboard-monthly-chart"] .recharts-bar-rectangle')
      .first()
      .waitFor();
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('looks finished on a phone and a laptop, light and dark', async () => {
    for (const theme of ['light', 'dark'] as const) {
      for (const [name, width, height] of [
        ['phone', 390, 844],
        ['laptop', 1366, 768],
      ] as const) {
        await open(width, height, theme);
        await page.goto(`${baseUrl}/accounts`);
        await page.getByText('HDFC Current').first().waitFor();
        await screenshot(page, `accounts-list-${name}-${theme}`);
        // How the pages look, not how they load: the app started once reaches the others by
        // its own navigation.
        await openInApp(page, `/accounts/${hdfcId}`);
        await page.getByText('Labour advance').first().waitFor();
        await screenshot(page, `accounts-detail-${name}-${theme}`);
        await openInApp(page, '/');
        await page.getByTestId('dashboard-monthly-chart').waitFor();
        await page.locator('.recharts-bar-rectangle').first().waitFor();
        await screenshot(page, `dashboard-chart-${name}-${theme}`);
        expect(problems.errors).toEqual([]);
        expect(problems.missingKeys).toEqual([]);
      }
    }
  });

  it('reads in Hindi: account detail and the chart with Hindi month names', async () => {
    await open(390, 844);
    await page.evaluate(() => localStorage.setItem('siteledger.language', 'hi'));
    await page.goto(`${baseUrl}/accounts/${hdfcId}`);
    await page.getByText('वर्तमान शेष').first().waitFor();
    await screenshot(page, 'accounts-detail-phone-hi');
    await page.goto(`${baseUrl}/`);
    await page.getByText('मासिक खर्च').waitFor();
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    await screenshot(page, 'dashboard-chart-phone-hi');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });
});
