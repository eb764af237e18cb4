import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newContext,
  screenshot,
  watchPage,
  type PageProblems,
} from './support/browser';
import { workerServer } from './support/worker';
import { animationsDone } from './support/layout';

const DASHBOARD_CARDS = [
  'total-expenses',
  'current-month-expenses',
  'expense-per-sqft',
  'outstanding-amount',
  'payments-last-7-days',
  'total-paid',
];

describe('sign-up, site, dashboard, logout, login, Hindi', () => {
  const baseUrl = workerServer().baseUrl;
  const email = `asha.${Date.now()}@example.in`;
  const password = 'secret123';
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await context.newPage();
    problems = watchPage(page);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  const path = () => new URL(page.url()).pathname;

  it('sends a signed-out visitor to the login screen', async () => {
    await page.goto(`${baseUrl}/items`);
    await page.getByTestId('login-page').waitFor();
    await page.evaluate(() => localStorage.setItem('siteledger.onboarding.disabled', 'true')); // no tours here
    expect(path()).toBe('/login');
  });

  it('registers with client-side checks first', async () => {
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByTestId('register-page').waitFor();
    expect(path()).toBe('/register');

    await page.getByLabel('Full name').fill('Asha Verma');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm password').fill('abd');
    await page.getByTestId('register-submit').click();
    await page.getByText('Password must be at least 6 characters').waitFor();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByText('You must accept the terms to continue').waitFor();

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByLabel('Phone').fill('+91 98765 43210');
    await page.getByLabel(/I agree to the Terms/).check();
    await page.getByTestId('register-submit').click();

    await page.getByTestId('create-first-site').waitFor();
    expect(path()).toBe('/select-site');
  });

  it('creates the first site and lands on the dashboard with its six cards', async () => {
    await page.getByTestId('create-site-submit').click();
    await page.getByText('Site name is required').waitFor();

    await page.getByTestId('site-name').fill('Green Valley Residency');
    await page.getByTestId('site-description').fill('Tower B, Phase 2');
    await page.getByTestId('site-units').fill('48');
    await page.getByTestId('site-area').fill('18000');
    await page.getByTestId('create-site-submit').click();

    await page.getByTestId('dashboard-page').waitFor();
    expect(path()).toBe('/');
    for (const card of DASHBOARD_CARDS) {
      const value = page.getByTestId(`dashboard-card-${card}-value`);
      await value.waitFor();
      expect(await value.textContent()).toMatch(/^₹[\d,]+\.\d{2}$/);
    }
    await expect(
      page.getByTestId('dashboard-card-total-expenses').textContent(),
    ).resolves.toContain('Total Expenses');
    await expect(page.getByTestId('current-site-name').textContent()).resolves.toBe(
      'Green Valley Residency',
    );

    const sidebar = page.getByTestId('sidebar');
    const links = await sidebar.getByRole('link').allTextContents();
    expect(links.map((text) => text.replace(/[a-z]$/, '').trim())).toEqual([
      'Dashboard',
      'Items',
      'Services',
      'Vendors',
      'Deliveries',
      'Service Bookings',
      'Quotations',
      'Material Requests',
      'Purchase Orders',
      // Issue 43: subcontractors' work orders and RA bills.
      'Work Orders',
      // Issue 45: the site's budget; issue 44: labour and its wage sheets.
      'Budget',
      'Labour',
      'Wage Sheets',
      // Issue 25: site stock.
      'Stock',
      // Issue 46: petty cash.
      'Petty cash',
      'Accounts',
      'Payments',
      'Vendor Returns',
      // Issue 23: the purchase register, for those who see money.
      'Purchase Register',
      // Issue 43: TDS, for those who see money.
      'TDS',
    ]);
  });

  it('switches between light and dark theme (screenshots in e2e/artifacts)', async () => {
    await page.getByTestId('theme-toggle').click();
    await page.getByTestId('theme-option-light').click();
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    await animationsDone(page);
    await screenshot(page, 'dashboard-light');

    await page.getByTestId('theme-toggle').click();
    await page.getByTestId('theme-option-dark').click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await animationsDone(page);
    await screenshot(page, 'dashboard-dark');
    expect(await page.evaluate(() => localStorage.getItem('siteledger.theme'))).toBe('dark');

    await page.getByTestId('theme-toggle').click();
    await page.getByTestId('theme-option-system').click();
  });

  it('logs out and forgets the session and site', async () => {
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('app-version').textContent()).resolves.toBe('Version 0.10.1');
    await page.getByTestId('user-menu-logout').click();
    await page.getByTestId('login-page').waitFor();
    expect(path()).toBe('/login');
    const stored = await page.evaluate(() => ({
      auth: localStorage.getItem('siteledger.auth'),
      site: localStorage.getItem('siteledger.currentSite'),
      role: localStorage.getItem('siteledger.role'),
    }));
    expect(stored).toEqual({ auth: null, site: null, role: null });
  });

  // The sign-in form's own checks (messages, focus, nothing sent) are a component test:
  // apps/web/src/features/auth/login-page.test.tsx.

  it('shows the server message for wrong credentials', async () => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-error').waitFor();
    expect((await page.getByTestId('login-error').textContent())?.trim()).not.toBe('');
  });

  it('logs in and selects the only site automatically', async () => {
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('dashboard-page').waitFor();
    expect(path()).toBe('/');
    await page.getByTestId('dashboard-card-total-paid').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('siteledger.role'))).toBe('owner');
  });

  it('switches to Hindi at once and remembers it', async () => {
    await page.getByTestId('language-select').click();
    await page.getByTestId('language-option-hi').click();
    const dashboardLink = page.getByTestId('sidebar').getByTestId('nav-dashboard');
    await expect.poll(() => dashboardLink.textContent()).toContain('डैशबोर्ड');
    await expect(
      page.getByTestId('dashboard-card-total-expenses').textContent(),
    ).resolves.toContain('कुल खर्च');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');

    await page.reload();
    await page.getByTestId('dashboard-page').waitFor();
    await expect.poll(() => dashboardLink.textContent()).toContain('डैशबोर्ड');
    await screenshot(page, 'dashboard-hindi');
  });

  it('redirects unknown paths to the dashboard', async () => {
    await page.goto(`${baseUrl}/no-such-page`);
    await page.getByTestId('dashboard-page').waitFor();
    expect(path()).toBe('/');
  });

  it('raised no page errors and no missing translation keys', () => {
    expect(problems.missingKeys).toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});
