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
import { PNG_1X1 as PNG } from './support/files';
import { api } from './support/http';
import { workerServer } from './support/worker';
import { animationsDone } from './support/layout';

describe('deliveries: three-step form, list, batch line edit, delete', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let account: TestAccount;
  const ids = { vendor: '', cement: '', sand: '', steel: '', delivery: '' };

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createAccountWithSite(baseUrl, 'Meera Joshi');
    const vendor = await api<{ id: string }>(baseUrl, account, 'POST', '/vendors', {
      name: 'Sharma Traders',
      company_name: 'Sharma Building Materials Pvt Ltd',
      phone: '9876543210',
    });
    await api(baseUrl, account, 'POST', '/vendors', { name: 'Balaji Cement Agency' });
    ids.vendor = vendor.id;
    for (const [key, name, unit] of [
      ['cement', 'OPC Cement 53 grade', 'bag'],
      ['sand', 'River sand', 'brass'],
      ['steel', 'TMT Steel Fe500 12mm', 'kg'],
    ] as const) {
      ids[key] = (await api<{ id: string }>(baseUrl, account, 'POST', '/items', { name, unit })).id;
    }
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

  async function chooseIn(testId: string, search: string) {
    await page.getByTestId(testId).click();
    await page.getByTestId(`${testId}-search`).fill(search);
    await page.keyboard.press('Enter');
    await page.getByTestId(`${testId}-popover`).waitFor({ state: 'detached' });
  }

  const text = async (testId: string) => (await page.getByTestId(testId).textContent()) ?? '';

  it('records a delivery with three lines through the three-step form', async () => {
    await open(1366, 768);
    await page.goto(`${baseUrl}/deliveries`);
    await page.getByTestId('deliveries-table-empty').waitFor();
    await page.getByTestId('delivery-add').click();
    const wizard = page.getByTestId('delivery-wizard');
    await wizard.waitFor();

    // Step 1: delivery info, checked before moving on.
    await page.getByTestId('delivery-wizard-next').click();
    await wizard.getByText('Choose the vendor').waitFor();
    await chooseIn('delivery-vendor', 'sharma');
    expect(await text('delivery-vendor')).toContain('Sharma Traders');
    await page.getByTestId('delivery-date').fill('2025-06-02');
    await page.getByTestId('delivery-reference').fill('CH-1042');
    await page.getByTestId('delivery-notes').fill('Truck MH-12-AB-4521, received by Ravi');
    await animationsDone(page);
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'deliveries-form-step1-laptop.png') });
    await page.getByTestId('delivery-wizard-next').click();

    // Step 2: lines, each checked, with live line totals rounded to the paisa.
    await page.getByTestId('delivery-line-0').waitFor();
    await page.getByTestId('delivery-wizard-next').click();
    await page
      .getByTestId('delivery-line-0')
      .getByText('Choose an item', { exact: true })
      .waitFor();
    const lines = [
      ['cement', '125.5', '385.50', '₹48,380.25'],
      ['sand', '2.75', '6400', '₹17,600.00'],
      ['steel', '1520.755', '68.40', '₹1,04,019.64'],
    ] as const;
    for (const [index, [search, quantity, price, total]] of lines.entries()) {
      if (index > 0) await page.getByTestId('delivery-line-add').click();
      await chooseIn(`delivery-line-${index}-item`, search);
      await page.getByTestId(`delivery-line-${index}-quantity`).fill(quantity);
      await page.getByTestId(`delivery-line-${index}-price`).fill(price);
      await page.getByTestId(`delivery-line-${index}-total`).getByText(total).waitFor();
    }
    expect(await text('delivery-line-2')).toContain('kg');
    await page.getByTestId('delivery-line-1-add-note').click();
    await page.getByTestId('delivery-line-1-notes').fill('Washed, fine grade');
    await page.getByTestId('delivery-tax').fill('1250.30');
    // Items ₹1,69,999.89 + tax ₹1,250.30 = ₹1,71,250.19 → round-off -₹0.19.
    await page.getByTestId('delivery-round-off-auto').getByText('(-₹0.19)').waitFor();
    await page.getByTestId('delivery-round-off-auto').click();
    expect(await page.getByTestId('delivery-round-off').inputValue()).toBe('-0.19');
    await page.getByTestId('delivery-wizard-total').getByText('₹1,71,250.00').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'deliveries-form-step2-laptop.png') });
    await page.getByTestId('delivery-wizard-next').click();

    // Step 3: review everything; Back keeps every value.
    await page.getByTestId('delivery-review').waitFor();
    expect(await text('delivery-review-vendor')).toBe('Sharma Traders');
    expect(await text('delivery-review-date')).toBe('2 Jun 2025');
    expect(await text('delivery-review-reference')).toBe('CH-1042');
    expect(await page.getByTestId('delivery-review-table-row').count()).toBe(3);
    expect(await text('delivery-review-totals-items')).toBe('₹1,69,999.89');
    expect(await text('delivery-review-totals-tax')).toBe('₹1,250.30');
    expect(await text('delivery-review-totals-round-off')).toBe('-₹0.19');
    expect(await text('delivery-review-totals-total')).toBe('₹1,71,250.00');
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'deliveries-form-step3-laptop.png') });
    await page.getByTestId('delivery-wizard-back').click();
    await page.getByTestId('delivery-wizard-back').click();
    expect(await page.getByTestId('delivery-reference').inputValue()).toBe('CH-1042');
    await page.getByTestId('delivery-wizard-next').click();
    expect(await page.getByTestId('delivery-line-2-quantity').inputValue()).toBe('1520.755');
    await page.getByTestId('delivery-wizard-next').click();
    await page.getByTestId('delivery-wizard-save').click();

    // Saved: the server's total, then the offer to add photos.
    await page.getByTestId('delivery-saved').waitFor();
    expect(await text('delivery-saved-total')).toBe('₹1,71,250.00');
    await page
      .getByTestId('toast-success')
      .getByText('Delivery of ₹1,71,250.00 recorded')
      .waitFor();
    await page.getByTestId('delivery-saved-photos').waitFor();
    await page.getByTestId('delivery-wizard-done').click();
    await page.getByTestId('delivery-wizard').waitFor({ state: 'detached' });

    // The list refreshed: status pending and the exact ₹ figures.
    const row = page.getByRole('row', { name: /Sharma Traders/ });
    await row.waitFor();
    const rowText = (await row.textContent()) ?? '';
    for (const part of ['2 Jun 2025', 'CH-1042', '3 lines', '₹1,71,250.00', '₹0.00', 'Pending'])
      expect(rowText).toContain(part);
    expect(await row.locator('[data-status]').getAttribute('data-status')).toBe('pending');
    await screenshot(page, 'deliveries-list-laptop');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('shows the delivery, edits a line in one batch and deletes it', async () => {
    await page.getByRole('row', { name: /Sharma Traders/ }).click();
    await page.waitForURL(/\/deliveries\/[a-z0-9]{15}$/);
    ids.delivery = page.url().split('/').pop() ?? '';
    await page.getByTestId('delivery-detail-lines').waitFor();
    expect(await text('delivery-detail-vendor')).toBe('Sharma Traders');
    expect(await text('delivery-detail-totals-items')).toBe('₹1,69,999.89');
    expect(await text('delivery-detail-totals-round-off')).toBe('-₹0.19');
    expect(await text('delivery-detail-totals-total')).toBe('₹1,71,250.00');
    expect(await text('delivery-detail-totals-due')).toBe('₹1,71,250.00');
    expect(await text('delivery-detail-status')).toBe('Pending');
    await screenshot(page, 'deliveries-detail-laptop');

    // A refused batch names its line and keeps the dialog open (nothing was applied).
    const batches: { method: string; url: string; body?: Record<string, unknown> }[][] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/batch') && request.method() === 'POST') {
        const body = request.postDataJSON() as { requests: (typeof batches)[number] };
        batches.push(body.requests);
      }
    });
    await page.route('**/api/batch', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          status: 400,
          code: 'BATCH_FAILED',
          message: 'Batch create/update/delete failed',
          data: {
            index: 0,
            error: {
              status: 400,
              code: 'VALIDATION_FAILED',
              message: 'Please check your input',
              data: { quantity: { code: 'too_big', message: 'Too big' } },
            },
          },
        }),
      }),
    );
    await page.getByTestId('delivery-lines-open').click();
    const editor = page.getByTestId('delivery-lines-editor');
    await editor.waitFor();
    await page.getByTestId('delivery-line-1-quantity').fill('3');
    await page.getByTestId('delivery-lines-new-total').getByText('₹1,72,850.00').waitFor();
    await page.getByTestId('delivery-lines-editor-submit').click();
    await page
      .getByTestId('delivery-lines-editor-error')
      .getByText('Item 2: Please check your input')
      .waitFor();
    await page.getByTestId('delivery-line-1').getByText('Too big').waitFor();
    await page.unroute('**/api/batch');

    // The real save: ONE batch with one PATCH of the changed field.
    await page.getByTestId('delivery-lines-editor-submit').click();
    await editor.waitFor({ state: 'detached' });
    await page.getByTestId('toast-success').getByText('Items saved').waitFor();
    expect(batches).toHaveLength(2);
    expect(batches[1]).toHaveLength(1);
    expect(batches[1]?.[0]?.method).toBe('PATCH');
    expect(batches[1]?.[0]?.body).toEqual({ quantity: 3 });
    await page.getByTestId('delivery-detail-totals-total').getByText('₹1,72,850.00').waitFor();
    expect(await text('delivery-detail-lines')).toContain('3 brass');
    expect(await text('delivery-detail-lines')).toContain('₹19,200.00');

    // The list shows the new total too.
    await page.getByTestId('page-back').click();
    await page
      .getByRole('row', { name: /Sharma Traders/ })
      .getByText('₹1,72,850.00')
      .waitFor();

    // A photo of the challan on the saved delivery.
    await page.goto(`${baseUrl}/deliveries/${ids.delivery}`);
    await page
      .getByTestId('delivery-photo-upload-input')
      .setInputFiles({ name: 'challan.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('delivery-photos-item').first().waitFor();
    await page.getByTestId('delivery-photos').locator('img').first().waitFor();

    // Delete: lines first, then the delivery, on the server; the list is empty again.
    await page.getByTestId('delivery-delete-open').click();
    await page.getByTestId('delivery-delete-dialog').getByText('Sharma Traders').waitFor();
    await page.getByTestId('delivery-delete-dialog-confirm').click();
    await page.waitForURL(/\/deliveries$/);
    await page.getByTestId('toast-success').getByText('Delivery deleted').waitFor();
    await page.getByTestId('deliveries-table-empty').waitFor();
    const left = await api<{ totalItems: number }>(
      baseUrl,
      account,
      'GET',
      `/delivery_items?delivery=${ids.delivery}`,
    );
    expect(left.totalItems).toBe(0);
    expect(problems.errors).toEqual([]);
  });

  it('looks finished on a phone and a laptop, light and dark', async () => {
    const created = await api<{ id: string }>(baseUrl, account, 'POST', '/deliveries', {
      vendor: ids.vendor,
      delivery_date: '2025-06-05',
      delivery_reference: 'INV/25-26/118',
      tax_amount: 1234.5,
      round_off: -0.35,
      delivery_items: [
        { item: ids.cement, quantity: 120, unit_price: 385.5 },
        { item: ids.sand, quantity: 2.5, unit_price: 6400, notes: 'Washed' },
      ],
    });
    for (let i = 0; i < 4; i += 1) {
      await api(baseUrl, account, 'POST', '/deliveries', {
        vendor: ids.vendor,
        delivery_date: `2025-05-1${i}`,
        delivery_reference: `CH-90${i}`,
        delivery_items: [{ item: ids.steel, quantity: 250.5 + i, unit_price: 68.4 }],
      });
    }
    for (const theme of ['light', 'dark'] as const) {
      await open(390, 844, theme);
      await page.goto(`${baseUrl}/deliveries`);
      await page.getByTestId('deliveries-table').locator('li').first().waitFor();
      expect(await page.locator('table').count()).toBe(0);
      await screenshot(page, `deliveries-list-phone-${theme}`);

      await page.getByTestId('delivery-add').click();
      const wizard = page.getByTestId('delivery-wizard');
      await wizard.waitFor();
      await animationsDone(page);
      const box = await wizard.boundingBox();
      expect(box?.width).toBeCloseTo(390, 0);
      expect(box?.height).toBeCloseTo(844, 0);
      await chooseIn('delivery-vendor', 'sharma');
      await page.getByTestId('delivery-reference').fill('CH-2201');
      await page.screenshot({
        path: path.join(ARTIFACTS_DIR, `deliveries-form-step1-phone-${theme}.png`),
      });
      await page.getByTestId('delivery-wizard-next').click();
      await chooseIn('delivery-line-0-item', 'cement');
      await page.getByTestId('delivery-line-0-quantity').fill('50');
      await page.getByTestId('delivery-line-0-price').fill('392.75');
      await page.getByTestId('delivery-line-add').click();
      await chooseIn('delivery-line-1-item', 'sand');
      await page.getByTestId('delivery-line-1-quantity').fill('1.5');
      await page.getByTestId('delivery-line-1-price').fill('6400');
      await page.screenshot({
        path: path.join(ARTIFACTS_DIR, `deliveries-form-step2-phone-${theme}.png`),
      });
      await page.getByTestId('delivery-wizard-next').click();
      await page.getByTestId('delivery-review').waitFor();
      expect(await text('delivery-review-totals-total')).toBe('₹29,237.50');
      await page.screenshot({
        path: path.join(ARTIFACTS_DIR, `deliveries-form-step3-phone-${theme}.png`),
      });
      await page.getByTestId('delivery-wizard-close').click();
      // A filled form asks before its entry is thrown away (issue 38).
      await page.getByTestId('discard-entry-dialog-confirm').click();
      await wizard.waitFor({ state: 'detached' });

      await page.goto(`${baseUrl}/deliveries/${created.id}`);
      await page.getByTestId('delivery-detail-lines').waitFor();
      expect(await text('delivery-detail-totals-round-off')).toBe('-₹0.35');
      expect(await text('delivery-detail-totals-total')).toBe('₹63,494.15');
      await screenshot(page, `deliveries-detail-phone-${theme}`);
    }
    await open(1366, 768, 'dark');
    await page.goto(`${baseUrl}/deliveries`);
    await page.locator('tbody tr').first().waitFor();
    await screenshot(page, 'deliveries-list-laptop-dark');
    await page.goto(`${baseUrl}/deliveries/${created.id}`);
    await page.getByTestId('delivery-detail-lines').waitFor();
    await screenshot(page, 'deliveries-detail-laptop-dark');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('speaks Hindi throughout', async () => {
    await open(1366, 768);
    await page.evaluate(() => localStorage.setItem('siteledger.language', 'hi'));
    await page.goto(`${baseUrl}/deliveries`);
    await page.locator('tbody tr').first().waitFor();
    await page.getByTestId('delivery-add').click();
    await page.getByTestId('delivery-wizard').getByText('डिलीवरी जानकारी').first().waitFor();
    await page.getByTestId('delivery-wizard-next').click();
    await page.getByTestId('delivery-wizard').getByText('विक्रेता चुनें').first().waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'deliveries-form-hindi.png') });
    expect(problems.missingKeys).toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});
