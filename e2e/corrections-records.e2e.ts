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

interface Tag {
  id: string;
  name: string;
  color: string;
  usage_count: number;
}

/**
 * Issue 18, corrections: a credit note's amount after payments used part of it, a return's
 * quantity before any refund, and a tag renamed, recoloured and deleted — through the screens.
 */
describe('corrections: credit note amount, return quantity before a refund, tag management', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let account: TestAccount;
  const ids = { vendor: '', item: '', delivery: '', note: '', ret: '', cement: '', urgent: '' };

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createAccountWithSite(baseUrl, 'Meera Deshpande');
    const post = <T>(route: string, body: unknown) => api<T>(baseUrl, account, 'POST', route, body);
    ids.cement = (await post<Tag>('/tags', { name: 'Cement', type: 'item_category' })).id;
    await post<Tag>('/tags', { name: 'Steel', type: 'item_category' });
    ids.urgent = (await post<Tag>('/tags', { name: 'Urgent' })).id;
    ids.vendor = (
      await post<{ id: string }>('/vendors', { name: 'Shree Ganesh Cement', tags: [ids.urgent] })
    ).id;
    ids.item = (
      await post<{ id: string }>('/items', {
        name: 'OPC Cement 53 grade',
        unit: 'bag',
        tags: [ids.cement, ids.urgent],
      })
    ).id;
    const delivery = await post<{ id: string; delivery_items: { id: string }[] }>('/deliveries', {
      vendor: ids.vendor,
      delivery_date: '2026-11-02',
      delivery_reference: 'CH-2201',
      delivery_items: [{ item: ids.item, quantity: 10, unit_price: 412.5 }],
    });
    ids.delivery = delivery.id;
    ids.note = (
      await post<{ id: string }>('/vendor_credit_notes', {
        vendor: ids.vendor,
        credit_amount: 1000,
        issue_date: '2026-11-03',
        reference: 'CN-SGC-11',
      })
    ).id;
    // A payment draws ₹300 from the note: the amount may not go below that any more.
    await post('/payments', {
      vendor: ids.vendor,
      amount: 300,
      payment_date: '2026-11-04',
      delivery_allocations: [{ delivery: ids.delivery, amount: 300 }],
      credit_note_allocations: [{ credit_note: ids.note, amount: 300 }],
    });
    ids.ret = (
      await post<{ id: string }>('/vendor_returns', {
        vendor: ids.vendor,
        return_date: '2026-11-05',
        reason: 'damaged',
        items: [
          {
            delivery_item: delivery.delivery_items[0]?.id,
            quantity_returned: 2,
            return_rate: 412.5,
            condition: 'damaged',
          },
        ],
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
  }

  const text = async (testId: string) => (await page.getByTestId(testId).textContent()) ?? '';

  it('corrects a credit note amount: never below what payments used; the balance follows', async () => {
    await open(1366, 768);
    await page.goto(`${baseUrl}/vendor-returns?tab=credit-notes`);
    const row = page.getByTestId(`credit-note-row-${ids.note}`);
    await row.getByText('₹700.00').waitFor();
    await row.click();
    await page.getByTestId('credit-note-form').waitFor();
    expect(await text('credit-note-vendor-name')).toBe('Shree Ganesh Cement');
    expect(await page.getByTestId('credit-note-amount').inputValue()).toBe('1000');
    expect(await text('credit-note-amount-hint')).toContain(
      '₹300.00 already used in payments: the amount cannot go below it.',
    );

    await page.getByTestId('credit-note-amount').fill('250');
    await page.getByTestId('credit-note-form-submit').click();
    await page
      .getByText('The amount cannot be less than the ₹300.00 already used in payments')
      .waitFor();

    await page.getByTestId('credit-note-amount').fill('1,200');
    await page.getByTestId('credit-note-reference').fill('CN-SGC-11A');
    await page.getByText('Balance after saving: ₹900.00.').waitFor();
    await screenshot(page, 'corrections-credit-note-edit-laptop');
    await page.getByTestId('credit-note-form-submit').click();
    await page
      .getByTestId('toast-success')
      .getByText('Credit note saved. Balance ₹900.00')
      .waitFor();
    await page.getByTestId(`credit-note-balance-${ids.note}`).getByText('₹900.00').waitFor();
    expect(await row.textContent()).toContain('CN-SGC-11A');

    const saved = await api<{ credit_amount: number; balance: number; status: string }>(
      baseUrl,
      account,
      'GET',
      `/vendor_credit_notes/${ids.note}`,
    );
    expect(saved).toMatchObject({ credit_amount: 1200, balance: 900, status: 'active' });
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it("corrects a return's quantity before a refund; once refunded it can no longer be edited", async () => {
    await open(1366, 768);
    await page.goto(`${baseUrl}/vendor-returns`);
    await page.getByRole('row', { name: /Shree Ganesh Cement/ }).click();
    await page.getByTestId('return-detail').waitFor();
    expect(await text('return-detail-total')).toBe('₹825.00');
    await page.getByTestId('return-edit-open').click();
    await page.getByTestId('return-edit').waitFor();
    // Its own 2 bags are freed: all 10 delivered may be returned.
    await page.getByTestId('return-edit-line-0-max').getByText('Up to 10 bag').waitFor();
    expect(await page.getByTestId('return-edit-line-0-quantity').inputValue()).toBe('2');

    await page.getByTestId('return-edit-line-0-quantity').fill('11');
    await page.getByTestId('return-edit-submit').click();
    await page.getByText('Only 10 units available for return (0 already returned)').waitFor();

    await page.getByTestId('return-edit-line-0-quantity').fill('3');
    await page
      .getByText('Only 10 units available for return (0 already returned)')
      .waitFor({ state: 'detached' });
    await page.getByTestId('return-edit-line-0-condition').selectOption('opened');
    await page.getByTestId('return-edit-notes').fill('Third bag found torn at the gate');
    expect(await text('return-edit-line-0-amount')).toBe('₹1,237.50');
    expect(await text('return-edit-total')).toBe('₹1,237.50');
    await screenshot(page, 'corrections-return-edit-laptop');
    await page.getByTestId('return-edit-submit').click();
    await page.getByTestId('toast-success').getByText('Return saved. Total ₹1,237.50').waitFor();
    await page.getByTestId('return-detail-total').getByText('₹1,237.50').waitFor();
    await page.getByText('Third bag found torn at the gate').waitFor();

    const returnable = await api<{ items: { available: number }[] }>(
      baseUrl,
      account,
      'GET',
      `/returnable_items?vendor=${ids.vendor}`,
    );
    expect(returnable.items[0]?.available).toBe(7);

    // Refunded: the money is booked against the lines, so Edit is gone.
    await api(baseUrl, account, 'POST', `/vendor_returns/${ids.ret}/refunds`, {
      account: (
        await api<{ id: string }>(baseUrl, account, 'POST', '/accounts', {
          name: 'HDFC Current',
          type: 'bank',
          opening_balance: 5000,
        })
      ).id,
      refund_amount: 1237.5,
      refund_date: '2026-11-06',
      refund_method: 'bank_transfer',
    });
    await page.reload();
    await page.getByRole('row', { name: /Shree Ganesh Cement/ }).click();
    await page.getByTestId('return-detail-status').getByText('Refunded').waitFor();
    expect(await page.getByTestId('return-edit-open').count()).toBe(0);
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('renames and recolours a tag, refuses a taken name, and deletes a tag naming its records', async () => {
    await open(1366, 768);
    await page.goto(`${baseUrl}/items`);
    await page.getByTestId('page-items').getByTestId('manage-tags').click();
    await page.getByTestId('page-tags').waitFor();
    expect(page.url()).toContain('/tags?type=item_category');
    await page.getByTestId(`tag-row-${ids.cement}`).waitFor();
    expect(await page.getByTestId(`tag-row-${ids.urgent}`).count()).toBe(0);
    expect(await text(`tag-usage-${ids.cement}`)).toBe('1 record');

    await page.getByTestId(`tag-edit-${ids.cement}`).click();
    await page.getByTestId('tag-form').waitFor();
    await page.getByTestId('tag-name').fill('Steel');
    await page.getByTestId('tag-form-submit').click();
    await page.getByText('A tag named "Steel" already exists').waitFor();
    await page.getByTestId('tag-name').fill('  OPC cement ');
    await page.getByTestId('tag-color-8b5cf6').click();
    expect(await page.getByRole('radio', { name: 'Colour 13 (#8b5cf6)' }).isChecked()).toBe(true);
    await screenshot(page, 'corrections-tag-edit-laptop');
    await page.getByTestId('tag-form-submit').click();
    await page.getByTestId('toast-success').getByText('Tag “OPC cement” saved').waitFor();
    await page.getByTestId(`tag-row-${ids.cement}`).getByText('OPC cement').waitFor();
    const renamed = await api<Tag>(baseUrl, account, 'GET', `/tags/${ids.cement}`);
    expect(renamed).toMatchObject({ name: 'OPC cement', color: '#8b5cf6', usage_count: 1 });
    await screenshot(page, 'corrections-tags-laptop');

    // All kinds: the custom tag "Urgent" is on the item and the vendor.
    await page.getByTestId('tags-filter-type').selectOption('');
    const urgent = page.getByTestId(`tag-row-${ids.urgent}`);
    await urgent.waitFor();
    expect(await text(`tag-usage-${ids.urgent}`)).toBe('2 records');
    await page.getByTestId(`tag-delete-${ids.urgent}`).click();
    await page
      .getByTestId('tag-delete-dialog')
      .getByText(
        '2 records use this tag. The tag will be removed from them; the records themselves stay.',
      )
      .waitFor();
    await screenshot(page, 'corrections-tag-delete-laptop');
    await page.getByTestId('tag-delete-dialog-confirm').click();
    await page.getByTestId('toast-success').getByText('Tag “Urgent” deleted').waitFor();
    await urgent.waitFor({ state: 'detached' });
    const item = await api<{ tags: string[] }>(baseUrl, account, 'GET', `/items/${ids.item}`);
    expect(item.tags).toEqual([ids.cement]);
    const vendor = await api<{ tags: string[] }>(baseUrl, account, 'GET', `/vendors/${ids.vendor}`);
    expect(vendor.tags).toEqual([]);

    // The item list shows the renamed tag in its new colour; Services links here too.
    await page.goto(`${baseUrl}/items`);
    await page
      .getByTestId(`item-row-${ids.item}`)
      .getByText('OPC cement', { exact: true })
      .waitFor();
    await page.goto(`${baseUrl}/services`);
    await page.getByTestId('manage-tags').click();
    await page.getByTestId('page-tags').waitFor();
    expect(page.url()).toContain('/tags?type=service_category');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('looks finished on a phone', async () => {
    await open(390, 844);
    await page.goto(`${baseUrl}/tags`);
    await page.getByTestId('page-tags').getByText('OPC cement').first().waitFor();
    await screenshot(page, 'corrections-tags-phone');
    await page.getByTestId(`tag-edit-${ids.cement}`).click();
    await page.getByTestId('tag-form').waitFor();
    await animationsDone(page);
    await screenshot(page, 'corrections-tag-edit-phone');
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl}/vendor-returns?tab=credit-notes`);
    await page.getByTestId(`credit-note-row-${ids.note}`).first().click();
    await page.getByTestId('credit-note-form').waitFor();
    await animationsDone(page);
    await screenshot(page, 'corrections-credit-note-edit-phone');
    await page.keyboard.press('Escape');

    // A second return of the same line, not refunded: its edit form on a phone.
    const lines = await api<{ items: { delivery_item: string }[] }>(
      baseUrl,
      account,
      'GET',
      `/returnable_items?vendor=${ids.vendor}`,
    );
    await api(baseUrl, account, 'POST', '/vendor_returns', {
      vendor: ids.vendor,
      return_date: '2026-11-07',
      reason: 'excess_delivery',
      items: [
        {
          delivery_item: lines.items[0]?.delivery_item,
          quantity_returned: 1,
          return_rate: 412.5,
          condition: 'unopened',
        },
      ],
    });
    await page.goto(`${baseUrl}/vendor-returns`);
    await page.getByTestId('returns-table').getByText('Excess delivery').first().click();
    await page.getByTestId('return-edit-open').click();
    await page.getByTestId('return-edit-line-0-max').getByText('Up to 7 bag').waitFor();
    await animationsDone(page);
    await screenshot(page, 'corrections-return-edit-phone');
    await page.keyboard.press('Escape');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });
});
