import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
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
import { downloadedPath, PNG_1X1 } from './support/files';
import { api, request } from './support/http';
import { chooseIn } from './support/pickers';
import { workerServer } from './support/worker';
import { animationsDone } from './support/layout';

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
  lines: { photos: string[] }[];
}
interface List<T> {
  items: T[];
}

/**
 * Issue 43 through the browser: the owner writes a work order with its BOQ and terms and issues
 * it, pays the mobilisation advance (TDS taken at payment); a supervisor measures RA-1 on a 390 px
 * phone and sees the waterfall as the quantity is typed (a quantity above the order is refused
 * with the server's message); the owner approves it; the accountant pays the bill's net payable,
 * downloads the TDS register and records the month's challan.
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
  let accountant: TestAccount;
  let desk: Page;
  let phone: Page;
  let books: Page;
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
    accountant = await createAccountWithSite(baseUrl, 'Anil Accountant');
    for (const [member, role] of [
      [supervisor, 'supervisor'],
      [accountant, 'accountant'],
    ] as const) {
      await request(baseUrl, owner.token, 'POST', `/api/sites/${owner.siteId}/members`, {
        email: member.user.email,
        role,
      });
    }
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

  it('opens the work order as the PDF the subcontractor signs', async () => {
    const [tab] = await Promise.all([
      desk.context().waitForEvent('page'),
      desk.getByTestId('wo-pdf').click(),
    ]);
    await expect.poll(() => tab.url()).toContain(`/work_orders/${orderId}/pdf?inline=1`);
    const answer = await desk.context().request.get(tab.url());
    await tab.close();
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    const file = path.join(ARTIFACTS_DIR, 'work-orders-wo.pdf');
    fs.writeFileSync(file, await answer.body());
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    // A picture of its first page beside the screenshots, where poppler is installed.
    if (spawnSync('pdftoppm', ['-v']).status !== 0) return;
    spawnSync('pdftoppm', [
      '-png',
      '-r',
      '70',
      '-f',
      '1',
      '-l',
      '1',
      file,
      file.replace(/\.pdf$/, ''),
    ]);
  });

  it('pays the advance: TDS is taken at payment', async () => {
    await desk.getByTestId('wo-advance').click();
    await desk.getByTestId('wo-pay-form').waitFor();
    expect(await desk.getByTestId('wo-pay-amount').inputValue()).toBe('100000');
    await desk.getByTestId('wo-pay-account').selectOption({ label: 'HDFC current' });
    await desk.getByTestId('wo-pay-form-submit').click();
    await desk.getByTestId('wo-pay-form').waitFor({ state: 'detached' });
    await desk
      .getByTestId('toast-success')
      .getByText(/TDS ₹2,000\.00/)
      .waitFor();
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
    await phone
      .getByTestId('ra-line-0')
      .getByText(/More than ordered/)
      .waitFor();
    await phone.getByTestId('ra-form-submit').click();
    await phone.getByTestId('ra-form-error').waitFor();
    expect(await phone.getByTestId('ra-form-error').innerText()).toMatch(/\S/);

    await phone.getByTestId('ra-line-0-cumulative').fill('100');
    // The measurement photo of the line, taken with the bill.
    await phone
      .getByTestId('ra-line-0-photos-input')
      .setInputFiles({ name: 'wall-b3.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await phone.getByTestId('ra-line-0-photos-item').waitFor();
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
    await animationsDone(phone); // the sheet's pop-in
    // What the phone shows (the sheet scrolls inside the screen): the line cards, then the waterfall.
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    await phone.screenshot({
      path: path.join(ARTIFACTS_DIR, 'work-orders-ra-bill-form-phone.png'),
    });
    await phone.getByTestId('ra-waterfall').scrollIntoViewIfNeeded();
    await phone.screenshot({
      path: path.join(ARTIFACTS_DIR, 'work-orders-ra-bill-waterfall-phone.png'),
    });
    await phone.getByTestId('ra-form-submit').click();
    await phone.getByTestId('ra-form').waitFor({ state: 'detached' });
    await phone.getByTestId('wo-bill-RA-1').waitFor();

    const bills = await api<List<RaBill>>(baseUrl, owner, 'GET', `/ra_bills?work_order=${orderId}`);
    expect(bills.items.map((b) => [b.number, b.gross_amount, b.tds_amount, b.net_payable])).toEqual(
      [['RA-1', 560000, 10080, 566720]],
    );
    await expect
      .poll(async () => {
        const bill = await api<RaBill>(baseUrl, owner, 'GET', `/ra_bills/${bills.items[0]!.id}`);
        return bill.lines[0]?.photos.length;
      })
      .toBe(1);
  });

  it('the owner approves the measurement; the accountant pays the net payable', async () => {
    // The supervisor may not approve.
    expect(await phone.getByTestId('wo-bill-RA-1-approve').count()).toBe(0);
    await desk.goto(`${baseUrl}/work-orders/${orderId}`);
    await desk.getByTestId('wo-bill-RA-1-approve').click();
    await desk.getByTestId('wo-bill-RA-1-approved').waitFor();

    books = await open(accountant, 1280, 'accountant');
    await books.goto(`${baseUrl}/work-orders/${orderId}`);
    await books.getByTestId('wo-bill-RA-1-approved').waitFor();
    // An accountant neither measures nor approves; they pay.
    expect(await books.getByTestId('wo-bill').count()).toBe(0);
    await books.getByTestId('wo-bill-RA-1-pay').click();
    await books.getByTestId('wo-pay-form').waitFor();
    expect(await books.getByTestId('wo-pay-amount').inputValue()).toBe('566720');
    await books.getByTestId('wo-pay-account').selectOption({ label: 'HDFC current' });
    await books.getByTestId('wo-pay-form-submit').click();
    await books.getByTestId('wo-pay-form').waitFor({ state: 'detached' });
    await books.getByTestId('wo-bill-RA-1-status').getByText('Paid').waitFor();
    const bill = (await api<List<RaBill>>(baseUrl, owner, 'GET', `/ra_bills?work_order=${orderId}`))
      .items[0]!;
    expect([bill.paid_amount, bill.payment_status]).toEqual([566720, 'paid']);
    // TDS on the advance and the bill; what reached the contractor: 98,000 + 5,66,720.
    await books.getByTestId('wo-total-tds').getByText('₹12,080.00').waitFor();
    await books.getByTestId('wo-total-paid').getByText('₹6,64,720.00').waitFor();
    await books.getByTestId('wo-total-retention').getByText('₹28,000.00').waitFor();
    await animationsDone(books);
    await screenshot(books, 'work-orders-detail-laptop');
  });

  it('the accountant downloads the TDS register and records the challan', async () => {
    await books.goto(`${baseUrl}/tds`);
    await books
      .getByTestId('tds-section-194C')
      .getByText(/₹12,080\.00/)
      .waitFor();
    const [csv] = await Promise.all([
      books.waitForEvent('download'),
      books.getByTestId('tds-download-csv').click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const text = fs.readFileSync(await downloadedPath(csv)).toString('utf8');
    expect(text).toContain('194C');
    expect(text).toMatch(/10080(\.00)?\b/);
    const [xlsx] = await Promise.all([
      books.waitForEvent('download'),
      books.getByTestId('tds-download-xlsx').click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(
      fs
        .readFileSync(await downloadedPath(xlsx))
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    // The month's TDS is deposited by a challan paid from the account.
    const month = (
      await api<{ deposits: { section: string; month: string }[] }>(
        baseUrl,
        owner,
        'GET',
        '/reports/tds',
      )
    ).deposits[0]!.month;
    await books.getByTestId(`tds-deposit-194C-${month}-record`).click();
    await books.getByTestId('tds-challan-form').waitFor();
    expect(await books.getByTestId('tds-challan-amount').inputValue()).toBe('12080');
    await books.getByTestId('tds-challan-bsr').fill('0510308');
    await books.getByTestId('tds-challan-serial').fill('00123');
    await books.getByTestId('tds-challan-account').selectOption({ label: 'HDFC current' });
    await books.getByTestId('tds-challan-form-submit').click();
    await books.getByTestId('tds-challan-form').waitFor({ state: 'detached' });
    await books
      .getByTestId(`tds-deposit-194C-${month}`)
      .locator('[data-status="deposited"]')
      .waitFor();
    await books
      .getByTestId('tds-challans')
      .getByText(/BSR 0510308/)
      .waitFor();
    await animationsDone(books);
    await screenshot(books, 'work-orders-tds-register-laptop');
  });

  it("the owner reads the quarter's certificate figures per deductee on the TDS page", async () => {
    // The advance's base ₹1,00,000 and RA-1's ₹5,04,000 (gross less the advance recovered, which
    // was taxed at payment); TDS ₹2,000 + ₹10,080, deposited by the month's challan.
    const check = async (page: Page) => {
      const row = page.getByTestId('tds-certificate-AAPFU0939F-194C');
      await row.getByText('Ramesh Constructions').waitFor();
      const text = await row.innerText();
      expect(text).toContain('AAPFU0939F');
      expect(text).toContain('194C');
      expect(text).toContain('₹6,04,000.00');
      expect(text).toContain('₹12,080.00');
      expect(text).toContain('0510308');
      const totals = await page.getByTestId('tds-certificates-totals').innerText();
      expect(totals.match(/₹12,080\.00/g)).toHaveLength(2);
      expect(await page.getByTestId('tds-certificates-scope').innerText()).toContain('MUMA12345B');
    };
    const laptop = await open(owner, 1366, 'owner');
    await laptop.goto(`${baseUrl}/tds`);
    await laptop.getByTestId('tds-deposits').waitFor();
    // The page's own tour (Help tour plays it though tours are off for these tests): every step.
    const popover = laptop.getByTestId('tour-popover');
    const stepOf = () => popover.getAttribute('data-tour-step');
    await laptop.getByTestId('user-menu').click();
    await laptop.getByTestId('user-menu-help-tour').click();
    await popover.waitFor();
    const steps: string[] = [];
    for (let guard = 0; guard < 8; guard += 1) {
      const step = await stepOf();
      if (step) steps.push(step);
      const next = laptop.getByTestId('tour-next');
      const last = ((await next.textContent()) ?? '').includes('Done');
      await next.click();
      if (last) break;
      await expect.poll(stepOf).not.toBe(step);
    }
    await popover.waitFor({ state: 'detached' });
    expect(steps).toEqual(['header', 'tabs', 'period', 'table', 'deposits']);

    await laptop.getByTestId('tds-tab-quarter').click();
    await check(laptop);
    await animationsDone(laptop);
    await screenshot(laptop, 'work-orders-tds-certificates-laptop');

    const small = await open(owner, 390, 'owner');
    await small.goto(`${baseUrl}/tds?tab=quarter`);
    await check(small);
    expect(
      await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await animationsDone(small);
    await screenshot(small, 'work-orders-tds-certificates-phone');
  });

  it('the owner sees the retention held and when it falls due, releases what is due, and releases early against a bank guarantee', async () => {
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
    const shown = (iso: string) =>
      new Intl.DateTimeFormat('en-IN', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${iso}T00:00:00Z`));
    // The brickwork's final bill (RA-2, 50 cum more): retention ₹14,000 more, due a year on.
    const order = await api<WorkOrder>(baseUrl, owner, 'GET', `/work_orders/${orderId}`);
    await api(baseUrl, owner, 'POST', '/ra_bills', {
      work_order: orderId,
      bill_date: today,
      final: true,
      lines: [{ work_order_line: order.lines[0]!.id, cumulative_quantity: 150 }],
    });
    const completed = await api<WorkOrder & { retention_due_date: string }>(
      baseUrl,
      owner,
      'GET',
      `/work_orders/${orderId}`,
    );
    expect(completed.status).toBe('completed');
    const dueDate = completed.retention_due_date;
    expect(dueDate > today).toBe(true);
    // A plastering order whose retention falls due with its final bill: due now.
    const vendor = (
      await api<List<{ id: string; name: string }>>(baseUrl, owner, 'GET', '/vendors')
    ).items.find((v) => v.name === 'Ramesh Constructions')!;
    const plaster = await api<WorkOrder>(baseUrl, owner, 'POST', '/work_orders', {
      vendor: vendor.id,
      title: 'Plastering, tower B',
      retention_percent: 5,
      retention_due_days: 0,
      lines: [{ description: '12 mm cement plaster', unit: 'sqm', quantity: 100, rate: 300 }],
    });
    await api(baseUrl, owner, 'POST', `/work_orders/${plaster.id}/issue`, {});
    await api(baseUrl, owner, 'POST', '/ra_bills', {
      work_order: plaster.id,
      bill_date: today,
      final: true,
      lines: [{ work_order_line: plaster.lines[0]!.id, cumulative_quantity: 100 }],
    });

    // The dashboard's "retention due" card leads to the Work orders page's retention tab.
    const laptop = await open(owner, 1366, 'owner');
    await laptop.goto(`${baseUrl}/`);
    await laptop.getByTestId('dashboard-card-retention-due').click();
    await laptop.getByTestId('retention-due').waitFor();
    expect(new URL(laptop.url()).search).toBe('?tab=retention');
    await laptop.getByTestId(`retention-held-${orderId}`).getByText('₹42,000.00').waitFor();
    expect(await laptop.getByTestId(`retention-due-${orderId}`).innerText()).toBe(shown(dueDate));
    expect(
      await laptop.getByTestId(`retention-status-${orderId}`).getAttribute('data-status'),
    ).toBe('not_due');
    expect(await laptop.getByTestId(`retention-release-${orderId}`).count()).toBe(0);
    await laptop.getByTestId(`retention-held-${plaster.id}`).getByText('₹1,500.00').waitFor();
    expect(await laptop.getByTestId(`retention-due-${plaster.id}`).innerText()).toBe(shown(today));
    expect(
      await laptop.getByTestId(`retention-status-${plaster.id}`).getAttribute('data-status'),
    ).toBe('due');
    await laptop.getByTestId('retention-figure-held').getByText('₹43,500.00').waitFor();
    await animationsDone(laptop);
    await screenshot(laptop, 'work-orders-retention-due-laptop');

    const small = await open(owner, 390, 'owner');
    await small.goto(`${baseUrl}/work-orders?tab=retention`);
    await small.getByTestId(`retention-row-${orderId}`).getByText('₹42,000.00').waitFor();
    await small.getByTestId(`retention-release-${plaster.id}`).waitFor();
    expect(
      await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await animationsDone(small);
    await screenshot(small, 'work-orders-retention-due-phone');

    // What is due is released from the list: no warning, the due date in the dialog.
    await laptop.getByTestId(`retention-release-${plaster.id}`).click();
    await laptop
      .getByTestId('wo-retention-form')
      .getByText(`Held: ₹1,500.00 · falls due on ${shown(today)}`)
      .waitFor();
    expect(await laptop.getByTestId('wo-retention-not-due').count()).toBe(0);
    await laptop.getByTestId('wo-retention-form-submit').click();
    await laptop.getByTestId('wo-retention-form').waitFor({ state: 'detached' });
    await laptop.getByTestId(`retention-held-${plaster.id}`).getByText('₹0.00').waitFor();
    expect(await laptop.getByTestId(`retention-release-${plaster.id}`).count()).toBe(0);

    // Before its due date the brickwork's retention goes only early, against a bank guarantee.
    await laptop.goto(`${baseUrl}/work-orders/${orderId}`);
    await laptop.getByTestId('wo-retention').click();
    await laptop
      .getByTestId('wo-retention-form')
      .getByText(`Held: ₹42,000.00 · falls due on ${shown(dueDate)}`)
      .waitFor();
    const warning = laptop.getByTestId('wo-retention-not-due');
    expect(await warning.innerText()).toContain(shown(dueDate));
    await animationsDone(laptop);
    // The dialog as the screen shows it (a full-page picture would cut its backdrop off).
    await laptop.screenshot({
      path: path.join(ARTIFACTS_DIR, 'work-orders-retention-early-laptop.png'),
    });
    // Without the box ticked the server refuses, in its words.
    await laptop.getByTestId('wo-retention-form-submit').click();
    await laptop
      .getByTestId('wo-retention-form-error')
      .getByText(/bank guarantee/)
      .waitFor();
    await laptop.getByTestId('wo-retention-early').check();
    await laptop.getByTestId('wo-retention-form-submit').click();
    await laptop.getByTestId('wo-retention-form').waitFor({ state: 'detached' });
    await laptop
      .getByTestId('toast-success')
      .getByText(/₹42,000\.00/)
      .waitFor();
    const released = await api<WorkOrder & { retention_held: number; retention_released: number }>(
      baseUrl,
      owner,
      'GET',
      `/work_orders/${orderId}`,
    );
    expect([released.retention_held, released.retention_released]).toEqual([0, 42000]);
  });

  it('a supervisor measures without signal: the bill waits on its order and is sent once, back online', async () => {
    // A second order, issued through the API: the first is completed by now.
    const vendors = await api<List<{ id: string; name: string }>>(
      baseUrl,
      owner,
      'GET',
      '/vendors',
    );
    const draft = await api<WorkOrder>(baseUrl, owner, 'POST', '/work_orders', {
      vendor: vendors.items.find((v) => v.name === 'Ramesh Constructions')!.id,
      title: 'Plaster, tower B',
      gst_rate: null,
      lines: [{ description: 'Internal plaster 12 mm', unit: 'sqm', quantity: 1000, rate: 250 }],
    });
    await api(baseUrl, owner, 'POST', `/work_orders/${draft.id}/issue`, {});
    const site = await open(supervisor, 390, 'supervisor');
    await site.goto(`${baseUrl}/work-orders/${draft.id}`);
    await site.getByTestId('wo-bill').waitFor();

    await site.context().setOffline(true);
    await site.getByTestId('offline-banner').waitFor();
    await site.getByTestId('wo-bill').click();
    await site.getByTestId('ra-form').waitFor();
    // Photos belong to the bill's lines, which the server makes: they are added once it is sent.
    await site.getByTestId('ra-line-0-photos-later').waitFor();
    await site.getByTestId('ra-line-0-cumulative').fill('200');
    await site.getByTestId('ra-form-net').getByText('₹49,000.00').waitFor();
    await site.getByTestId('ra-form-submit').click();
    await site.getByTestId('ra-form').waitFor({ state: 'detached' });
    const waiting = site.getByTestId('queued-record');
    await waiting.getByText(/Plaster, tower B/).waitFor();
    expect(await waiting.getAttribute('data-status')).toBe('pending');
    // The next bill follows this one: it cannot be started while this one waits.
    expect(await site.getByTestId('wo-bill').isDisabled()).toBe(true);
    expect(
      await site.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await screenshot(site, 'work-orders-ra-bill-waiting-phone');

    let posts = 0;
    site.on('response', (response) => {
      const url = new URL(response.url());
      if (response.request().method() === 'POST' && url.pathname.endsWith('/ra_bills')) posts += 1;
    });
    await site.context().setOffline(false);
    await site.getByTestId('queued-record').waitFor({ state: 'detached' });
    await site.getByTestId('wo-bill-RA-1').waitFor();
    expect(await site.getByTestId('wo-bill').isDisabled()).toBe(false);
    const bills = await api<List<RaBill>>(
      baseUrl,
      owner,
      'GET',
      `/ra_bills?work_order=${draft.id}`,
    );
    // 200 sqm at ₹250, no GST, retention or advance; § 194C at 2 % (above ₹30,000): ₹1,000.
    expect(bills.items.map((b) => [b.number, b.gross_amount, b.tds_amount, b.net_payable])).toEqual(
      [['RA-1', 50000, 1000, 49000]],
    );
    expect(posts).toBe(1);
  });

  it('showed no page errors and no missing strings', () => {
    for (const seen of problems) {
      expect(seen.errors).toEqual([]);
      expect(seen.missingKeys).toEqual([]);
    }
  });
});
