import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithSite, storeSession, type TestAccount } from './support/accounts';
import {
  ARTIFACTS_DIR,
  launchBrowser,
  newContext,
  watchPage,
  type PageProblems,
} from './support/browser';
import { api } from './support/http';
import { workerServer } from './support/worker';
import { animationsDone } from './support/layout';

describe('payment corrections: move an allocation, apply an advance', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let account: TestAccount;
  const ids = { vendor: '', bank: '', item: '', wrong: '', right: '', payment: '', other: '' };
  const call = <T>(method: string, route: string, body?: unknown) =>
    api<T>(baseUrl, account, method, route, body);
  const balance = async () =>
    (await call<{ current_balance: number }>('GET', `/accounts/${ids.bank}`)).current_balance;
  const status = async (id: string) =>
    (await call<{ payment_status: string }>('GET', `/deliveries/${id}`)).payment_status;
  const delivery = async (vendor: string, date: string, reference: string, quantity: number) =>
    (
      await call<{ id: string }>('POST', '/deliveries', {
        vendor,
        delivery_date: date,
        delivery_reference: reference,
        delivery_items: [{ item: ids.item, quantity, unit_price: 400 }],
      })
    ).id;

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createAccountWithSite(baseUrl, 'Ravi Menon');
    ids.vendor = (await call<{ id: string }>('POST', '/vendors', { name: 'Patel Steel' })).id;
    ids.other = (await call<{ id: string }>('POST', '/vendors', { name: 'Gupta Bricks' })).id;
    ids.bank = (
      await call<{ id: string }>('POST', '/accounts', {
        name: 'SBI Current',
        type: 'bank',
        opening_balance: 100000,
      })
    ).id;
    ids.item = (await call<{ id: string }>('POST', '/items', { name: 'TMT bar', unit: 'nos' })).id;
    ids.wrong = await delivery(ids.vendor, '2026-10-01', 'CH-201', 10);
    ids.right = await delivery(ids.vendor, '2026-10-05', 'CH-202', 10);
    ids.payment = (
      await call<{ id: string }>('POST', '/payments', {
        vendor: ids.vendor,
        account: ids.bank,
        amount: 4000,
        payment_date: '2026-10-06',
        reference: 'UTR 9001',
        delivery_allocations: [{ delivery: ids.wrong, amount: 4000 }],
      })
    ).id;
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  async function open(width: number, height: number) {
    await context?.close();
    context = await newContext(browser, { width, height });
    page = await context.newPage();
    problems = watchPage(page);
    await page.goto(`${baseUrl}/login`);
    await storeSession(page, account, account.siteId);
    await page.evaluate(() => localStorage.setItem('siteledger.theme', 'light'));
  }
  const text = async (testId: string) => (await page.getByTestId(testId).textContent()) ?? '';
  const shot = (name: string) => page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`) });

  it('moves a payment from the wrong delivery to the right one in the edit form', async () => {
    expect(await status(ids.wrong)).toBe('paid');
    expect(await status(ids.right)).toBe('pending');
    const before = await balance();
    await open(1366, 768);
    await page.goto(`${baseUrl}/payments`);
    await page.getByTestId(`payment-row-${ids.payment}`).click();
    await page.getByTestId('payment-view-allocations').waitFor();
    expect(await text('payment-view-allocations')).toContain('CH-201');
    await page.getByTestId('payment-edit').click();
    await page.getByTestId('payment-edit-form').waitFor();
    // The edit starts from the payment's own allocation; both deliveries are offered.
    const wrong = page.getByTestId(`payment-allocation-amount-${ids.wrong}`);
    await wrong.waitFor();
    expect(await wrong.inputValue()).toBe('4000');
    expect(await page.getByTestId('payment-edit-vendor').inputValue()).toBe('Patel Steel');
    expect(await page.getByTestId('payment-edit-amount').inputValue()).toBe('4000');
    await wrong.fill('');
    await page.getByTestId(`payment-allocation-amount-${ids.right}`).fill('4000');
    await expect.poll(() => text('payment-summary-unallocated')).toContain('₹0.00');
    await animationsDone(page);
    await shot('payment-corrections-edit-laptop-light');
    await page.getByTestId('payment-edit-form-submit').click();
    await page.getByText('Payment updated').waitFor();
    await page.getByTestId('payment-view-allocations').getByText('CH-202').waitFor();
    expect(await status(ids.wrong)).toBe('pending');
    expect(await status(ids.right)).toBe('paid');
    expect(await balance()).toBe(before);

    // The same form on a phone.
    await open(390, 844);
    await page.goto(`${baseUrl}/payments`);
    await page.getByTestId(`payment-row-${ids.payment}`).click();
    await page.getByTestId('payment-edit').click();
    await page.getByTestId(`payment-allocation-amount-${ids.right}`).waitFor();
    await animationsDone(page);
    await shot('payment-corrections-edit-phone-light');
    await page.getByTestId('payment-edit-form-cancel').click();
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('records an advance, then applies it to a later delivery without debiting again', async () => {
    await open(1366, 768);
    const start = await balance();
    // A payment with no bill: an advance.
    await page.goto(`${baseUrl}/payments?new=1&vendor=${ids.other}`);
    await page.getByText('Nothing is due to this vendor').waitFor();
    await page.getByTestId('payment-amount').fill('3000');
    await page.getByTestId('payment-account').selectOption(ids.bank);
    await page.getByTestId('payment-form-submit').click();
    await page.getByText('Payment of ₹3,000.00 recorded').waitFor();
    expect(await balance()).toBe(start - 3000);
    const bill = await delivery(ids.other, '2026-11-02', 'GB-7', 7.5);
    expect(await status(bill)).toBe('pending');

    // A new payment now points at the advance first.
    await page.goto(`${baseUrl}/payments?new=1&vendor=${ids.other}`);
    await page.getByTestId('payment-advance-notice').waitFor();
    expect(await text('payment-advance-notice')).toContain('₹3,000.00 already paid in advance');
    // The advance covers everything due: nothing new to pay.
    expect(await page.getByTestId('payment-pay-all').count()).toBe(0);
    await page.getByTestId('payment-form-cancel').click();

    // From the vendor page, as a person would: its advance and "Apply advance".
    await page.goto(`${baseUrl}/vendors/${ids.other}`);
    await page.getByTestId('vendor-summary-advance').getByText('Advance ₹3,000.00').waitFor();
    await page.getByTestId('vendor-apply-advance').click();
    await page.getByTestId('payment-edit-form').waitFor();
    const row = page.getByTestId(`payment-allocation-amount-${bill}`);
    await row.waitFor();
    expect(await row.inputValue()).toBe('3000');
    expect(new URL(page.url()).search).toBe('');
    await animationsDone(page);
    await shot('payment-corrections-apply-advance-laptop-light');
    await page.getByTestId('payment-edit-form-submit').click();
    await page.getByText('Payment updated').waitFor();
    expect(await status(bill)).toBe('paid');
    expect(await balance()).toBe(start - 3000);

    // A vendor without an advance: a notice, and no form.
    await page.goto(`${baseUrl}/payments?apply_advance=1&vendor=${ids.vendor}`);
    await page.getByText('This vendor has no advance to apply.').waitFor();
    expect(await page.getByTestId('payment-edit-form').count()).toBe(0);
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });
});
