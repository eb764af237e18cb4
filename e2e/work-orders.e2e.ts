import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithSite, storeSession, type TestAccount } from './support/accounts';
import { launchBrowser, newContext, screenshot, watchPage, type PageProblems } from './support/browser';
import { downloadedPath } from './support/files';
import { api, request } from './support/http';
import { chooseIn } from './support/pickers';
import { workerServer } from './support/worker';

interface WorkOrder {
  id: string;
  number: string | null;
  status: string;
  advance_paid: number;
  lines: { id: string; billed_quantity: number }[];
}
interface RaBill {
  id: string;
  number: string;
  gross_amount: number;
  tds_amount: number;
  net_payable: number;
  paid_amount: number;
  payment_status: string;
}
interface List<T> {
  items: T[];
}

/**
 * Issue 43 through the browser: the owner writes a work order with its BOQ and terms and issues
 * it, pays the mobilisation advance (TDS taken at payment); a supervisor measures RA-1 on a 390 px
 * phone and sees the waterfall as the quantity is typed (a quantity above the order is refused
 * with the server's message); the owner pays the bill's net payable and downloads the TDS register.
 *
 * The subcontractor is a firm (PAN from its GSTIN, 4th letter F): § 194C at 2 %. RA-1 measures
 * 100 cum of 400 at ₹5,600: gross ₹5,60,000, GST 18 % ₹1,00,800, retention 5 % ₹28,000, advance
 * recovery 10 % ₹56,000, TDS 2 % of ₹5,04,000 = ₹10,080, net ₹5,66,720.
 */
