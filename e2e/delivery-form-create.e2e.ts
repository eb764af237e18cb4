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
import { startBuiltServer, type BuiltServer } from './support/server';
import { workerServer } from './support/worker';
import { animationsDone } from './support/layout';

interface Named {
  id: string;
  name: string;
}
interface List<T> {
  items: T[];
}

async function openAs(browser: Browser, baseUrl: string, account: TestAccount, width: number) {
  const context = await newContext(browser, { width, height: width < 600 ? 844 : 768 });
  const page = await context.newPage();
  const problems = watchPage(page);
  await page.goto(`${baseUrl}/login`);
  await storeSession(page, account, account.siteId);
  await page.goto(`${baseUrl}/deliveries`);
  await page.getByTestId('delivery-add').click();
  await page.getByTestId('delivery-wizard').waitFor();
  return { context, page, problems };
}

/** Opens a record picker and types into its search box. */
async function typeIn(page: Page, testId: string, search: string) {
  await page.getByTestId(testId).click();
  await page.getByTestId(`${testId}-search`).fill(search);
}

describe('delivery form: a new vendor and a new item from the pickers', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  let problems: PageProblems;
  let account: TestAccount;

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createAccountWithSite(baseUrl, 'Kavita Rao');
    await api(baseUrl, account, 'POST', '/vendors', { name: 'Balaji Cement Agency' });
    await api(baseUrl, account, 'POST', '/items', { name: 'OPC Cement 53 grade', unit: 'bag' });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('adds both without leaving the form, keeps what was typed, and records the delivery', async () => {
    ({ context, page, problems } = await openAs(browser, baseUrl, account, 1366));
    await page.getByTestId('delivery-reference').fill('CH-7001');
    await page.getByTestId('delivery-notes').fill('Unloaded at gate 2');
    await page.getByTestId('delivery-date').fill('2025-06-10');

    await typeIn(page, 'delivery-vendor', 'Gupta Hardware');
    const addVendor = page.getByTestId('delivery-vendor-create');
    expect(await addVendor.innerText()).toContain('Add vendor “Gupta Hardware”');
    await addVendor.click();
    const vendorForm = page.getByTestId('quick-vendor-form');
    await vendorForm.waitFor();
    expect(await page.getByTestId('quick-vendor-name').inputValue()).toBe('Gupta Hardware');
    await page.getByTestId('quick-vendor-phone').fill('98200 55555');
    await animationsDone(page);
    await screenshot(page, 'delivery-form-add-vendor-laptop');
    await page.getByTestId('quick-vendor-form-submit').click();
    await vendorForm.waitFor({ state: 'detached' });

    // Still step 1, the new vendor chosen, everything typed before kept.
    expect(await page.getByTestId('delivery-vendor').innerText()).toContain('Gupta Hardware');
    expect(await page.getByTestId('delivery-reference').inputValue()).toBe('CH-7001');
    expect(await page.getByTestId('delivery-notes').inputValue()).toBe('Unloaded at gate 2');
    expect(await page.getByTestId('delivery-date').inputValue()).toBe('2025-06-10');
    await page.getByTestId('delivery-wizard-next').click();

    await page.getByTestId('delivery-line-0').waitFor();
    await page.getByTestId('delivery-line-0-quantity').fill('2000');
    await typeIn(page, 'delivery-line-0-item', 'Red clay bricks');
    await page.getByTestId('delivery-line-0-item-create').click();
    const itemForm = page.getByTestId('quick-item-form');
    await itemForm.waitFor();
    expect(await page.getByTestId('quick-item-name').inputValue()).toBe('Red clay bricks');
    // The unit is required.
    await page.getByTestId('quick-item-form-submit').click();
    await itemForm.getByText('Choose a unit').waitFor();
    await page.getByTestId('quick-item-unit').selectOption('nos');
    await page.getByTestId('quick-item-form-submit').click();
    await itemForm.waitFor({ state: 'detached' });
    expect(await page.getByTestId('delivery-line-0-item').innerText()).toContain('Red clay bricks');
    expect(await page.getByTestId('delivery-line-0-quantity').inputValue()).toBe('2000');
    await page.getByTestId('delivery-line-0-price').fill('9.50');
    await page.getByTestId('delivery-line-0-total').getByText('₹19,000.00').waitFor();
    await page.getByTestId('delivery-wizard-next').click();
    await page.getByTestId('delivery-wizard-save').click();
    await page.getByTestId('delivery-saved').waitFor();

    const vendors = await api<List<Named>>(baseUrl, account, 'GET', '/vendors?perPage=50');
    const vendor = vendors.items.find((v) => v.name === 'Gupta Hardware');
    expect(vendor).toBeDefined();
    const items = await api<List<Named & { unit: string }>>(
      baseUrl,
      account,
      'GET',
      '/items?perPage=50',
    );
    expect(items.items.find((i) => i.name === 'Red clay bricks')?.unit).toBe('nos');
    const deliveries = await api<List<{ vendor: string; delivery_reference: string }>>(
      baseUrl,
      account,
      'GET',
      '/deliveries',
    );
    expect(deliveries.items).toEqual([
      expect.objectContaining({ vendor: vendor?.id, delivery_reference: 'CH-7001' }),
    ]);
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('offers the add option on phones too', async () => {
    await context?.close();
    ({ context, page, problems } = await openAs(browser, baseUrl, account, 390));
    await typeIn(page, 'delivery-vendor', 'Shree Ganesh Steels');
    await page.getByTestId('delivery-vendor-create').click();
    await page.getByTestId('quick-vendor-form').waitFor();
    await animationsDone(page);
    await screenshot(page, 'delivery-form-add-vendor-phone');
    await page.getByTestId('quick-vendor-form-cancel').click();
    await page.getByTestId('quick-vendor-form').waitFor({ state: 'detached' });
    await page.getByTestId('delivery-wizard').waitFor();
    expect(problems.errors).toEqual([]);
  });
});

describe('delivery form on the Free plan: the pickers respect the caps', () => {
  let server: BuiltServer;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let account: TestAccount;

  beforeAll(async () => {
    server = await startBuiltServer({ DEFAULT_PLAN: 'Free' });
    browser = await launchBrowser();
    account = await createAccountWithSite(server.baseUrl, 'Ramesh Pillai');
    await api(server.baseUrl, account, 'POST', '/vendors', { name: 'Sharma Cement Traders' });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('disables "add vendor" with the reason, and shows the server refusing an item over the cap', async () => {
    const opened = await openAs(browser, server.baseUrl, account, 1366);
    context = opened.context;
    const { page, problems } = opened;
    await typeIn(page, 'delivery-vendor', 'Gupta');
    const addVendor = page.getByTestId('delivery-vendor-create');
    await page.getByTestId('limit-reason-vendors').waitFor();
    expect(await addVendor.isDisabled()).toBe(true);
    expect(await page.getByTestId('limit-reason-vendors').innerText()).toContain('1 of 1');
    await screenshot(page, 'delivery-form-vendor-limit-laptop');
    await page.getByTestId('delivery-vendor-search').fill('sharma');
    await page.keyboard.press('Enter');
    await page.getByTestId('delivery-date').fill('2025-06-10');
    await page.getByTestId('delivery-wizard-next').click();

    // The item cap (1) is not reached when the dialog opens; another device adds an item meanwhile.
    await typeIn(page, 'delivery-line-0-item', 'River sand');
    await page.getByTestId('delivery-line-0-item-create').click();
    await page.getByTestId('quick-item-form').waitFor();
    await api(server.baseUrl, account, 'POST', '/items', { name: 'M-sand', unit: 'cft' });
    await page.getByTestId('quick-item-unit').selectOption('brass');
    await page.getByTestId('quick-item-form-submit').click();
    const error = page.getByTestId('quick-item-form-error');
    await error.waitFor();
    expect(await error.innerText()).toMatch(/limit/i);
    expect(await page.getByTestId('quick-item-form').isVisible()).toBe(true);
    expect(problems.errors.filter((e) => !e.includes('403'))).toEqual([]);
  });
});
