import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckChar } from '@siteledger/domain';
import { createAccountWithSite, storeSession, type TestAccount } from './support/accounts';
import { launchBrowser, newContext, watchPage, type PageProblems } from './support/browser';
import { api, request } from './support/http';
import { workerServer } from './support/worker';
import { downloadedPath } from './support/files';

/**
 * Issue 23: an inter-state delivery at two GST rates shows IGST per rate in the purchase register,
 * its totals by rate and GSTR-3B table 4, and the CSV of the page carries the same figures.
 */
describe('purchase register: IGST per rate, totals, input tax and downloads', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  let account: TestAccount;
  let deliveryId = '';
  // The site's day (the browser runs in India): the delivery falls in the current month.
  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  const body = '29AAGCB7383J1Z';
  const gstin = body + gstinCheckChar(body);

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createAccountWithSite(baseUrl, 'Kavya Kulkarni');
    // A Maharashtra site that claims input tax credit, buying from a Karnataka vendor: IGST.
    await request(baseUrl, account.token, 'PATCH', `/api/sites/${account.siteId}`, {
      state_code: '27',
      input_tax_mode: 'claim',
    });
    const vendor = await api<{ id: string; state_code: string }>(
      baseUrl,
      account,
      'POST',
      '/vendors',
      { name: 'Bengaluru Steel & Cement', gstin },
    );
    expect(vendor.state_code).toBe('29');
    const cement = await api<{ id: string }>(baseUrl, account, 'POST', '/items', {
      name: 'OPC Cement 53 grade',
      unit: 'bag',
      hsn_code: '2523',
      gst_rate: 28,
    });
    const steel = await api<{ id: string }>(baseUrl, account, 'POST', '/items', {
      name: 'TMT Steel Fe500 12mm',
      unit: 'kg',
      hsn_code: '7214',
      gst_rate: 18,
    });
    // Cement 100 × 385.50 = 38,550.00 at 28 % → IGST 10,794.00; steel 1520.755 × 68.40 =
    // 1,04,019.64 at 18 % (the items' default rate) → IGST 18,723.5352 → 18,723.54.
    const delivery = await api<{ id: string; igst_amount: number }>(
      baseUrl,
      account,
      'POST',
      '/deliveries',
      {
        vendor: vendor.id,
        delivery_date: today,
        delivery_reference: 'CH-3301',
        supplier_invoice_number: 'KA/2026/0917',
        supplier_invoice_date: today,
        delivery_items: [
          { item: cement.id, quantity: 100, unit_price: 385.5, gst_rate: 28 },
          { item: steel.id, quantity: 1520.755, unit_price: 68.4 },
        ],
      },
    );
    expect(delivery.igst_amount).toBe(29517.54);
    deliveryId = delivery.id;
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
  const row = (rate: number) => `register-row-delivery-${deliveryId}-${rate}`;

  it('lists the delivery once per rate with its IGST, the totals by rate and GSTR-3B table 4', async () => {
    await open(1280, 900);
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('sidebar').getByTestId('nav-purchaseRegister').click();
    await page.waitForURL(`${baseUrl}/reports/purchase-register`);
    await page.getByTestId(row(18)).waitFor();

    const steel = await text(row(18));
    expect(steel).toContain('Bengaluru Steel & Cement');
    expect(steel).toContain(gstin);
    expect(steel).toContain('KA/2026/0917');
    expect(steel).toContain('18 %');
    expect(steel).toContain('₹1,04,019.64');
    expect(steel).toContain('₹18,723.54');
    const cement = await text(row(28));
    expect(cement).toContain('28 %');
    expect(cement).toContain('₹38,550.00');
    expect(cement).toContain('₹10,794.00');

    expect(await text('register-totals-18-igst_amount')).toBe('₹18,723.54');
    expect(await text('register-totals-28-igst_amount')).toBe('₹10,794.00');
    expect(await text('register-totals-18-cgst_amount')).toBe('₹0.00');
    expect(await text('register-totals-total-taxable_amount')).toBe('₹1,42,569.64');
    expect(await text('register-totals-total-igst_amount')).toBe('₹29,517.54');
    expect(await text('register-figure-tax')).toContain('₹29,517.54');

    expect(await text('register-input-tax-mode')).toBe('Input tax claimed');
    expect(await text('register-input-tax-text')).toContain('claims input tax credit');
    expect(await text('register-input-tax-all_other_itc-integrated_tax')).toBe('₹29,517.54');
    expect(await text('register-input-tax-reversed_section_17_5-integrated_tax')).toBe('₹0.00');
    expect(await text('register-input-tax-net_itc-integrated_tax')).toBe('₹29,517.54');

    await page.screenshot({ path: '/tmp/register-1280.png', fullPage: true });
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('downloads the CSV of the period from the page', async () => {
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('register-download-csv').click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const lines = fs
      .readFileSync(await downloadedPath(csv))
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/);
    // The header row first (issue 38), no title block above it.
    expect(lines[0]).toMatch(/^Date,Type,Vendor,Vendor GSTIN,/);
    // The totals by rate: GST rate, taxable, CGST, SGST, IGST, other tax, invoice value (issue 40).
    const eighteen = lines.filter((line) => line.startsWith('18 %,'));
    expect(eighteen.at(-1)).toMatch(
      /^18 %,104019\.64,0(\.00)?,0(\.00)?,18723\.54,0(\.00)?,122743\.18$/,
    );
    await page.getByTestId('toast-success').getByText(csv.suggestedFilename()).waitFor();
  });

  it('opens the delivery from its row', async () => {
    await page.getByTestId(row(28)).click();
    await page.waitForURL(`${baseUrl}/deliveries/${deliveryId}`);
    await page.getByTestId('page-back').waitFor();
  });

  it('reads on a phone as cards, and an empty month says so', async () => {
    await open(390, 844);
    await page.goto(`${baseUrl}/reports/purchase-register`);
    await page.getByTestId(row(18)).waitFor();
    expect(await text(row(18))).toContain('₹18,723.54');
    expect(await text('register-totals-28-igst_amount')).toBe('₹10,794.00');
    expect(await text('register-input-tax-net_itc-integrated_tax')).toBe('₹29,517.54');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/register-390.png', fullPage: true });

    await page.getByTestId('register-period-previous').click();
    await page.getByTestId('register-table-empty').waitFor();
    expect(page.url()).toMatch(/\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/);
    await page.screenshot({ path: '/tmp/register-390-empty.png', fullPage: true });
    await page.getByTestId('register-period-this-month').click();
    await page.getByTestId(row(28)).waitFor();

    await page.getByTestId('register-period-custom-toggle').click();
    await page.getByTestId('register-period-from').fill(today);
    await page.getByTestId('register-period-to').fill(today);
    await page.getByTestId(row(28)).waitFor();
    expect(page.url()).toContain(`from=${today}&to=${today}`);
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('reads in Hindi', async () => {
    await page.evaluate(() => localStorage.setItem('siteledger.language', 'hi'));
    await page.goto(`${baseUrl}/reports/purchase-register`);
    await page.getByTestId(row(18)).waitFor();
    expect(await page.locator('h1').textContent()).toBe('खरीद रजिस्टर');
    expect(await text('register-input-tax-mode')).toBe('इनपुट टैक्स क्रेडिट लिया जाता है');
    await page.screenshot({ path: '/tmp/register-390-hi.png', fullPage: true });
    expect(problems.missingKeys).toEqual([]);
  });

  it('takes an approved return off, negative and in red, at the rate of its line', async () => {
    const delivery = await api<{
      vendor: string;
      delivery_items: { id: string; gst_rate: number | null }[];
    }>(baseUrl, account, 'GET', `/deliveries/${deliveryId}?expand=delivery_items`);
    const steelLine = delivery.delivery_items.find((line) => line.gst_rate === 18);
    // 100 kg back at 68.40 = 6,840.00; IGST at 18 % = 1,231.20, reversed. The owner's return is
    // approved as it is made, so it counts at once.
    const returned = await api<{ id: string }>(baseUrl, account, 'POST', '/vendor_returns', {
      vendor: delivery.vendor,
      return_date: today,
      reason: 'damaged',
      items: [
        {
          delivery_item: steelLine?.id,
          quantity_returned: 100,
          return_rate: 68.4,
          condition: 'damaged',
        },
      ],
    });

    await open(1280, 900);
    await page.goto(`${baseUrl}/reports/purchase-register`);
    const returnRow = page.getByTestId(`register-row-return-${returned.id}-18`);
    await returnRow.waitFor();
    expect(await returnRow.textContent()).toContain('Return');
    const red = returnRow.locator('.text-danger');
    // Taxable value, IGST and (issue 40) the invoice value.
    expect(await red.allTextContents()).toEqual(['-₹6,840.00', '-₹1,231.20', '-₹8,071.20']);
    expect(await text('register-totals-18-taxable_amount')).toBe('₹97,179.64');
    expect(await text('register-totals-18-igst_amount')).toBe('₹17,492.34');
    expect(await text('register-totals-total-igst_amount')).toBe('₹28,286.34');
    expect(await text('register-input-tax-net_itc-integrated_tax')).toBe('₹28,286.34');
    await page.screenshot({ path: '/tmp/register-1280-return.png', fullPage: true });
    expect(problems.errors).toEqual([]);
  });
});
