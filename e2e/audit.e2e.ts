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
import { request } from './support/http';
import { workerServer } from './support/worker';

describe('audit trail: a record’s history and the owners’ activity log', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let owner: TestAccount;
  let supervisor: TestAccount;
  let vendorId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await createAccountWithSite(baseUrl, 'Audit Owner');
    supervisor = await createAccountWithSite(baseUrl, 'Audit Supervisor');
    await request(baseUrl, owner.token, 'POST', `/api/sites/${owner.siteId}/members`, {
      email: supervisor.user.email,
      role: 'supervisor',
    });
    const vendor = await request<{ id: string }>(
      baseUrl,
      owner.token,
      'POST',
      `/api/sites/${owner.siteId}/vendors`,
      { name: 'Sharma Traders' },
    );
    vendorId = vendor.id;
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  async function open(account: TestAccount, width = 1366, height = 900) {
    await context?.close();
    context = await newContext(browser, { width, height });
    page = await context.newPage();
    problems = watchPage(page);
    await page.goto(`${baseUrl}/login`);
    await storeSession(page, account, owner.siteId);
    if (account !== owner) {
      await page.evaluate(() => localStorage.setItem('siteledger.role', 'supervisor'));
    }
  }

  it('shows a vendor’s rename in its History, with the old and new name', async () => {
    await open(owner);
    await page.goto(`${baseUrl}/vendors/${vendorId}`);
    await page.getByTestId('vendor-detail-edit').click();
    await page.getByTestId('vendor-name').fill('Sharma Building Traders');
    await page.getByTestId('vendor-form-submit').click();
    await page.getByTestId('vendor-form').waitFor({ state: 'detached' });

    const history = page.getByTestId('record-history');
    await history.locator('summary').click();
    const entries = history.getByTestId('history-entry');
    await entries.first().waitFor();
    expect(await entries.count()).toBe(2);
    const rename = entries.first();
    expect(await rename.textContent()).toContain('Audit Owner');
    expect(await rename.textContent()).toContain('Changed');
    const row = rename.locator('tr', { hasText: 'Name' });
    expect(await row.locator('td').allTextContents()).toEqual([
      'Sharma Traders',
      'Sharma Building Traders',
    ]);
    expect(await entries.nth(1).textContent()).toContain('Created');
    await history.scrollIntoViewIfNeeded();
    await screenshot(page, 'record-history-vendor');
  });

  it('lists the change in the owners’ activity log, filtered by record type', async () => {
    await request(baseUrl, owner.token, 'POST', `/api/sites/${owner.siteId}/items`, {
      name: 'River sand',
      unit: 'cft',
    });
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-activity').click();
    await page.getByTestId('activity-page').waitFor();
    const table = page.getByTestId('activity-table');
    await table.getByText('Item', { exact: true }).waitFor();
    await page.getByTestId('activity-filter-entity').selectOption('vendors');
    await page.getByTestId('activity-filter-action').selectOption('update');
    const row = page.getByTestId(`activity-row-vendors-${vendorId}`);
    // Created and changed first; only the change once the action filter applies.
    await expect.poll(() => row.count()).toBe(1);
    expect(await table.getByText('Item', { exact: true }).count()).toBe(0);
    await row.click();
    const details = page.getByTestId('activity-details');
    await details.getByText('Sharma Building Traders').waitFor();
    await screenshot(page, 'activity-log-laptop');
    await row.getByRole('link', { name: 'Vendor' }).click();
    await page.waitForURL(`**/vendors/${vendorId}`);
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('keeps the activity log to owners', async () => {
    await open(supervisor);
    await page.goto(`${baseUrl}/vendors/${vendorId}`);
    await page.getByTestId('vendor-detail-edit').waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-profile').waitFor();
    expect(await page.getByTestId('user-menu-activity').count()).toBe(0);
    await page.keyboard.press('Escape');
    // A supervisor still sees a record's history.
    await page.getByTestId('record-history').locator('summary').click();
    await page.getByTestId('history-entry').first().waitFor();
    await page.goto(`${baseUrl}/activity`);
    await page.waitForURL((url) => url.pathname === '/');
    expect(problems.errors).toEqual([]);
  });
});
