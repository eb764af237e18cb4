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

/** A real 8×8 PNG (the server checks the content, not the name). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGN4FcGDFTEMLQkA2ChTgRAntrQAAAAASUVORK5CYII=',
  'base64',
);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

describe('vendors: list, GSTIN, detail, files, edit and delete', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let account: TestAccount;
  let vendorId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createAccountWithSite(baseUrl, 'Meera Kulkarni');
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

  it('refuses a bad GSTIN, then adds the vendor with an uppercased one and a specialty', async () => {
    await open(1366, 768);
    await page.goto(`${baseUrl}/vendors`);
    await page.getByTestId('vendors-table-empty').waitFor();
    await page.getByTestId('vendor-add').click();
    const dialog = page.getByTestId('vendor-form');
    await dialog.waitFor();
    await page.getByTestId('vendor-form-submit').click();
    await dialog.getByText('Name is required').waitFor();

    await page.getByTestId('vendor-name').fill('Sharma Building Materials');
    await page.getByTestId('vendor-gstin').pressSequentially('27aapfu0939f1z');
    expect(await page.getByTestId('vendor-gstin').inputValue()).toBe('27AAPFU0939F1Z');
    await page.getByTestId('vendor-form-submit').click();
    await dialog.getByText('Enter a valid 15-character GSTIN, e.g. 27AAPFU0939F1ZV').waitFor();
    // The right shape with a typo: the check character catches it.
    await page.getByTestId('vendor-gstin').pressSequentially('5');
    await page.getByTestId('vendor-form-submit').click();
    await dialog
      .getByText('This GSTIN’s last character does not match the rest — check it for a typo')
      .waitFor();
    await page.getByTestId('vendor-gstin').fill('');
    await page.getByTestId('vendor-gstin').pressSequentially('27aapfu0939f1zv');
    expect(await page.getByTestId('vendor-gstin').inputValue()).toBe('27AAPFU0939F1ZV');

    await page.getByTestId('vendor-company').fill('Sharma Traders Pvt. Ltd.');
    await page.getByTestId('vendor-contact').fill('Ramesh Sharma');
    await page.getByTestId('vendor-phone').fill('+91 98450 12345');
    await page.getByTestId('vendor-email').fill('Accounts@SharmaTraders.in');
    await page.getByTestId('vendor-address').fill('Shop 14, Market Yard Road, Pune 411037');
    await page
      .getByTestId('vendor-payment-details')
      .fill('HDFC Bank A/c 50100123456789, IFSC HDFC0001234\nUPI sharmatraders@okhdfc');
    await page.getByTestId('vendor-tags-open').click();
    await page.getByTestId('vendor-tags-search').fill('Cement');
    await page.getByTestId('vendor-tags-create').click();
    await page.getByTestId('vendor-tags').getByText('Cement').waitFor();
    await page.keyboard.press('Escape');
    await screenshot(page, 'vendors-form-laptop');
    await page.getByTestId('vendor-form-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByTestId('toast-success')
      .getByText('Vendor “Sharma Building Materials” added')
      .waitFor();

    const row = page.getByRole('row', { name: /Sharma Building Materials/ });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('Sharma Traders Pvt. Ltd.');
    expect(text).toContain('+91 98450 12345');
    expect(text).toContain('Cement');
    expect(text).toContain('₹0.00');

    const list = await api<{ items: { id: string; gstin: string; email: string }[] }>(
      baseUrl,
      account,
      'GET',
      '/vendors',
    );
    expect(list.items[0]?.gstin).toBe('27AAPFU0939F1ZV');
    expect(list.items[0]?.email).toBe('accounts@sharmatraders.in');
    vendorId = list.items[0]?.id ?? '';
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('searches, filters by specialty and highlights what is owed', async () => {
    const steel = await api<{ id: string }>(baseUrl, account, 'POST', '/tags', {
      name: 'Steel',
      type: 'specialty',
    });
    const other = await api<{ id: string }>(baseUrl, account, 'POST', '/vendors', {
      name: 'Balaji Steel Centre',
      contact_person: 'Venkat Rao',
      phone: '080 2233 4455',
      tags: [steel.id],
    });
    const item = await api<{ id: string }>(baseUrl, account, 'POST', '/items', {
      name: 'OPC Cement 53 grade',
      unit: 'bag',
    });
    await api(baseUrl, account, 'POST', '/deliveries', {
      vendor: vendorId,
      delivery_date: '2025-06-02',
      delivery_reference: 'INV-2041',
      delivery_items: [{ item: item.id, quantity: 120, unit_price: 385 }],
    });
    await page.goto(`${baseUrl}/vendors`);
    const owed = page.getByTestId(`vendor-row-${vendorId}`);
    await owed.getByText('₹46,200.00').waitFor();
    expect(await owed.locator('[data-owed]').count()).toBe(1);
    expect(await page.getByTestId(`vendor-row-${other.id}`).locator('[data-owed]').count()).toBe(0);

    await page.getByTestId('vendors-filter-tag').selectOption(steel.id);
    await page.getByTestId('pagination-range').getByText('1–1 of 1').waitFor();
    await page.getByTestId(`vendor-row-${other.id}`).waitFor();
    await page.getByTestId('vendors-toolbar-clear').click();
    await page.getByTestId('vendors-toolbar-search').fill('27AAPFU');
    await page.getByTestId('pagination-range').getByText('1–1 of 1').waitFor();
    await owed.waitFor();
    await page.getByTestId('vendors-toolbar-clear').click();
    await page.getByTestId('pagination-range').getByText('1–2 of 2').waitFor();
    await screenshot(page, 'vendors-list-laptop');
  });

  it('opens the detail with figures and deliveries, uploads a PNG and edits', async () => {
    // The phone cell is a tel: link; open the row from its name.
    await page.getByTestId(`vendor-row-${vendorId}`).getByText('Sharma Building Materials').click();
    await page.waitForURL(new RegExp(`/vendors/${vendorId}$`));
    await page.getByRole('heading', { name: 'Sharma Building Materials' }).waitFor();
    await page.getByTestId('vendor-summary-billed-value').getByText('₹46,200.00').waitFor();
    expect(await page.getByTestId('vendor-summary-outstanding-value').textContent()).toBe(
      '₹46,200.00',
    );
    expect(await page.getByTestId('vendor-summary-paid-value').textContent()).toBe('₹0.00');
    await page.getByTestId('vendor-gstin-value').getByText('27AAPFU0939F1ZV').waitFor();
    // State and PAN derived from the GSTIN (issue 23).
    await page.getByTestId('vendor-pan-value').getByText('AAPFU0939F').waitFor();
    expect(await page.getByTestId('vendor-phone-link').getAttribute('href')).toBe(
      'tel:+919845012345',
    );
    const delivery = page.getByTestId('vendor-deliveries-table');
    await delivery.getByText('INV-2041').waitFor();
    expect(await delivery.textContent()).toContain('Pending');
    await page.getByTestId('vendor-bookings-table-empty').waitFor();

    await page.getByTestId('vendor-files-upload-input').setInputFiles({
      name: 'gst-certificate.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await page
      .getByTestId('vendor-files-upload-entry')
      .and(page.locator('[data-status="done"]'))
      .waitFor();
    await page.getByTestId('vendor-files-photos-item').first().waitFor();
    await page.getByTestId('vendor-files-photos').locator('img').first().waitFor();
    // Vendors also keep PDFs (bills, GST certificates): listed as documents, downloaded with auth.
    await page.getByTestId('vendor-files-upload-input').setInputFiles({
      name: 'bill.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    const pdf = page.getByTestId('vendor-file-pdf');
    await pdf.getByText('Document 1').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      pdf.getByRole('button', { name: 'Download Document 1' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Sharma-Building-Materials-1.pdf');
    const stored = await api<{ files: string[] }>(baseUrl, account, 'GET', `/vendors/${vendorId}`);
    expect(stored.files).toHaveLength(2);
    expect(stored.files.filter((name) => name.endsWith('.pdf'))).toHaveLength(1);

    await page.getByTestId('vendor-detail-edit').click();
    await page.getByTestId('vendor-form').waitFor();
    expect(await page.getByTestId('vendor-gstin').inputValue()).toBe('27AAPFU0939F1ZV');
    await page.getByTestId('vendor-phone').fill('+91 99700 11223');
    await page.getByTestId('vendor-form-submit').click();
    await page.getByTestId('vendor-form').waitFor({ state: 'detached' });
    await page.getByTestId('vendor-phone-link').getByText('+91 99700 11223').waitFor();
    await screenshot(page, 'vendor-detail-laptop');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('refuses to delete a vendor in use and deletes an unused one', async () => {
    await page.getByTestId('vendor-detail-delete').click();
    await page.getByTestId('vendor-delete-dialog-confirm').click();
    await page
      .getByTestId('vendor-delete-dialog-error')
      .getByText('Cannot delete: other records still use this vendor')
      .waitFor();
    await page.getByTestId('vendor-delete-dialog-cancel').click();
    await page.getByTestId('vendor-delete-dialog').waitFor({ state: 'detached' });

    const spare = await api<{ id: string }>(baseUrl, account, 'POST', '/vendors', {
      name: 'Kaveri Sand Suppliers',
    });
    await page.goto(`${baseUrl}/vendors/${spare.id}`);
    await page.getByRole('heading', { name: 'Kaveri Sand Suppliers' }).waitFor();
    await page.getByTestId('vendor-deliveries-table-empty').waitFor();
    await page.getByTestId('vendor-detail-delete').click();
    await page.getByTestId('vendor-delete-dialog-confirm').click();
    await page.waitForURL(/\/vendors$/);
    await page
      .getByTestId('toast-success')
      .getByText('Vendor “Kaveri Sand Suppliers” deleted')
      .waitFor();
    await page.getByTestId(`vendor-row-${vendorId}`).waitFor();
    expect(await page.getByTestId(`vendor-row-${spare.id}`).count()).toBe(0);

    await page.goto(`${baseUrl}/vendors/${spare.id}`);
    await page.getByTestId('vendor-not-found').getByText('Vendor not found').waitFor();
    expect(problems.errors).toEqual([]);
  });

  it('looks finished on a phone and a laptop, light and dark', async () => {
    for (const theme of ['light', 'dark'] as const) {
      await open(390, 844, theme);
      await page.goto(`${baseUrl}/vendors`);
      await page.getByTestId(`vendor-row-${vendorId}`).waitFor();
      expect(await page.locator('table').count()).toBe(0);
      expect(await page.getByTestId(`vendor-call-${vendorId}`).getAttribute('href')).toBe(
        'tel:+919970011223',
      );
      await screenshot(page, `vendors-list-phone-${theme}`);
      await page
        .getByTestId(`vendor-row-${vendorId}`)
        .getByText('Sharma Building Materials')
        .click();
      await page.getByTestId('vendor-files-photos').locator('img').first().waitFor();
      await page.getByTestId('vendor-deliveries-table').getByText('INV-2041').waitFor();
      await screenshot(page, `vendor-detail-phone-${theme}`);
    }
    await open(1366, 768, 'dark');
    await page.goto(`${baseUrl}/vendors`);
    await page.locator('tbody tr').first().waitFor();
    await screenshot(page, 'vendors-list-laptop-dark');
    await page.goto(`${baseUrl}/vendors/${vendorId}`);
    await page.getByTestId('vendor-files-photos').locator('img').first().waitFor();
    await screenshot(page, 'vendor-detail-laptop-dark');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });
});
