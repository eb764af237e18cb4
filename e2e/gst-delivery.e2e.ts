/**
 * GST on a bill (issue 23, API.md "GST"): the owner gives the site its GSTIN (Maharashtra, 27), adds
 * a Karnataka vendor by GSTIN and two items with default rates 18 % and 28 %, then records an
 * inter-state delivery with one line of each. The form, its review and the saved delivery show IGST
 * per rate to the paisa (split per line, half away from zero), and the bill's total is its taxable
 * value plus IGST (no round-off). Screenshots at 1280 and 390 px go to /tmp/gst-*.png.
 */
import { parseGstin } from '@siteledger/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithSite, storeSession, type TestAccount } from './support/accounts';
import { launchBrowser, newContext, watchPage, type PageProblems } from './support/browser';
import { api } from './support/http';
import { animationsDone } from './support/layout';
import { chooseIn, pickerShows } from './support/pickers';
import { workerServer } from './support/worker';

const SITE_GSTIN = '27AAPFU0939F1ZV';
const VENDOR_GSTIN = '29AAGCB7383J1Z4';

/*
 * Line 1: 125.5 bags × ₹385.50 = ₹48,380.25 at 18 % → IGST ₹8,708.445 → ₹8,708.45.
 * Line 2: 2.75 t × ₹6,400.00 = ₹17,600.00 at 28 % → IGST ₹4,928.00.
 * Taxable ₹65,980.25 + IGST ₹13,636.45 = ₹79,616.70.
 */
const FIGURES = {
  taxable18: '₹48,380.25',
  igst18: '₹8,708.45',
  taxable28: '₹17,600.00',
  igst28: '₹4,928.00',
  taxable: '₹65,980.25',
  igst: '₹13,636.45',
  total: '₹79,616.70',
};

interface DeliveryRead {
  id: string;
  place_of_supply: string | null;
  supplier_invoice_number: string | null;
  supplier_invoice_date: string | null;
  items_total: number;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
  tax_amount: number;
  total_amount: number;
  delivery_items: { gst_rate: number | null; igst_amount: number; cgst_amount: number }[];
}

async function shot(page: Page, name: string, fullPage = false) {
  await animationsDone(page);
  await page.screenshot({ path: `/tmp/gst-${name}.png`, fullPage });
}

const text = (page: Page, testId: string) => page.getByTestId(testId).innerText();