describe('work orders: issue → advance → RA bill on a phone → pay net → TDS register', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let owner: TestAccount;
  let supervisor: TestAccount;
  let desk: Page;
  let phone: Page;
  const problems: PageProblems[] = [];
  let orderId = '';

  async function open(account: TestAccount, width: number, role: string): Promise<Page> {
    const context = await newContext(browser, { width, height: width < 600 ? 844 : 800 });
    contexts.push(context);
    const page = await context.newPage();
    problems.push(watchPage(page));
    await page.goto(`${baseUrl}/login`);
    await storeSession(page, account, owner.siteId);
    await page.evaluate((r) => localStorage.setItem('siteledger.role', r), role);
    return page;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await createAccountWithSite(baseUrl, 'Meera Iyer');
    supervisor = await createAccountWithSite(baseUrl, 'Ravi Supervisor');
    await request(baseUrl, owner.token, 'POST', `/api/sites/${owner.siteId}/members`, {
      email: supervisor.user.email,
      role: 'supervisor',
    });
    await request(baseUrl, owner.token, 'PATCH', `/api/sites/${owner.siteId}`, {
      state_code: '27',
      tan: 'MUMA12345B',
    });
    await api(baseUrl, owner, 'POST', '/vendors', {
      name: 'Ramesh Constructions',
      gstin: '27AAPFU0939F1ZV',
      tds_section: '194C',
    });
    await api(baseUrl, owner, 'POST', '/accounts', {
      name: 'HDFC current',
      type: 'bank',
      opening_balance: 5000000,
    });
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('the owner writes a work order with its BOQ and terms, and issues it', async () => {
    desk = await open(owner, 1280, 'owner');
    await desk.goto(`${baseUrl}/work-orders`);
    await desk.getByTestId('wo-add').first().click();
    await desk.getByTestId('wo-form').waitFor();
    await chooseIn(desk, 'wo-vendor', 'Ramesh');
    await desk.getByTestId('wo-title').fill('Brickwork, tower B');
    await desk.getByTestId('wo-line-0-description').fill('230 mm brick masonry in CM 1:6');
    await desk.getByTestId('wo-line-0-unit').fill('cum');
    await desk.getByTestId('wo-line-0-quantity').fill('400');
    await desk.getByTestId('wo-line-0-rate').fill('5600');
    await desk.getByTestId('wo-form-total').getByText('₹22,40,000.00').waitFor();
    await desk.getByTestId('wo-retention-percent').fill('5');
    await desk.getByTestId('wo-advance-amount').fill('100000');
    await desk.getByTestId('wo-recovery-percent').fill('10');
    await desk.getByTestId('wo-gst-rate').selectOption('18');
    await desk.getByTestId('wo-form-submit').click();
    await desk.getByTestId('page-wo-detail').waitFor();
    orderId = new URL(desk.url()).pathname.split('/').pop()!;
    await desk.getByTestId('wo-detail-status').getByText('Draft').waitFor();

    await desk.getByTestId('wo-issue').click();
    await desk.getByTestId('wo-confirm-confirm').click();
    await desk
      .getByTestId('wo-detail-number')
      .getByText(/^WO\/\d{4}-\d{2}\/0001 · Brickwork, tower B$/)
      .waitFor();
    await desk.getByTestId('wo-detail-status').getByText('Issued').waitFor();
  });

  it('pays the advance: TDS is taken at payment', async () => {
    await desk.getByTestId('wo-advance').click();
    await desk.getByTestId('wo-pay-form').waitFor();
    expect(await desk.getByTestId('wo-pay-amount').inputValue()).toBe('100000');
    await desk.getByTestId('wo-pay-account').selectOption({ label: 'HDFC current' });
    await desk.getByTestId('wo-pay-form-submit').click();
    await desk.getByTestId('wo-pay-form').waitFor({ state: 'detached' });
    await desk.getByTestId('toast-success').getByText(/TDS ₹2,000\.00/).waitFor();
    const order = await api<WorkOrder>(baseUrl, owner, 'GET', `/work_orders/${orderId}`);
    expect(order.advance_paid).toBe(100000);
  });

  it('a supervisor measures RA-1 on a phone and sees the waterfall as the quantity is typed', async () => {
    phone = await open(supervisor, 390, 'supervisor');
    await phone.goto(`${baseUrl}/work-orders/${orderId}`);
    await phone.getByTestId('wo-bill').click();
    await phone.getByTestId('ra-form').waitFor();
    // The server's refusal, in its words: more than the order.
    await phone.getByTestId('ra-line-0-cumulative').fill('401');
    await phone.getByTestId('ra-line-0').getByText(/More than ordered/).waitFor();
    await phone.getByTestId('ra-form-submit').click();
    await phone.getByTestId('ra-form-error').waitFor();
    expect(await phone.getByTestId('ra-form-error').innerText()).toMatch(/\S/);

    await phone.getByTestId('ra-line-0-cumulative').fill('100');
    const figure = (key: string) => phone.getByTestId(`ra-waterfall-${key}`).innerText();
    await phone.getByTestId('ra-waterfall-gross').getByText('₹5,60,000.00').waitFor();
    expect(await figure('gst')).toBe('₹1,00,800.00');
    expect(await figure('retention')).toBe('− ₹28,000.00');
    expect(await figure('recovery')).toBe('− ₹56,000.00');
    expect(await figure('tds')).toBe('− ₹10,080.00');
    expect(await figure('net')).toBe('₹5,66,720.00');
    expect(
      await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await phone.waitForTimeout(300); // the sheet's pop-in
    await phone.screenshot({ path: await screenshot(phone, 'work-orders-ra-bill-form-phone') });
    await phone.getByTestId('ra-waterfall').scrollIntoViewIfNeeded();
    await phone.screenshot({ path: await screenshot(phone, 'work-orders-ra-bill-waterfall-phone') });
    await phone.getByTestId('ra-form-submit').click();
    await phone.getByTestId('ra-form').waitFor({ state: 'detached' });
    await phone.getByTestId('wo-bill-RA-1').waitFor();

    const bills = await api<List<RaBill>>(baseUrl, owner, 'GET', `/ra_bills?work_order=${orderId}`);
    expect(bills.items.map((b) => [b.number, b.gross_amount, b.tds_amount, b.net_payable])).toEqual(
      [['RA-1', 560000, 10080, 566720]],
    );
  });

  it('the owner pays the net payable; the statement shows the totals', async () => {
    await desk.goto(`${baseUrl}/work-orders/${orderId}`);
    await desk.getByTestId('wo-bill-RA-1-pay').click();
    await desk.getByTestId('wo-pay-form').waitFor();
    expect(await desk.getByTestId('wo-pay-amount').inputValue()).toBe('566720');
    await desk.getByTestId('wo-pay-account').selectOption({ label: 'HDFC current' });
    await desk.getByTestId('wo-pay-form-submit').click();
    await desk.getByTestId('wo-pay-form').waitFor({ state: 'detached' });
    await desk.getByTestId('wo-bill-RA-1-status').getByText('Paid').waitFor();
    const bill = (await api<List<RaBill>>(baseUrl, owner, 'GET', `/ra_bills?work_order=${orderId}`))
      .items[0]!;
    expect([bill.paid_amount, bill.payment_status]).toEqual([566720, 'paid']);
    // TDS on the advance and the bill; what reached the contractor: 98,000 + 5,66,720.
    await desk.getByTestId('wo-total-tds').getByText('₹12,080.00').waitFor();
    await desk.getByTestId('wo-total-paid').getByText('₹6,64,720.00').waitFor();
    await desk.getByTestId('wo-total-retention').getByText('₹28,000.00').waitFor();
    await desk.waitForTimeout(300);
    await screenshot(desk, 'work-orders-detail-laptop');
  });

  it('downloads the TDS register of the month as CSV and Excel', async () => {
    await desk.goto(`${baseUrl}/tds`);
    await desk.getByTestId('tds-section-194C').getByText(/₹12,080\.00/).waitFor();
    const [csv] = await Promise.all([
      desk.waitForEvent('download'),
      desk.getByTestId('tds-download-csv').click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const text = fs.readFileSync(await downloadedPath(csv)).toString('utf8');
    expect(text).toContain('194C');
    expect(text).toMatch(/10080(\.00)?\b/);
    const [xlsx] = await Promise.all([
      desk.waitForEvent('download'),
      desk.getByTestId('tds-download-xlsx').click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(fs.readFileSync(await downloadedPath(xlsx)).subarray(0, 2).toString()).toBe('PK');
    await screenshot(desk, 'work-orders-tds-register-laptop');
    for (const seen of problems) {
      expect(seen.errors).toEqual([]);
      expect(seen.missingKeys).toEqual([]);
    }
  });
});
