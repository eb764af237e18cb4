import fs from 'node:fs';
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
import { downloadedPath } from './support/files';

describe('Settings → Export to Tally: the site-wide file, "since the last export"', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let account: TestAccount;

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createAccountWithSite(baseUrl, 'Meera Joshi');
    const vendor = await api<{ id: string }>(baseUrl, account, 'POST', '/vendors', {
      name: 'Joshi Sand Suppliers',
    });
    const item = await api<{ id: string }>(baseUrl, account, 'POST', '/items', {
      name: 'River sand',
      unit: 'cft',
    });
    await api(baseUrl, account, 'POST', '/deliveries', {
      vendor: vendor.id,
      delivery_date: '2025-06-02',
      delivery_reference: 'DC-77',
      delivery_items: [{ item: item.id, quantity: 100, unit_price: 55 }],
    });
    context = await newContext(browser, { width: 1280, height: 900 });
    page = await context.newPage();
    problems = watchPage(page);
    await page.goto(`${baseUrl}/login`);
    await storeSession(page, account, account.siteId);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('downloads one Tally file for the site and then starts after it', async () => {
    await page.goto(`${baseUrl}/settings`);
    await page.getByTestId('tally-export-open').click();
    await page.getByTestId('tally-export-dialog').waitFor();
    await page.getByTestId('tally-export-last').waitFor();
    // No export yet: the period starts at the first entry.
    expect(await page.getByTestId('tally-export-from').inputValue()).toBe('');
    await page.getByText('Import → Transactions').waitFor();
    await screenshot(page, 'tally-export-dialog');
    await page.getByTestId('tally-export-to').fill('2025-06-30');
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('tally-export-download').click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^tally-.+-start_2025-06-30\.xml$/);
    const xml = fs.readFileSync(await downloadedPath(file), 'utf8');
    expect(xml.startsWith('<?xml')).toBe(true);
    expect(xml.match(/<IMPORTDATA>/g)).toHaveLength(1);
    expect(xml).toContain('Joshi Sand Suppliers');
    expect(xml).toContain('VCHTYPE="Purchase"');

    // Opened again: "since the last export" — no start date: what was added, changed or
    // deleted since then (issue 40; it used to prefill the day after the last export's end).
    await page.getByTestId('tally-export-open').click();
    await page.getByTestId('tally-export-last').waitFor();
    expect(await page.getByTestId('tally-export-from').inputValue()).toBe('');
    await page.getByText(/added, changed or deleted since the last export/).waitFor();
    // The end date cannot be after today.
    expect(await page.getByTestId('tally-export-to').getAttribute('max')).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });
});