describe('GST: an inter-state delivery with two rates', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  let problems: PageProblems;
  let owner: TestAccount;
  let deliveryId = '';

  async function open(width: number) {
    await context?.close();
    context = await newContext(browser, { width, height: width < 600 ? 844 : 800 });
    page = await context.newPage();
    problems = watchPage(page);
    await page.goto(`${baseUrl}/login`);
    await storeSession(page, owner, owner.siteId);
  }

  beforeAll(async () => {
    // Real GSTINs by their check characters (the server refuses any other).
    expect(parseGstin(SITE_GSTIN)).toMatchObject({ ok: true, stateCode: '27' });
    expect(parseGstin(VENDOR_GSTIN)).toMatchObject({ ok: true, stateCode: '29' });
    browser = await launchBrowser();
    owner = await createAccountWithSite(baseUrl, 'Meera Kulkarni');
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('sets the site’s GSTIN: the state follows it, input tax stays added to cost', async () => {
    await open(1280);
    await page.goto(`${baseUrl}/settings`);
    await page.getByTestId('settings-site-edit').click();
    await page.getByTestId('manage-site').waitFor();
    await page.getByTestId('manage-site-gstin').pressSequentially(SITE_GSTIN.toLowerCase());
    expect(await page.getByTestId('manage-site-gstin').inputValue()).toBe(SITE_GSTIN);
    const state = page.getByTestId('manage-site-state');
    expect(await state.inputValue()).toBe('27');
    expect(await state.isDisabled()).toBe(true);
    expect(await page.getByTestId('manage-site-input-tax-cost').isChecked()).toBe(true);
    await page.getByTestId('manage-site-gst').scrollIntoViewIfNeeded();
    await shot(page, 'site-settings-1280');
    await page.getByTestId('manage-site-submit').click();
    await page.getByTestId('manage-site').waitFor({ state: 'detached' });
    await page.getByTestId('settings-site-gstin').filter({ hasText: SITE_GSTIN }).waitFor();
    expect(await text(page, 'settings-site-state')).toBe('27 · Maharashtra');
    // The PAN is derived from the GSTIN (characters 3–12).
    expect(await text(page, 'settings-site-pan')).toBe('AAPFU0939F');
    expect(await text(page, 'settings-site-input-tax')).toContain('Added to cost');

    const site = await api<{ gstin: string; state_code: string; input_tax_mode: string }>(
      baseUrl,
      owner,
      'GET',
      '',
    );
    expect(site).toMatchObject({ gstin: SITE_GSTIN, state_code: '27', input_tax_mode: 'cost' });
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('adds a Karnataka vendor by GSTIN and two items with their GST rates', async () => {
    await page.goto(`${baseUrl}/vendors`);
    await page.getByTestId('vendor-add').click();
    await page.getByTestId('vendor-form').waitFor();
    await page.getByTestId('vendor-name').fill('Bharat Steel Traders');
    // Without a GSTIN: unregistered, the state chosen by hand.
    expect(await page.getByTestId('vendor-registration').inputValue()).toBe('unregistered');
    expect(await page.getByTestId('vendor-state').isDisabled()).toBe(false);
    await page.getByTestId('vendor-gstin').pressSequentially(VENDOR_GSTIN);
    expect(await page.getByTestId('vendor-state').inputValue()).toBe('29');
    expect(await page.getByTestId('vendor-state').isDisabled()).toBe(true);
    expect(await page.getByTestId('vendor-registration').inputValue()).toBe('regular');
    await page.getByTestId('vendor-registration').scrollIntoViewIfNeeded();
    await shot(page, 'vendor-form-1280');
    await page.getByTestId('vendor-form-submit').click();
    await page.getByTestId('vendor-form').waitFor({ state: 'detached' });

    const vendors = await api<{
      items: { name: string; state_code: string; registration_type: string }[];
    }>(baseUrl, owner, 'GET', '/vendors');
    expect(vendors.items).toEqual([
      expect.objectContaining({
        name: 'Bharat Steel Traders',
        state_code: '29',
        registration_type: 'regular',
      }),
    ]);

    for (const [name, unit, hsn, rate] of [
      ['OPC Cement 53 grade', 'bag', '2523', '28'],
      // Tonnes: the form offers MT (issue 38: ton and MT are one unit, shown once).
      ['TMT Steel Fe 500', 'MT', '7214', '18'],
    ] as const) {
      await page.goto(`${baseUrl}/items`);
      await page.getByTestId('item-add').click();
      await page.getByTestId('item-form').waitFor();
      await page.getByTestId('item-name').fill(name);
      await page.getByTestId('item-unit').selectOption(unit);
      await page.getByTestId('item-hsn').fill(hsn);
      await page.getByTestId('item-gst-rate').selectOption(rate);
      if (rate === '18') await shot(page, 'item-form-1280');
      await page.getByTestId('item-form-submit').click();
      await page.getByTestId('item-form').waitFor({ state: 'detached' });
    }
    const items = await api<{ items: { name: string; hsn_code: string; gst_rate: number }[] }>(
      baseUrl,
      owner,
      'GET',
      '/items',
    );
    const byName = [...items.items].sort((a, b) => a.name.localeCompare(b.name));
    expect(byName.map((item) => [item.name, item.hsn_code, item.gst_rate])).toEqual([
      ['OPC Cement 53 grade', '2523', 28],
      ['TMT Steel Fe 500', '7214', 18],
    ]);
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  /** Step 1 and 2 of the wizard: the vendor, the invoice, and the two lines. */
  async function fillDelivery() {
    await page.goto(`${baseUrl}/deliveries`);
    await page.getByTestId('delivery-add').click();
    await page.getByTestId('delivery-wizard').waitFor();
    await chooseIn(page, 'delivery-vendor', 'Bharat');
    await pickerShows(page, 'delivery-vendor', 'Bharat Steel Traders');
    await page.getByTestId('delivery-date').fill('2025-06-10');
    await page.getByTestId('delivery-reference').fill('CH-4471');
    await page.getByTestId('delivery-invoice-number').fill('KA/2025-26/0918');
    await page.getByTestId('delivery-invoice-date').fill('2025-06-09');
    // The place of supply starts as the site's state.
    await expect.poll(() => page.getByTestId('delivery-place-of-supply').inputValue()).toBe('27');
    await shot(page, `form-info-${page.viewportSize()?.width ?? 0}`);
    await page.getByTestId('delivery-wizard-next').click();

    await page.getByTestId('delivery-line-0').waitFor();
    await chooseIn(page, 'delivery-line-0-item', 'OPC Cement');
    // The item's own rate is the line's.
    expect(await page.getByTestId('delivery-line-0-rate').inputValue()).toBe('28');
    await page.getByTestId('delivery-line-0-quantity').fill('125.5');
    await page.getByTestId('delivery-line-0-price').fill('385.50');
    // A line changed by hand: the cement at 18 % instead (the item says 28 %).
    await page.getByTestId('delivery-line-0-rate').selectOption('18');
    await page.getByTestId('delivery-line-add').click();
    await chooseIn(page, 'delivery-line-1-item', 'TMT Steel');
    expect(await page.getByTestId('delivery-line-1-rate').inputValue()).toBe('18');
    await page.getByTestId('delivery-line-1-rate').selectOption('28');
    await page.getByTestId('delivery-line-1-quantity').fill('2.75');
    await page.getByTestId('delivery-line-1-price').fill('6400');
    await page.getByTestId('delivery-line-0-gst').getByText(`+ ${FIGURES.igst18} GST`).waitFor();
    await page.getByTestId('delivery-line-1-gst').getByText(`+ ${FIGURES.igst28} GST`).waitFor();
  }

  it('records the delivery: IGST per rate on the form and the review, to the paisa', async () => {
    await fillDelivery();
    // A bill with rates has no tax field: its tax is the lines'.
    expect(await page.getByTestId('delivery-tax').count()).toBe(0);
    expect(await text(page, 'delivery-tax-from-lines')).toContain(FIGURES.igst);
    expect(await text(page, 'delivery-gst-by-rate-18-taxable')).toBe(FIGURES.taxable18);
    expect(await text(page, 'delivery-gst-by-rate-18-igst')).toBe(FIGURES.igst18);
    expect(await text(page, 'delivery-gst-by-rate-28-taxable')).toBe(FIGURES.taxable28);
    expect(await text(page, 'delivery-gst-by-rate-28-igst')).toBe(FIGURES.igst28);
    expect(await text(page, 'delivery-gst-by-rate-total-igst')).toBe(FIGURES.igst);
    // Inter-state: no CGST or SGST column.
    expect(await page.getByTestId('delivery-gst-by-rate-total-cgst').count()).toBe(0);
    expect(await text(page, 'delivery-wizard-total')).toContain(FIGURES.total);
    await page.getByTestId('delivery-gst-by-rate').scrollIntoViewIfNeeded();
    await shot(page, 'form-totals-1280');

    await page.getByTestId('delivery-wizard-next').click();
    await page.getByTestId('delivery-review').waitFor();
    expect(await text(page, 'delivery-review-place')).toBe('27 · Maharashtra');
    expect(await text(page, 'delivery-review-invoice')).toBe('KA/2025-26/0918 · 9 Jun 2025');
    expect(await text(page, 'delivery-review-gst-by-rate-18-igst')).toBe(FIGURES.igst18);
    expect(await text(page, 'delivery-review-gst-by-rate-28-igst')).toBe(FIGURES.igst28);
    expect(await text(page, 'delivery-review-totals-items')).toBe(FIGURES.taxable);
    expect(await text(page, 'delivery-review-totals-igst')).toBe(FIGURES.igst);
    expect(await page.getByTestId('delivery-review-totals-tax').count()).toBe(0);
    expect(await text(page, 'delivery-review-totals-total')).toBe(FIGURES.total);
    await page.getByTestId('delivery-review-totals').scrollIntoViewIfNeeded();
    await shot(page, 'review-1280');

    await page.getByTestId('delivery-wizard-save').click();
    await page.getByTestId('delivery-saved').waitFor();
    const list = await api<{ items: DeliveryRead[] }>(baseUrl, owner, 'GET', '/deliveries');
    expect(list.items).toHaveLength(1);
    const saved = await api<DeliveryRead>(
      baseUrl,
      owner,
      'GET',
      `/deliveries/${list.items[0]?.id ?? ''}?expand=delivery_items`,
    );
    deliveryId = saved.id;
    // The server's figures are the preview's: IGST only, total = taxable + IGST.
    expect(saved).toMatchObject({
      place_of_supply: '27',
      supplier_invoice_number: 'KA/2025-26/0918',
      supplier_invoice_date: '2025-06-09',
      items_total: 65_980.25,
      cgst_amount: 0,
      sgst_amount: 0,
      igst_amount: 13_636.45,
      tax_amount: 13_636.45,
      total_amount: 79_616.7,
    });
    expect(saved.delivery_items.map((line) => [line.gst_rate, line.igst_amount])).toEqual([
      [18, 8_708.45],
      [28, 4_928],
    ]);
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('shows the bill’s invoice, place of supply, each line’s IGST and the tax by rate', async () => {
    await page.goto(`${baseUrl}/deliveries/${deliveryId}`);
    await page.getByTestId('delivery-detail-gst').waitFor();
    expect(await text(page, 'delivery-detail-invoice')).toBe('KA/2025-26/0918 · 9 Jun 2025');
    expect(await text(page, 'delivery-detail-place')).toBe('27 · Maharashtra');
    expect(await text(page, 'delivery-detail-lines-gst-0')).toContain(`IGST ${FIGURES.igst18}`);
    expect(await text(page, 'delivery-detail-lines-gst-1')).toContain(`IGST ${FIGURES.igst28}`);
    expect(await text(page, 'delivery-detail-gst-18-taxable')).toBe(FIGURES.taxable18);
    expect(await text(page, 'delivery-detail-gst-18-igst')).toBe(FIGURES.igst18);
    expect(await text(page, 'delivery-detail-gst-28-taxable')).toBe(FIGURES.taxable28);
    expect(await text(page, 'delivery-detail-gst-28-igst')).toBe(FIGURES.igst28);
    expect(await text(page, 'delivery-detail-gst-total-taxable')).toBe(FIGURES.taxable);
    expect(await text(page, 'delivery-detail-gst-total-igst')).toBe(FIGURES.igst);
    expect(await text(page, 'delivery-detail-totals-items')).toBe(FIGURES.taxable);
    expect(await text(page, 'delivery-detail-totals-igst')).toBe(FIGURES.igst);
    expect(await text(page, 'delivery-detail-totals-total')).toBe(FIGURES.total);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'detail-1280', true);
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('lists the bill in the purchase register: IGST per rate and the totals by rate', async () => {
    await page.goto(`${baseUrl}/reports/purchase-register?from=2025-06-01&to=2025-06-30`);
    const row = (rate: number) => `register-row-delivery-${deliveryId}-${rate}`;
    await page.getByTestId(row(18)).waitFor();
    const eighteen = await text(page, row(18));
    expect(eighteen).toContain('KA/2025-26/0918');
    expect(eighteen).toContain(FIGURES.taxable18);
    expect(eighteen).toContain(FIGURES.igst18);
    const twentyEight = await text(page, row(28));
    expect(twentyEight).toContain(FIGURES.taxable28);
    expect(twentyEight).toContain(FIGURES.igst28);
    expect(await text(page, 'register-totals-18-igst_amount')).toBe(FIGURES.igst18);
    expect(await text(page, 'register-totals-28-igst_amount')).toBe(FIGURES.igst28);
    expect(await text(page, 'register-totals-total-igst_amount')).toBe(FIGURES.igst);
    expect(await text(page, 'register-totals-total-taxable_amount')).toBe(FIGURES.taxable);
    // The site adds GST to cost: table 4 reverses the whole credit.
    expect(await text(page, 'register-input-tax-all_other_itc-integrated_tax')).toBe(FIGURES.igst);
    expect(await text(page, 'register-input-tax-net_itc-integrated_tax')).toBe('₹0.00');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('fits a phone: the form’s totals and the bill at 390 px', async () => {
    await open(390);
    await fillDelivery();
    await page.getByTestId('delivery-gst-by-rate-18-igst').waitFor();
    expect(await text(page, 'delivery-gst-by-rate-18-igst')).toBe(FIGURES.igst18);
    expect(await text(page, 'delivery-gst-by-rate-28-igst')).toBe(FIGURES.igst28);
    expect(await text(page, 'delivery-gst-by-rate-total-igst')).toBe(FIGURES.igst);
    await page.getByTestId('delivery-gst-by-rate').scrollIntoViewIfNeeded();
    await shot(page, 'form-totals-390');

    await page.goto(`${baseUrl}/deliveries/${deliveryId}`);
    await page.getByTestId('delivery-detail-gst').waitFor();
    expect(await text(page, 'delivery-detail-gst-total-igst')).toBe(FIGURES.igst);
    expect(await text(page, 'delivery-detail-lines-gst-0')).toBe(`18 % · IGST ${FIGURES.igst18}`);
    expect(await text(page, 'delivery-detail-totals-total')).toBe(FIGURES.total);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shot(page, 'detail-390', true);

    await page.goto(`${baseUrl}/settings`);
    await page.getByTestId('settings-site-gst').scrollIntoViewIfNeeded();
    expect(await text(page, 'settings-site-gstin')).toBe(SITE_GSTIN);
    await shot(page, 'settings-card-390');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('splits the bill again when the place of supply moves to the vendor’s state', async () => {
    await open(1280);
    await page.goto(`${baseUrl}/deliveries/${deliveryId}`);
    await page.getByTestId('delivery-edit-open').click();
    await page.getByTestId('delivery-edit').waitFor();
    // No typed tax on a bill with rates; the preview follows the place of supply.
    expect(await page.getByTestId('delivery-tax').count()).toBe(0);
    expect(await text(page, 'delivery-edit-totals-igst')).toBe(FIGURES.igst);
    await page.getByTestId('delivery-place-of-supply').selectOption('29');
    /*
     * Within Karnataka, per line: ₹48,380.25 × 9 % = ₹4,354.2225 → ₹4,354.22 each head;
     * ₹17,600.00 × 14 % = ₹2,464.00 each. CGST = SGST = ₹6,818.22; tax ₹13,636.44 (a paisa
     * below the IGST: rounded per head and line) → total ₹79,616.69.
     */
    expect(await text(page, 'delivery-edit-gst-by-rate-18-cgst')).toBe('₹4,354.22');
    expect(await text(page, 'delivery-edit-gst-by-rate-18-sgst')).toBe('₹4,354.22');
    expect(await text(page, 'delivery-edit-totals-cgst')).toBe('₹6,818.22');
    expect(await text(page, 'delivery-edit-totals-total')).toBe('₹79,616.69');
    await page.getByTestId('delivery-edit-gst-by-rate').scrollIntoViewIfNeeded();
    await shot(page, 'edit-details-1280');
    await page.getByTestId('delivery-edit-submit').click();
    await page.getByTestId('delivery-edit').waitFor({ state: 'detached' });
    await page
      .getByTestId('delivery-detail-totals-total')
      .filter({ hasText: '₹79,616.69' })
      .waitFor();
    expect(await text(page, 'delivery-detail-gst-28-cgst')).toBe('₹2,464.00');
    expect(await text(page, 'delivery-detail-gst-28-sgst')).toBe('₹2,464.00');
    expect(await page.getByTestId('delivery-detail-gst-total-igst').count()).toBe(0);
    const saved = await api<DeliveryRead>(baseUrl, owner, 'GET', `/deliveries/${deliveryId}`);
    expect(saved).toMatchObject({
      place_of_supply: '29',
      cgst_amount: 6_818.22,
      sgst_amount: 6_818.22,
      igst_amount: 0,
      tax_amount: 13_636.44,
      total_amount: 79_616.69,
    });

    // The lines editor: each line keeps its rate; "No GST" on one drops its tax.
    await page.getByTestId('delivery-lines-open').click();
    await page.getByTestId('delivery-lines-editor').waitFor();
    expect(await page.getByTestId('delivery-line-0-rate').inputValue()).toBe('18');
    expect(await page.getByTestId('delivery-line-1-rate').inputValue()).toBe('28');
    await page.getByTestId('delivery-line-1-rate').selectOption('');
    // ₹65,980.25 + ₹4,354.22 × 2 = ₹74,688.69
    await page.getByTestId('delivery-lines-new-total').filter({ hasText: '₹74,688.69' }).waitFor();
    await shot(page, 'edit-lines-1280');
    await page.getByTestId('delivery-lines-editor-submit').click();
    await page.getByTestId('delivery-lines-editor').waitFor({ state: 'detached' });
    await page
      .getByTestId('delivery-detail-totals-total')
      .filter({ hasText: '₹74,688.69' })
      .waitFor();
    expect(await text(page, 'delivery-detail-lines-gst-1')).toBe('No GST');
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });
});
