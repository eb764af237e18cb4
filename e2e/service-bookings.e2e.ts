import path from 'node:path';
import { gstinCheckChar } from '@siteledger/domain';
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
import { chooseIn } from './support/pickers';
import { workerServer } from './support/worker';
import { animationsDone } from './support/layout';

describe('service bookings: time calculator, list, edit, delete', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let account: TestAccount;
  const ids = { jcb: '', mason: '', patel: '', ramesh: '' };

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createAccountWithSite(baseUrl, 'Arjun Nair');
    ids.jcb = (
      await api<{ id: string }>(baseUrl, account, 'POST', '/services', {
        name: 'JCB excavator',
        category: 'equipment',
        unit: 'hour',
        standard_rate: 1200,
      })
    ).id;
    ids.mason = (
      await api<{ id: string }>(baseUrl, account, 'POST', '/services', {
        name: 'Mason',
        category: 'labor',
        unit: 'day',
        standard_rate: 950,
      })
    ).id;
    ids.patel = (
      await api<{ id: string }>(baseUrl, account, 'POST', '/vendors', { name: 'Patel Earthmovers' })
    ).id;
    ids.ramesh = (
      await api<{ id: string }>(baseUrl, account, 'POST', '/vendors', {
        name: 'Ramesh Kumar (Mason)',
      })
    ).id;
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

  const text = async (testId: string) => (await page.getByTestId(testId).textContent()) ?? '';

  it('books a service with the time calculator', async () => {
    await open(1366, 768);
    await page.goto(`${baseUrl}/service-bookings`);
    await page.getByTestId('bookings-table-empty').waitFor();
    await page.getByTestId('booking-add').click();
    const form = page.getByTestId('booking-form');
    await form.waitFor();

    await page.getByTestId('booking-form-submit').click();
    await form.getByText('Choose the service').waitFor();
    await form.getByText('Choose the vendor').waitFor();

    // The service's standard rate becomes the unit rate; its unit labels the duration.
    await chooseIn(page, 'booking-service', 'JCB');
    expect(await page.getByTestId('booking-rate').inputValue()).toBe('1200');
    await chooseIn(page, 'booking-vendor', 'Patel');
    await page.getByTestId('booking-start').fill('2025-06-03');
    await page.getByTestId('booking-end').fill('2025-06-03');

    // End before start: the spec's message, and nothing to use.
    await page.getByTestId('booking-calc-start').fill('08:30');
    await page.getByTestId('booking-calc-end').fill('07:15');
    await page
      .getByTestId('booking-calc-error')
      .getByText('End time must be after start time')
      .waitFor();
    expect(await page.getByTestId('booking-calc-use').isDisabled()).toBe(true);
    // Ending the next day is supported: 08:30 → 07:15 next day = 22.75 h.
    await page.getByTestId('booking-calc-next-day').check();
    await page.getByTestId('booking-calc-result').getByText('22.75 hours').waitFor();
    await page.getByTestId('booking-calc-next-day').uncheck();

    // 08:30 → 17:45 = 9.25 h, used as the duration.
    await page.getByTestId('booking-calc-end').fill('17:45');
    await page.getByTestId('booking-calc-result').getByText('9.25 hours').waitFor();
    await page.getByTestId('booking-calc-use').click();
    expect(await page.getByTestId('booking-duration').inputValue()).toBe('9.25');
    await page.getByTestId('booking-total-preview').getByText('₹11,100.00').waitFor();
    expect(await text('booking-form-total')).toBe('₹11,100.00');
    await page.getByTestId('booking-percent').fill('50');
    await page.getByTestId('booking-status').selectOption('in_progress');
    await page.getByTestId('booking-notes').fill('Foundation trenching, block B');
    await animationsDone(page);
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'bookings-form-laptop.png') });
    await page.getByTestId('booking-form-submit').click();
    await form.waitFor({ state: 'detached' });
    await page.getByTestId('toast-success').getByText('Service booked').waitFor();

    const row = page.getByRole('row', { name: /JCB excavator/ });
    await row.waitFor();
    const rowText = (await row.textContent()) ?? '';
    for (const part of [
      'Patel Earthmovers',
      '3 Jun 2025',
      '9.25 hour',
      '₹1,200.00 / hour',
      '₹11,100.00',
      '50%',
      'In progress',
      'Pending',
    ])
      expect(rowText).toContain(part);
    await screenshot(page, 'bookings-list-laptop');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('edits the rate with the spec warning, and deletes', async () => {
    const row = page.getByRole('row', { name: /JCB excavator/ });
    await row.click();
    const form = page.getByTestId('booking-form');
    await form.waitFor();
    expect(await page.getByTestId('booking-duration').inputValue()).toBe('9.25');
    expect(await page.getByTestId('booking-rate-warning').count()).toBe(0);
    await page.getByTestId('booking-rate').fill('1250');
    await page
      .getByTestId('booking-rate-warning')
      .getByText('Changing the unit rate changes', { exact: false })
      .waitFor();
    expect(await text('booking-form-total')).toBe('₹11,562.50');
    // Completion photos upload from the edit view.
    await page
      .getByTestId('booking-photo-upload-input')
      .setInputFiles({ name: 'trench.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('booking-photo-grid-item').first().waitFor();
    await page.getByTestId('booking-form-submit').click();
    await form.waitFor({ state: 'detached' });
    await row.getByText('₹11,562.50').waitFor();

    // A service billed per day: the calculator's hours are for reference only.
    await page.getByTestId('booking-add').click();
    await chooseIn(page, 'booking-service', 'Mason');
    await page.getByTestId('booking-calc-start').fill('09:00');
    await page.getByTestId('booking-calc-end').fill('18:00');
    await page.getByTestId('booking-calc-result').getByText('9 hours').waitFor();
    expect(await page.getByTestId('booking-calc-use').isDisabled()).toBe(true);
    await page.getByTestId('booking-calc').getByText('billed per day').waitFor();
    await page.getByTestId('booking-form-cancel').click();
    // A filled form asks before its entry is thrown away (issue 38).
    await page.getByTestId('discard-entry-dialog-confirm').click();
    await page.getByTestId('booking-form').waitFor({ state: 'detached' });

    const id = (await row.getAttribute('data-testid'))?.replace('booking-row-', '') ?? '';
    await page.getByTestId(`booking-delete-${id}`).click();
    await page.getByTestId('booking-delete-dialog-confirm').click();
    await page.getByTestId('booking-delete-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('bookings-table-empty').waitFor();
    expect(problems.errors).toEqual([]);
  });

  it('looks finished on a phone and a laptop, light and dark', async () => {
    await api(baseUrl, account, 'POST', '/service_bookings', {
      service: ids.jcb,
      vendor: ids.patel,
      start_date: '2025-06-03',
      end_date: '2025-06-03',
      duration: 9.25,
      unit_rate: 1200,
      percent_completed: 100,
      status: 'completed',
    });
    await api(baseUrl, account, 'POST', '/service_bookings', {
      service: ids.mason,
      vendor: ids.ramesh,
      start_date: '2025-06-01',
      end_date: '2025-06-30',
      duration: 26,
      unit_rate: 950,
      percent_completed: 40,
      status: 'in_progress',
    });
    for (const theme of ['light', 'dark'] as const) {
      await open(390, 844, theme);
      await page.goto(`${baseUrl}/service-bookings`);
      await page.getByTestId('bookings-table').locator('li').first().waitFor();
      expect(await page.locator('table').count()).toBe(0);
      await screenshot(page, `bookings-list-phone-${theme}`);
      await page.getByTestId('booking-add').click();
      const form = page.getByTestId('booking-form');
      await form.waitFor();
      await animationsDone(page);
      const box = await form.boundingBox();
      expect(box?.width).toBeCloseTo(390, 0);
      await chooseIn(page, 'booking-service', 'JCB');
      await page.getByTestId('booking-calc-start').fill('08:30');
      await page.getByTestId('booking-calc-end').fill('17:45');
      await page.getByTestId('booking-calc-use').click();
      await page.getByTestId('booking-calc').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(ARTIFACTS_DIR, `bookings-form-phone-${theme}.png`) });
      await page.keyboard.press('Escape');
      await page.getByTestId('discard-entry-dialog-confirm').click();
      await form.waitFor({ state: 'detached' });
    }
    await open(1366, 768, 'dark');
    await page.goto(`${baseUrl}/service-bookings`);
    await page.locator('tbody tr').first().waitFor();
    await screenshot(page, 'bookings-list-laptop-dark');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it("charges GST on a booking: CGST + SGST from a vendor in the site's state", async () => {
    await api(baseUrl, account, 'PATCH', '', { state_code: '27' });
    await api(baseUrl, account, 'POST', '/services', {
      name: 'Site engineer',
      category: 'professional',
      unit: 'day',
      standard_rate: 1000,
      gst_rate: 18,
    });
    const gstinBody = '27AABCL5678M1Z';
    await api(baseUrl, account, 'POST', '/vendors', {
      name: 'Lakshmi Consultants',
      gstin: gstinBody + gstinCheckChar(gstinBody),
    });

    await open(390, 844);
    await page.goto(`${baseUrl}/service-bookings`);
    await page.getByTestId('booking-add').click();
    const form = page.getByTestId('booking-form');
    await form.waitFor();
    // The service's GST rate is the booking's until the person picks another.
    await chooseIn(page, 'booking-service', 'Site engineer');
    expect(await page.getByTestId('booking-gst-rate').inputValue()).toBe('18');
    await chooseIn(page, 'booking-vendor', 'Lakshmi');
    await page.getByTestId('booking-duration').fill('1');
    const preview = page.getByTestId('booking-gst-preview');
    await preview.getByText('₹1,180.00 to pay').waitFor();
    expect(await preview.textContent()).toBe(
      'Taxable ₹1,000.00 + CGST ₹90.00 + SGST ₹90.00 = ₹1,180.00 to pay',
    );
    expect(await text('booking-form-total')).toBe('₹1,180.00');
    await page.getByTestId('booking-total-preview').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'bookings-form-gst-phone.png') });

    await page.getByTestId('booking-form-submit').click();
    await form.waitFor({ state: 'detached' });
    const card = page.getByTestId('bookings-table').locator('li').filter({ hasText: 'Lakshmi' });
    await card.getByText('₹1,180.00').waitFor();
    expect(await card.textContent()).toContain('incl. GST 18 %: ₹180.00');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });
});
