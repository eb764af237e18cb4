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
import { api, request } from './support/http';
import { chooseIn } from './support/pickers';
import { workerServer } from './support/worker';
import { animationsDone } from './support/layout';

interface MaterialRequest {
  id: string;
  status: string;
  items: { item: string; quantity: number }[];
}
interface PurchaseOrder {
  id: string;
  number: string | null;
  status: string;
  lines: { id: string; quantity: number; received_quantity: number; pending_quantity: number }[];
}
interface List<T> {
  items: T[];
}

/**
 * Issue 24 through the browser: a supervisor raises a material request on a 390 px phone, the
 * owner approves it in a second browser context, turns it into a purchase order, issues it,
 * opens its PDF, records a partial delivery against it and sees "Partly received" with what is
 * still pending.
 */
describe('purchasing: request → approval → purchase order → PDF → partial delivery', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let owner: TestAccount;
  let supervisor: TestAccount;
  let phone: Page;
  let desk: Page;
  const problems: PageProblems[] = [];
  let requestId = '';
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
    await api(baseUrl, owner, 'POST', '/items', { name: 'Cement OPC 53', unit: 'bag' });
    await api(baseUrl, owner, 'POST', '/vendors', { name: 'Shree Cement Traders' });
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('a supervisor raises a request on a phone', async () => {
    phone = await open(supervisor, 390, 'supervisor');
    await phone.goto(`${baseUrl}/material-requests`);
    await phone.getByTestId('request-add').click();
    await phone.getByTestId('request-form').waitFor();
    await chooseIn(phone, 'request-line-0-item', 'Cement');
    await phone.getByTestId('request-line-0-quantity').fill('100');
    await phone.getByTestId('request-notes').fill('For the 3rd floor slab');
    await animationsDone(phone);
    await screenshot(phone, 'purchasing-request-form-phone');
    await phone.getByTestId('request-form-submit').click();
    await phone.getByTestId('request-form').waitFor({ state: 'detached' });
    await expect
      .poll(async () => {
        const list = await api<List<MaterialRequest>>(baseUrl, owner, 'GET', '/material_requests');
        return list.items.map((r) => [r.status, r.items[0]?.quantity]);
      })
      .toEqual([['submitted', 100]]);
    requestId = (await api<List<MaterialRequest>>(baseUrl, owner, 'GET', '/material_requests'))
      .items[0]!.id;
    // The supervisor may not approve it.
    await phone.goto(`${baseUrl}/material-requests/${requestId}`);
    await phone.getByTestId('request-detail-status').waitFor();
    expect(await phone.getByTestId('request-approve').count()).toBe(0);
  });

  it('the owner approves it in another browser and turns it into a purchase order', async () => {
    desk = await open(owner, 1280, 'owner');
    await desk.goto(`${baseUrl}/material-requests/${requestId}`);
    await desk.getByTestId('request-approve').click();
    await desk.getByTestId('request-approve-dialog').waitFor();
    await desk.getByTestId('request-approve-dialog-confirm').click();
    await desk.getByTestId('request-detail-status').getByText('Approved').waitFor();

    await desk.getByTestId('request-create-po').click();
    await desk.getByTestId('po-form').waitFor();
    // The request's line is there; the owner picks the vendor and the rate.
    expect(await desk.getByTestId('po-line-0-quantity').inputValue()).toBe('100');
    await chooseIn(desk, 'po-vendor', 'Shree');
    await desk.getByTestId('po-line-0-price').fill('400');
    await desk.getByTestId('po-form-total').getByText('₹40,000.00').waitFor();
    await desk.getByTestId('po-form-submit').click();
    await desk.getByTestId('page-po-detail').waitFor();
    orderId = new URL(desk.url()).pathname.split('/').pop()!;

    await desk.getByTestId('po-issue').click();
    await desk.getByTestId('po-confirm-confirm').click();
    await desk
      .getByTestId('po-detail-number')
      .getByText(/^PO\/\d{4}-\d{2}\/0001$/)
      .waitFor();
    const request = await api<MaterialRequest>(
      baseUrl,
      owner,
      'GET',
      `/material_requests/${requestId}`,
    );
    expect(request.status).toBe('ordered');
    await animationsDone(desk);
    await screenshot(desk, 'purchasing-po-issued-laptop');
  });

  it('opens the PO as a PDF a vendor would accept', async () => {
    // "Open PDF" opens it in a new tab, shown inline (issue 38), not as a download.
    const [tab] = await Promise.all([
      desk.context().waitForEvent('page'),
      desk.getByTestId('po-pdf').click(),
    ]);
    await expect.poll(() => tab.url()).toContain(`/purchase_orders/${orderId}/pdf?inline=1`);
    const answer = await desk.context().request.get(tab.url());
    expect(answer.headers()['content-disposition']).toMatch(/^inline; /);
    await tab.close();
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    const file = path.join(ARTIFACTS_DIR, 'purchasing-po.pdf');
    fs.writeFileSync(file, await answer.body());
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    if (spawnSync('pdftotext', ['-v']).status !== 0) return;
    const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).stdout;
    const order = await api<PurchaseOrder>(baseUrl, owner, 'GET', `/purchase_orders/${orderId}`);
    expect(text).toContain(order.number!);
    expect(text).toContain('Shree Cement Traders');
    expect(text.replace(/\s+/g, ' ')).toContain('Rupees Forty Thousand Only');
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

  it('records a partial delivery against the PO and shows what is pending', async () => {
    await desk.getByTestId('po-record-delivery').click();
    await desk.getByTestId('delivery-wizard').waitFor();
    const quantity = desk.getByTestId('delivery-line-0-quantity');
    if (!(await quantity.isVisible())) await desk.getByTestId('delivery-wizard-next').click();
    await quantity.waitFor();
    expect(await quantity.inputValue()).toBe('100');
    await quantity.fill('60');
    await desk.getByTestId('delivery-wizard-next').click();
    await desk.getByTestId('delivery-wizard-save').click();
    await desk.getByTestId('delivery-saved').waitFor();

    const order = await api<PurchaseOrder>(baseUrl, owner, 'GET', `/purchase_orders/${orderId}`);
    expect(order.status).toBe('partially_received');
    expect(order.lines[0]).toMatchObject({ received_quantity: 60, pending_quantity: 40 });
    await desk.goto(`${baseUrl}/purchase-orders/${orderId}`);
    await desk.getByTestId('po-detail-status').getByText('Partly received').waitFor();
    const pending = desk.getByTestId(`po-line-pending-${order.lines[0]!.id}`);
    await pending.waitFor();
    expect(await pending.innerText()).toContain('40');
    await animationsDone(desk);
    await screenshot(desk, 'purchasing-po-partly-received-laptop');
    // The phone sees the same order.
    await phone.goto(`${baseUrl}/purchase-orders/${orderId}`);
    await phone.getByTestId('po-detail-status').getByText('Partly received').waitFor();
    await animationsDone(phone);
    await screenshot(phone, 'purchasing-po-phone');
  });

  it('an advance set aside for the PO pays the rest as it arrives; a rate difference is listed', async () => {
    const account = await api<{ id: string }>(baseUrl, owner, 'POST', '/accounts', {
      name: 'HDFC current',
      type: 'bank',
      opening_balance: 100000,
    });
    const vendors = await api<List<{ id: string; name: string }>>(
      baseUrl,
      owner,
      'GET',
      '/vendors',
    );
    const payment = await api<{ id: string }>(baseUrl, owner, 'POST', '/payments', {
      vendor: vendors.items.find((v) => v.name === 'Shree Cement Traders')!.id,
      account: account.id,
      amount: 10000,
      payment_date: '2026-11-20',
      reference: 'ADV-1',
    });
    await desk.goto(`${baseUrl}/purchase-orders/${orderId}`);
    await desk.getByTestId('po-advance-add').click();
    await desk.getByTestId('po-advance-dialog').waitFor();
    await desk.getByTestId(`po-advance-choose-${payment.id}`).click();
    await desk.getByTestId('po-advance-dialog').waitFor({ state: 'detached' });
    await desk.getByTestId(`po-advance-${payment.id}`).waitFor();

    // The last 40 bags arrive at ₹410 (the PO says ₹400): ₹16,400, ₹10,000 of it paid ahead.
    await desk.getByTestId('po-record-delivery').click();
    await desk.getByTestId('delivery-wizard').waitFor();
    const quantity = desk.getByTestId('delivery-line-0-quantity');
    if (!(await quantity.isVisible())) await desk.getByTestId('delivery-wizard-next').click();
    await quantity.waitFor();
    expect(await quantity.inputValue()).toBe('40');
    await desk.getByTestId('delivery-line-0-price').fill('410');
    await desk.getByTestId('delivery-line-0-rate-warning').waitFor();
    await desk.getByTestId('delivery-wizard-next').click();
    await desk.getByTestId('delivery-wizard-save').click();
    await desk.getByTestId('delivery-saved').waitFor();
    const deliveries = await api<List<{ total_amount: number; paid_amount: number }>>(
      baseUrl,
      owner,
      'GET',
      '/deliveries?sort=-created&perPage=1',
    );
    expect(deliveries.items[0]).toMatchObject({ total_amount: 16400, paid_amount: 10000 });
    const order = await api<PurchaseOrder>(baseUrl, owner, 'GET', `/purchase_orders/${orderId}`);
    expect(order.status).toBe('received');

    await desk.goto(`${baseUrl}/purchase-orders?tab=rate-differences`);
    const table = desk.getByTestId('pos-variances-table');
    await table.getByText('Cement OPC 53').waitFor();
    expect(await table.innerText()).toContain('₹410.00');
    await animationsDone(desk);
    await screenshot(desk, 'purchasing-rate-differences-laptop');
    await desk.goto(`${baseUrl}/purchase-orders/${orderId}`);
    await desk.getByTestId('po-detail-status').getByText('Received').waitFor();
    await animationsDone(desk);
    await screenshot(desk, 'purchasing-po-received-advance-laptop');
  });

  it('raised no page errors and no missing translation keys', () => {
    for (const found of problems) {
      expect(found.errors).toEqual([]);
      expect(found.missingKeys).toEqual([]);
    }
  });
});
