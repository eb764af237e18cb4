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

/**
 * Issue 37 through the browser: with negative stock not allowed, the server's refusals of a
 * change that would take a past day below zero reach the person in their language — deleting a
 * delivery whose cement was used (the delete dialog, in English and Hindi) and a backdated
 * consumption (under the quantity, naming the day).
 */
describe('stock: refusals that keep every day at or above zero', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let owner: TestAccount;
  let firstDelivery = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await createAccountWithSite(baseUrl, 'Meera Iyer');
    const cement = await api<{ id: string }>(baseUrl, owner, 'POST', '/items', {
      name: 'Cement OPC 53',
      unit: 'bag',
    });
    const vendor = await api<{ id: string }>(baseUrl, owner, 'POST', '/vendors', {
      name: 'Shree Cement Traders',
    });
    const deliver = (date: string) =>
      api<{ id: string }>(baseUrl, owner, 'POST', '/deliveries', {
        vendor: vendor.id,
        delivery_date: date,
        delivery_items: [{ item: cement.id, quantity: 10, unit_price: 400 }],
      });
    // 10 in on the 10th, all used on the 12th, 10 more on the 15th: 10 on hand today.
    firstDelivery = (await deliver('2026-11-10')).id;
    await api(baseUrl, owner, 'POST', '/stock_consumptions', {
      item: cement.id,
      quantity: 10,
      consumption_date: '2026-11-12',
      used_for: 'Slab',
    });
    await deliver('2026-11-15');
    context = await newContext(browser);
    page = await context.newPage();
    problems = watchPage(page);
    await page.goto(`${baseUrl}/login`);
    await storeSession(page, owner, owner.siteId);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  const tryDelete = async () => {
    await page.goto(`${baseUrl}/deliveries/${firstDelivery}`);
    await page.getByTestId('delivery-delete-open').click();
    await page.getByTestId('delivery-delete-dialog-confirm').click();
  };

  it('the delete dialog shows why a used delivery cannot go, in English and in Hindi', async () => {
    await tryDelete();
    const dialog = page.getByTestId('delivery-delete-dialog');
    await dialog
      .getByText(
        'Stock of Cement OPC 53 would go below zero on 2026-11-12 (short by 10); this site does not allow negative stock',
      )
      .waitFor();
    await screenshot(page, 'hardening-stock-delete-delivery-en');

    await page.evaluate(() => localStorage.setItem('siteledger.language', 'hi'));
    await tryDelete();
    await dialog
      .getByText('2026-11-12 को Cement OPC 53 का स्टॉक शून्य से नीचे', { exact: false })
      .waitFor();
    await screenshot(page, 'hardening-stock-delete-delivery-hi');
    await page.evaluate(() => localStorage.setItem('siteledger.language', 'en'));
    // Still there.
    const still = await api<{ id: string }>(baseUrl, owner, 'GET', `/deliveries/${firstDelivery}`);
    expect(still.id).toBe(firstDelivery);
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('a backdated consumption is refused under its quantity, naming the day', async () => {
    await page.goto(`${baseUrl}/stock`);
    await page.getByTestId('stock-consumption-add').click();
    await page.getByTestId('consumption-form').waitFor();
    await chooseIn(page, 'consumption-item', 'Cement');
    await page.getByTestId('consumption-quantity').fill('5');
    await page.getByTestId('consumption-date').fill('2026-11-11');
    await page.getByTestId('consumption-form-submit').click();
    await page
      .getByTestId('consumption-form')
      .getByText(
        'Only 0 can be taken out on 2026-11-11 without a later day going below zero: 5 cannot be taken out',
      )
      .waitFor();
    await screenshot(page, 'hardening-stock-backdated-consumption-en');
    expect(problems.errors).toEqual([]);
  });

  it('a return of more than is left goes back to its line with the server’s words', async () => {
    await page.goto(`${baseUrl}/vendor-returns`);
    await page.getByTestId('return-add').click();
    await page.getByTestId('return-wizard').waitFor();
    await chooseIn(page, 'return-vendor', 'Shree Cement');
    // Both deliveries may return 10 each, but only 10 bags are left on site.
    for (const line of [0, 1]) {
      await page.getByTestId(`return-line-${line}-select`).check();
      await page.getByTestId(`return-line-${line}-quantity`).fill('6');
      await page.getByTestId(`return-line-${line}-condition`).selectOption('damaged');
    }
    await page.getByTestId('return-wizard-next').click();
    await page.getByTestId('return-reason').selectOption('damaged');
    await page.getByTestId('return-wizard-next').click();
    await page.getByTestId('return-wizard-next').click();
    await page.getByTestId('return-review').waitFor();
    await page.getByTestId('return-wizard-save').click();
    await page
      .getByTestId('return-wizard')
      .getByText('Stock of Cement OPC 53 would go below zero on', { exact: false })
      .waitFor();
    await page.getByTestId('return-line-0-quantity').waitFor();
    await screenshot(page, 'hardening-stock-return-en');
    expect(problems.errors).toEqual([]);
  });
});
