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
import { gstinCheckChar } from '@siteledger/domain';
import { api, request } from './support/http';
import { chooseIn } from './support/pickers';
import { workerServer } from './support/worker';
import { animationsDone } from './support/layout';

interface CreditNoteRow {
  id: string;
  balance: number;
  status: string;
  return_id: string | null;
}

describe('vendor returns: four-step return for a credit note, then the note used in a payment', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let account: TestAccount;
  const ids = { vendor: '', item: '', delivery: '', note: '' };

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createAccountWithSite(baseUrl, 'Anil Kulkarni');
    ids.vendor = (
      await api<{ id: string }>(baseUrl, account, 'POST', '/vendors', {
        name: 'Shree Ganesh Cement',
      })
    ).id;
    await api(baseUrl, account, 'POST', '/vendors', { name: 'Patil Hardware' });
    ids.item = (
      await api<{ id: string }>(baseUrl, account, 'POST', '/items', {
        name: 'OPC Cement 53 grade',
        unit: 'bag',
      })
    ).id;
    ids.delivery = (
      await api<{ id: string }>(baseUrl, account, 'POST', '/deliveries', {
        vendor: ids.vendor,
        delivery_date: '2026-11-02',
        delivery_reference: 'CH-2201',
        delivery_items: [{ item: ids.item, quantity: 10, unit_price: 412.5 }],
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

  /** From the returns list already open, step 1 of a new return, filled in. */
  async function walkToStep(tag: string) {
    await page.getByTestId('return-add').click();
    await page.getByTestId('return-wizard').waitFor();
    await chooseIn(page, 'return-vendor', 'Shree Ganesh');
    await page.getByTestId('return-line-0-select').check();
    await page.getByTestId('return-line-0-quantity').fill('2');
    await page.getByTestId('return-line-0-condition').selectOption('damaged');
    await animationsDone(page);
    await screenshot(page, `vendor-returns-step1-${tag}`);
  }

  it('returns two bags for a credit note through the four steps', async () => {
    await open(1366, 768);
    await page.goto(`${baseUrl}/vendor-returns`);
    await page.getByTestId('returns-table-empty').waitFor();
    await page.getByTestId('return-add').click();
    await page.getByTestId('return-wizard').waitFor();

    // Step 1: vendor first, then its returnable lines with delivered / returned / available.
    await page.getByTestId('return-wizard-next').click();
    await page.getByText('Choose the vendor', { exact: true }).waitFor();
    await chooseIn(page, 'return-vendor', 'Shree Ganesh');
    await page.getByTestId('return-line-0').waitFor();
    const quantities = await text('return-line-0-quantities');
    for (const part of ['Delivered: 10', 'Returned: 0', 'Available: 10'])
      expect(quantities).toContain(part);
    await page.getByTestId('return-wizard-next').click();
    await page.getByText('Select at least one item to return').waitFor();
    await page.getByTestId('return-line-0-select').check();
    expect(await page.getByTestId('return-line-0-rate').inputValue()).toBe('412.5');
    await page.getByTestId('return-line-0-quantity').fill('11');
    await page.getByTestId('return-line-0-condition').selectOption('damaged');
    await page.getByTestId('return-wizard-next').click();
    await page.getByText('Only 10 units available for return (0 already returned)').waitFor();
    await page.getByTestId('return-line-0-quantity').fill('2');
    await page.getByTestId('return-line-0-amount').getByText('₹825.00').waitFor();
    expect(await text('return-wizard-total')).toBe('₹825.00');
    await screenshot(page, 'vendor-returns-step1-laptop');
    await page.getByTestId('return-wizard-next').click();

    // Step 2: details.
    await page.getByTestId('return-reason').selectOption('damaged');
    await page.getByTestId('return-notes').fill('Two bags torn and set hard');
    await screenshot(page, 'vendor-returns-step2-laptop');
    await page.getByTestId('return-wizard-next').click();

    // Step 3: a credit note; the amount proposes the return total and cannot exceed it.
    await page.getByTestId('return-refund-credit').check();
    expect(await page.getByTestId('return-refund-amount').inputValue()).toBe('825');
    await page.getByTestId('return-refund-amount').fill('900');
    await page.getByTestId('return-wizard-next').click();
    await page
      .getByText('The refund cannot be more than the amount to get back (₹825.00)')
      .waitFor();
    await page.getByTestId('return-refund-amount').fill('825');
    await page.getByTestId('return-credit-reference').fill('CN-SGC-07');
    await screenshot(page, 'vendor-returns-step3-laptop');
    await page.getByTestId('return-wizard-next').click();

    // Step 4: the summary, then one save.
    await page.getByTestId('return-review').waitFor();
    expect(await text('return-review-vendor')).toBe('Shree Ganesh Cement');
    expect(await text('return-review-total')).toBe('₹825.00');
    expect(await text('return-review-refund-type')).toBe('Credit note');
    expect(await text('return-review-credit-amount')).toBe('₹825.00');
    await screenshot(page, 'vendor-returns-step4-laptop');
    await page.getByTestId('return-wizard-save').click();
    await page
      .getByTestId('toast-success')
      .getByText('Return of ₹825.00 saved and approved')
      .waitFor();
    // The form offers photos of the returned goods (return-photos.e2e.ts adds some), then the return.
    await page.getByTestId('return-saved-photos').waitFor();
    expect(await text('return-saved-total')).toBe('₹825.00');
    await page.getByTestId('return-wizard-view').click();

    // The saved return opens: auto-approved, and refunded at once by its credit note (spec part 3),
    // which reads "Credit note issued": no money came back yet (issue 38).
    await page.getByTestId('return-detail').waitFor();
    expect(await text('return-detail-status')).toBe('Credit note issued');
    expect(await text('return-detail-total')).toBe('₹825.00');
    expect(await text('return-detail-refunded')).toBe('₹825.00');
    expect(await text('return-detail-approval')).toContain('Auto-approved on creation');
    await page
      .getByTestId('return-detail-credit-notes')
      .getByText('₹825.00 left of ₹825.00')
      .waitFor();
    await page.getByTestId('return-approve').waitFor({ state: 'detached' });
    await page.getByTestId('return-complete').waitFor({ state: 'detached' });
    await screenshot(page, 'vendor-returns-detail-laptop');
    await page.keyboard.press('Escape');

    const row = page.getByRole('row', { name: /Shree Ganesh Cement/ });
    await row.waitFor();
    const rowText = (await row.textContent()) ?? '';
    // Settled by a credit note only: "Credit note issued", not "Refunded" (issue 38).
    for (const part of ['OPC Cement 53 grade', '₹825.00', 'Credit note', 'Credit note issued'])
      expect(rowText).toContain(part);
    await screenshot(page, 'vendor-returns-list-laptop');

    // The credit notes tab shows the note with its full balance.
    await page.getByTestId('returns-tab-credit-notes').click();
    const notes = await api<{ items: CreditNoteRow[] }>(
      baseUrl,
      account,
      'GET',
      '/vendor_credit_notes',
    );
    expect(notes.items).toHaveLength(1);
    ids.note = notes.items[0]?.id ?? '';
    await page.getByTestId(`credit-note-balance-${ids.note}`).getByText('₹825.00').waitFor();
    expect(await text(`credit-note-status-${ids.note}`)).toBe('Active');
    await screenshot(page, 'vendor-returns-credit-notes-laptop');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('shows the credit note balance and status after payments use it', async () => {
    await api(baseUrl, account, 'POST', '/payments', {
      vendor: ids.vendor,
      amount: 500,
      payment_date: '2026-11-20',
      delivery_allocations: [{ delivery: ids.delivery, amount: 500 }],
      credit_note_allocations: [{ credit_note: ids.note, amount: 500 }],
    });
    await page.reload();
    await page.getByTestId(`credit-note-balance-${ids.note}`).getByText('₹325.00').waitFor();
    expect(await text(`credit-note-status-${ids.note}`)).toBe('Active');

    await api(baseUrl, account, 'POST', '/payments', {
      vendor: ids.vendor,
      amount: 325,
      payment_date: '2026-11-21',
      delivery_allocations: [{ delivery: ids.delivery, amount: 325 }],
      credit_note_allocations: [{ credit_note: ids.note, amount: 325 }],
    });
    await page.reload();
    await page.getByTestId(`credit-note-balance-${ids.note}`).getByText('₹0.00').waitFor();
    expect(await text(`credit-note-status-${ids.note}`)).toBe('Fully used');

    // A used note cannot be deleted: the server's message is shown.
    await page.getByTestId(`credit-note-delete-${ids.note}`).click();
    await page.getByTestId('credit-note-delete-dialog-confirm').click();
    await page.getByTestId('credit-note-delete-dialog-error').waitFor();
    await screenshot(page, 'vendor-returns-credit-note-used');
    await page.getByTestId('credit-note-delete-dialog-cancel').click();

    // A standalone credit note: added, listed with its full balance, then deleted while unused.
    await page.getByTestId('credit-note-add').click();
    await page.getByTestId('credit-note-form-submit').click();
    await page.getByText('Choose the vendor', { exact: true }).waitFor();
    await chooseIn(page, 'credit-note-vendor', 'Shree Ganesh');
    await page.getByTestId('credit-note-amount').fill('1,500.50');
    await page.getByTestId('credit-note-reference').fill('CN-SGC-09');
    await page.getByTestId('credit-note-expiry').fill('2026-12-31');
    await screenshot(page, 'vendor-returns-credit-note-form');
    await page.getByTestId('credit-note-form-submit').click();
    await page.getByTestId('toast-success').getByText('Credit note of ₹1,500.50 added').waitFor();
    const standalone = page.getByRole('row', { name: /CN-SGC-09/ });
    await standalone.getByText('₹1,500.50').first().waitFor();
    expect(await standalone.textContent()).toContain('31 Dec 2026');
    await standalone.getByRole('button').click();
    await page.getByTestId('credit-note-delete-dialog-confirm').click();
    await page.getByTestId('toast-success').getByText('Credit note deleted').waitFor();
    await standalone.waitFor({ state: 'detached' });
    expect(problems.errors).toEqual([]);
  });

  it('completes a return, records a money refund and refuses to delete it', async () => {
    const account_ = await api<{ id: string }>(baseUrl, account, 'POST', '/accounts', {
      name: 'HDFC Current',
      type: 'bank',
      opening_balance: 10000,
    });
    const returnable = await api<{ items: { delivery_item: string }[] }>(
      baseUrl,
      account,
      'GET',
      `/returnable_items?vendor=${ids.vendor}`,
    );
    const line = returnable.items[0]?.delivery_item ?? '';
    await api(baseUrl, account, 'POST', '/vendor_returns', {
      vendor: ids.vendor,
      return_date: '2026-11-21',
      reason: 'excess_delivery',
      items: [
        { delivery_item: line, quantity_returned: 1, return_rate: 400, condition: 'unopened' },
      ],
    });
    await open(1366, 768);
    await page.goto(`${baseUrl}/vendor-returns`);
    await page.getByRole('row', { name: /Excess delivery/ }).click();
    await page.getByTestId('return-detail').waitFor();
    expect(await text('return-detail-status')).toBe('Approved');
    await page.getByTestId('return-complete').click();
    await page.getByTestId('toast-success').getByText('Return marked completed').waitFor();
    await page.getByTestId('return-detail-status').getByText('Completed').waitFor();

    await page.getByTestId('return-record-refund').click();
    await page.getByTestId('refund-form').waitFor();
    expect(await page.getByTestId('refund-amount').inputValue()).toBe('400');
    await page.getByTestId('refund-account').selectOption(account_.id);
    await page.getByTestId('refund-method').selectOption('bank_transfer');
    await page.getByTestId('refund-amount').fill('450');
    await page.getByTestId('refund-form-submit').click();
    await page.getByTestId('refund-form-error').waitFor();
    await page.getByTestId('refund-amount').fill('400');
    await page.getByTestId('refund-reference').fill('NEFT-88121');
    await screenshot(page, 'vendor-returns-refund-laptop');
    await page.getByTestId('refund-form-submit').click();
    await page.getByTestId('toast-success').getByText('Refund of ₹400.00 recorded').waitFor();
    await page.getByTestId('return-detail-status').getByText('Refunded').waitFor();
    await page
      .getByTestId('return-detail-refunds')
      .getByText('NEFT-88121', { exact: false })
      .waitFor();

    await page.getByTestId('return-delete').click();
    await page.getByTestId('return-delete-dialog-confirm').click();
    await page
      .getByTestId('return-delete-dialog-error')
      .getByText('Cannot delete a return that has refunds or credit notes')
      .waitFor();
    await page.getByTestId('return-delete-dialog-cancel').click();
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('looks finished on phones and laptops, light and dark', async () => {
    for (const [width, height, theme, tag] of [
      [390, 844, 'light', 'phone'],
      [390, 844, 'dark', 'phone-dark'],
      [1366, 768, 'dark', 'laptop-dark'],
    ] as const) {
      await open(width, height, theme);
      await page.goto(`${baseUrl}/vendor-returns`);
      await page.getByTestId('returns-table').getByText('Shree Ganesh Cement').first().waitFor();
      await screenshot(page, `vendor-returns-list-${tag}`);
      // The same page goes on to the form: its list was what the form opens from.
      await walkToStep(tag);
      await page.getByTestId('return-wizard-next').click();
      await page.getByTestId('return-reason').selectOption('quality_issue');
      await page.getByTestId('return-wizard-next').click();
      await page.getByTestId('return-refund-split').check();
      await animationsDone(page);
      await screenshot(page, `vendor-returns-step3-${tag}`);
      await page.getByTestId('return-refund-none').check();
      await page.getByTestId('return-wizard-next').click();
      await page.getByTestId('return-review').waitFor();
      await screenshot(page, `vendor-returns-step4-${tag}`);
      expect(problems.errors).toEqual([]);
      expect(problems.missingKeys).toEqual([]);
    }
  });

  it('reverses the GST of a rated line: IGST on the value, and the vendor owes back both', async () => {
    // Site in Maharashtra, vendor in Karnataka: the delivery line (and so the return) is IGST.
    await request(baseUrl, account.token, 'PATCH', `/api/sites/${account.siteId}`, {
      state_code: '27',
    });
    const body = '29AAGCB7383J1Z';
    const vendor = await api<{ id: string }>(baseUrl, account, 'POST', '/vendors', {
      name: 'Bengaluru Tiles',
      gstin: body + gstinCheckChar(body),
    });
    const tile = await api<{ id: string }>(baseUrl, account, 'POST', '/items', {
      name: 'Vitrified tile 600 mm',
      unit: 'box',
      gst_rate: 18,
    });
    await api(baseUrl, account, 'POST', '/deliveries', {
      vendor: vendor.id,
      delivery_date: '2026-11-03',
      delivery_reference: 'BT-118',
      delivery_items: [{ item: tile.id, quantity: 10, unit_price: 61.37 }],
    });

    await open(390, 844);
    await page.goto(`${baseUrl}/vendor-returns`);
    await page.getByTestId('return-add').click();
    await page.getByTestId('return-wizard').waitFor();
    await chooseIn(page, 'return-vendor', 'Bengaluru Tiles');
    await page.getByTestId('return-line-0-select').check();
    await page.getByTestId('return-line-0-quantity').fill('3');
    await page.getByTestId('return-line-0-condition').selectOption('damaged');
    // 3 × 61.37 = 184.11; IGST 18 % = 33.1398 → 33.14; to get back 217.25.
    await page.getByTestId('return-line-0-amount').getByText('₹184.11').waitFor();
    expect(await text('return-line-0-gst')).toBe('+ GST 18 %: ₹33.14');
    expect(await text('return-wizard-total')).toBe('₹217.25');
    await page.getByTestId('return-wizard-next').click();
    await page.getByTestId('return-reason').selectOption('damaged');
    await page.getByTestId('return-wizard-next').click();

    // The credit note proposes value + GST and may not pass it.
    await page.getByTestId('return-refund-credit').check();
    expect(await page.getByTestId('return-refund-amount').inputValue()).toBe('217.25');
    await page.getByTestId('return-refund-amount').fill('217.26');
    await page.getByTestId('return-wizard-next').click();
    await page
      .getByText('The refund cannot be more than the amount to get back (₹217.25)')
      .waitFor();
    await page.getByTestId('return-refund-amount').fill('217.25');
    await page.getByTestId('return-wizard-next').click();

    await page.getByTestId('return-review').waitFor();
    expect(await text('return-review-total')).toBe('₹184.11');
    expect(await text('return-review-gst')).toBe('₹33.14');
    expect(await text('return-review-owed')).toBe('₹217.25');
    expect(await text('return-review-credit-amount')).toBe('₹217.25');
    await animationsDone(page);
    await screenshot(page, 'vendor-returns-gst-confirm-phone');
    await page.getByTestId('return-wizard-save').click();

    await page.getByTestId('return-saved-photos').waitFor();
    expect(await text('return-saved-total')).toBe('₹184.11');
    expect(await text('return-saved-igst')).toBe('₹33.14');
    expect(await text('return-saved-owed')).toBe('₹217.25');
    await page.getByTestId('return-wizard-view').click();
    await page.getByTestId('return-detail').waitFor();
    expect(await text('return-detail-status')).toBe('Credit note issued');
    expect(await text('return-detail-total')).toBe('₹184.11');
    expect(await text('return-detail-igst')).toBe('₹33.14');
    expect(await text('return-detail-owed')).toBe('₹217.25');
    expect(await text('return-detail-refunded')).toBe('₹217.25');
    await screenshot(page, 'vendor-returns-gst-detail-phone');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });
});
