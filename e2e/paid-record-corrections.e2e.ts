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
import { animationsDone } from './support/layout';

/**
 * Issue 18: a paid delivery whose rate is lowered. The save is refused in plain words, the person
 * releases the excess with one confirmation, the delivery stays paid at its new total, and the
 * released money shows on the vendor as an advance that can be applied to the next bill.
 */
describe('lowering a paid delivery releases the excess as an advance', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let account: TestAccount;
  const ids = { vendor: '', item: '', account: '', delivery: '', next: '' };

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createAccountWithSite(baseUrl, 'Kavita Joshi');
    const post = <T>(route: string, body: unknown) => api<T>(baseUrl, account, 'POST', route, body);
    ids.vendor = (await post<{ id: string }>('/vendors', { name: 'Balaji Steel Traders' })).id;
    ids.item = (await post<{ id: string }>('/items', { name: 'TMT bar 12 mm', unit: 'kg' })).id;
    ids.account = (
      await post<{ id: string }>('/accounts', {
        name: 'HDFC Current',
        type: 'bank',
        opening_balance: 100000,
      })
    ).id;
    ids.delivery = (
      await post<{ id: string }>('/deliveries', {
        vendor: ids.vendor,
        delivery_date: '2026-11-10',
        delivery_reference: 'BST-771',
        delivery_items: [{ item: ids.item, quantity: 100, unit_price: 72 }],
      })
    ).id;
    await post('/payments', {
      vendor: ids.vendor,
      account: ids.account,
      amount: 7200,
      payment_date: '2026-11-11',
      reference: 'UTR-4410',
      delivery_allocations: [{ delivery: ids.delivery, amount: 7200 }],
    });
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
  }

  it('explains the refusal, releases on one confirmation, and keeps the delivery paid', async () => {
    await open(1366, 768);
    await page.goto(`${baseUrl}/deliveries/${ids.delivery}`);
    await page.getByTestId('delivery-detail-status').getByText('Paid').waitFor();
    await page.getByTestId('delivery-lines-open').click();
    await page.getByTestId('delivery-lines-editor').waitFor();
    // The vendor's rate was revised from ₹72 to ₹66 a kg after it was paid.
    await page.getByTestId('delivery-line-0-price').fill('66');
    await page.getByTestId('delivery-lines-new-total').getByText('₹6,600.00').waitFor();
    await page.getByTestId('delivery-lines-editor-submit').click();

    const alert = page.getByTestId('release-overpayment-alert');
    await alert.waitFor();
    const said = (await alert.textContent()) ?? '';
    expect(said).toContain(
      'The new total ₹6,600.00 is below the ₹7,200.00 already paid by 1 payment.',
    );
    expect(said).toContain('Saving takes ₹600.00 off the newest payments.');
    await screenshot(page, 'release-overpayment-laptop');

    await page.getByTestId('release-overpayment').click();
    await page.getByTestId('delivery-lines-editor').waitFor({ state: 'detached' });
    await page
      .getByTestId('toast-success')
      .getByText('Saved. ₹600.00 stays with the vendor as an advance.')
      .waitFor();
    await page.getByTestId('delivery-detail-totals-total').getByText('₹6,600.00').waitFor();
    await page.getByTestId('delivery-detail-status').getByText('Paid').waitFor();

    // Money did not move: the account still shows the one ₹7,200 payment.
    const bank = await api<{ current_balance: number }>(
      baseUrl,
      account,
      'GET',
      `/accounts/${ids.account}`,
    );
    expect(bank.current_balance).toBe(92800);
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('shows the advance on the vendor, and offers to apply it where a bill is owed', async () => {
    await open(1366, 768);
    await page.goto(`${baseUrl}/vendors/${ids.vendor}`);
    await page.getByTestId('vendor-summary-advance').getByText('Advance ₹600.00').waitFor();
    // Nothing is owed yet: nothing to apply it to.
    expect(await page.getByTestId('vendor-apply-advance').count()).toBe(0);

    ids.next = (
      await api<{ id: string }>(baseUrl, account, 'POST', '/deliveries', {
        vendor: ids.vendor,
        delivery_date: '2026-11-20',
        delivery_reference: 'BST-790',
        delivery_items: [{ item: ids.item, quantity: 5, unit_price: 66 }],
      })
    ).id;
    await page.reload();
    const apply = page.getByTestId('vendor-apply-advance');
    await apply.waitFor();
    expect(await apply.getAttribute('href')).toBe(`/payments?apply_advance=1&vendor=${ids.vendor}`);
    await page.goto(`${baseUrl}/vendors`);
    await page.getByTestId('vendor-advance').getByText('Advance ₹600.00').first().waitFor();

    await page.goto(`${baseUrl}/deliveries/${ids.next}`);
    const fromBill = page.getByTestId('apply-advance');
    await fromBill.waitFor();
    expect(await fromBill.getAttribute('href')).toBe(
      `/payments?apply_advance=1&vendor=${ids.vendor}&delivery=${ids.next}`,
    );
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('reads well on a phone', async () => {
    await open(390, 844);
    // A delivery paid in full, lowered from the header: the same explanation on a phone.
    await page.goto(`${baseUrl}/deliveries/${ids.delivery}`);
    await page.getByTestId('delivery-edit-open').click();
    await page.getByTestId('delivery-edit').waitFor();
    await page.getByTestId('delivery-round-off').fill('-100');
    await page.getByTestId('delivery-edit-submit').click();
    await page.getByTestId('release-overpayment-alert').waitFor();
    await animationsDone(page);
    await screenshot(page, 'release-overpayment-phone');
    await page.getByTestId('release-overpayment').click();
    await page.getByTestId('delivery-edit').waitFor({ state: 'detached' });
    await page.getByTestId('delivery-detail-totals-total').getByText('₹6,500.00').waitFor();
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });
});
