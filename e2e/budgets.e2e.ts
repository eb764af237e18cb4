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
import { downloadedPath } from './support/files';
import { api, request } from './support/http';
import { chooseIn } from './support/pickers';
import { overflowOf, settle } from './support/layout';
import { workerServer } from './support/worker';

/** YYYY-MM-DD today, as the browser (Asia/Kolkata) reads it. */
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

/**
 * Issue 45 through the browser, on a Basic-plan site (this server's default): the owner budgets
 * 2,000 bags of cement at ₹475 (₹9,50,000) with the work 30 % done; 160 bags are on an issued PO
 * naming the line (₹76,000 committed), 1,440 bags were delivered (₹6,84,000 actual), so
 * ₹1,90,000 remains; 680 bags were consumed where 30 % of the work should have used 600: 113.3 %,
 * past the site's 110 %, so the line is flagged. Phones never scroll sideways (390 px; 360 px in
 * Hindi).
 */
describe('budgets: a material line with its order, delivery and consumption', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let owner: TestAccount;
  let cementLine = '';
  const problems: PageProblems[] = [];

  async function open(width: number, language: 'en' | 'hi' = 'en'): Promise<Page> {
    const context = await newContext(browser, { width, height: width < 600 ? 844 : 900 });
    contexts.push(context);
    const page = await context.newPage();
    problems.push(watchPage(page));
    await page.goto(`${baseUrl}/login`);
    await storeSession(page, owner, owner.siteId);
    await page.evaluate((lang) => localStorage.setItem('siteledger.language', lang), language);
    return page;
  }

  /** The header's actions lie inside the viewport, none over another. */
  async function actionsFit(page: Page): Promise<void> {
    const width = page.viewportSize()?.width ?? 0;
    const boxes = await Promise.all(
      ['budget-downloads', 'budget-import', 'budget-add'].map(async (id) =>
        page.getByTestId(id).boundingBox(),
      ),
    );
    for (const box of boxes) {
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    }
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const apart =
          a!.x + a!.width <= b!.x ||
          b!.x + b!.width <= a!.x ||
          a!.y + a!.height <= b!.y ||
          b!.y + b!.height <= a!.y;
        expect(apart).toBe(true);
      }
    }
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await createAccountWithSite(baseUrl, 'Anil Mehta');
    const cement = (
      await api<{ id: string }>(baseUrl, owner, 'POST', '/items', { name: 'Cement', unit: 'bag' })
    ).id;
    const line = await api<{ id: string; amount: number }>(
      baseUrl,
      owner,
      'POST',
      '/budget_lines',
      {
        head: 'material',
        name: 'Cement',
        item: cement,
        quantity: 2000,
        unit_rate: 475,
        percent_complete: 30,
      },
    );
    expect(line.amount).toBe(950000);
    cementLine = line.id;
    const vendor = await api<{ id: string }>(baseUrl, owner, 'POST', '/vendors', {
      name: 'Shree Cement Traders',
    });
    const order = await api<{ id: string }>(baseUrl, owner, 'POST', '/purchase_orders', {
      vendor: vendor.id,
      order_date: today(),
      lines: [{ item: cement, quantity: 160, unit_price: 475, budget_line: line.id }],
    });
    await api(baseUrl, owner, 'POST', `/purchase_orders/${order.id}/issue`, {});
    await api(baseUrl, owner, 'POST', '/deliveries', {
      vendor: vendor.id,
      delivery_date: today(),
      delivery_items: [{ item: cement, quantity: 1440, unit_price: 475 }],
    });
    await api(baseUrl, owner, 'POST', '/stock_consumptions', {
      item: cement,
      quantity: 680,
      consumption_date: today(),
      used_for: 'Slabs',
    });
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('the owner sees the totals and the cement line flagged at 113.3 % used', async () => {
    const desk = await open(1366);
    await desk.goto(`${baseUrl}/budget`);
    await desk.getByTestId('page-budget').waitFor();
    const total = (figure: string) => desk.getByTestId(`budget-totals-${figure}`);
    await total('budget').getByText('₹9,50,000.00').waitFor();
    expect(await total('committed').innerText()).toBe('₹76,000.00');
    expect(await total('actual').innerText()).toBe('₹6,84,000.00');
    expect(await total('remaining').innerText()).toBe('₹1,90,000.00');

    const cement = desk.getByTestId('budget-line').filter({ hasText: 'Cement' });
    expect(await cement.getAttribute('data-flagged')).toBe('true');
    const used = cement.getByTestId('budget-line-consumption');
    expect(await used.innerText()).toContain('113.3 % used');
    expect(await used.getAttribute('data-flag')).toBe('true');
    // The owner edits; the others read.
    await cement.getByTestId('budget-line-edit').waitFor();
    await settle(desk);
    await screenshot(desk, 'budgets-page-laptop');

    // An owner adds a labour line by amount alone; it lands under its own head.
    await desk.getByTestId('budget-add').click();
    await desk.getByTestId('budget-line-form').waitFor();
    await desk.getByTestId('budget-form-head').selectOption('labour');
    await desk.getByTestId('budget-form-name').fill('Masons');
    await desk.getByTestId('budget-form-amount').fill('200000');
    await screenshot(desk, 'budgets-add-dialog-laptop');
    await desk.getByTestId('budget-line-form-submit').click();
    await desk.getByTestId('budget-line-form').waitFor({ state: 'detached' });
    await desk.getByTestId('budget-head-labour').getByText('Masons').waitFor();
    await total('budget').getByText('₹11,50,000.00').waitFor();

    // Raising it asks why; the revision shows original → revised with the reason.
    const masons = desk.getByTestId('budget-line').filter({ hasText: 'Masons' });
    await masons.getByTestId('budget-line-edit').click();
    await desk.getByTestId('budget-line-form').waitFor();
    await desk.getByTestId('budget-form-amount').fill('250000');
    await desk.getByTestId('budget-form-reason').fill('Extra floor approved');
    await desk.getByTestId('budget-line-form-submit').click();
    await desk.getByTestId('budget-line-form').waitFor({ state: 'detached' });
    await masons.getByTestId('budget-line-revisions').locator('summary').click();
    await masons.getByText('₹2,00,000.00 → ₹2,50,000.00').waitFor();
    await masons.getByText('Extra floor approved').waitFor();
    await masons.getByText('by Anil Mehta', { exact: false }).waitFor();
    await settle(desk);
    await screenshot(desk, 'budgets-page-revised-laptop');

    // The dashboard's card reads the same totals from the budget report.
    await desk.goto(`${baseUrl}/`);
    await desk.getByTestId('dashboard-budget-totals-remaining').getByText('₹4,40,000.00').waitFor();
    await desk.getByTestId('dashboard-budget').screenshot({
      path: path.join(ARTIFACTS_DIR, 'budgets-dashboard-card.png'),
    });

    // The report as PDF, Excel and CSV, each saved under the server's name.
    await desk.goto(`${baseUrl}/budget`);
    await desk.getByTestId('budget-line').first().waitFor();
    await actionsFit(desk);
    for (const [format, extension, magic] of [
      ['pdf', 'pdf', '%PDF'],
      ['xlsx', 'xlsx', 'PK'],
      ['csv', 'csv', '\ufeffHead'],
    ] as const) {
      await desk.getByTestId('budget-downloads').click();
      await desk.getByTestId('budget-downloads-menu').waitFor();
      if (format === 'pdf') await screenshot(desk, 'budget-downloads-menu-laptop');
      const [file] = await Promise.all([
        desk.waitForEvent('download'),
        desk.getByTestId(`budget-downloads-${format}`).click(),
      ]);
      expect(file.suggestedFilename()).toMatch(
        new RegExp(`^budget-[^-].*-\\d{4}-\\d{2}-\\d{2}\\.${extension}$`),
      );
      const saved = await downloadedPath(file);
      expect(fs.readFileSync(saved).subarray(0, 8).toString('utf8')).toContain(magic);
      await desk.getByTestId('toast-success').getByText(file.suggestedFilename()).first().waitFor();
    }
    expect(problems.flatMap((p) => [...p.errors, ...p.missingKeys])).toEqual([]);
  });

  it('does not scroll sideways on a phone (390 px; 360 px in Hindi)', async () => {
    for (const [width, language] of [
      [390, 'en'],
      [360, 'hi'],
    ] as const) {
      const phone = await open(width, language);
      await phone.goto(`${baseUrl}/budget`);
      await phone.getByTestId('budget-line').first().waitFor();
      await settle(phone);
      await actionsFit(phone);
      const overflow = await overflowOf(phone);
      expect(overflow.widest, `${width} px ${language}`).toEqual([]);
      expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
      await screenshot(phone, `budgets-page-phone-${width}-${language}`);
      await phone.getByTestId('budget-downloads').click();
      const menu = await phone.getByTestId('budget-downloads-menu').boundingBox();
      expect(menu!.x).toBeGreaterThanOrEqual(0);
      expect(menu!.x + menu!.width).toBeLessThanOrEqual(width);
      await screenshot(phone, `budget-downloads-menu-phone-${width}-${language}`);
    }
    expect(problems.flatMap((p) => [...p.errors, ...p.missingKeys])).toEqual([]);
  });
  it('the owner imports a BOQ: the preview shows the bad row, the good lines land on the page', async () => {
    const boq = Buffer.from(
      [
        'BOQ — Block A (Rev 1),,,,',
        'Description,Unit,Qty,Rate (₹),Head',
        'Steel TMT 12mm,kg,"2,500",62.35,material',
        'Excavation in foundation,cum,450,"1,250",subcontract',
        'Bricks,nos,"1,000",abc,material',
      ].join('\r\n'),
    );
    const file = { name: 'boq-block-a.csv', mimeType: 'text/csv', buffer: boq };
    const preview = async (page: Page) => {
      await page.goto(`${baseUrl}/budget`);
      await page.getByTestId('budget-import').click();
      await page.getByTestId('budget-import-dialog').waitFor();
      await page.getByTestId('budget-import-file').setInputFiles(file);
      await page.getByTestId('budget-import-table').waitFor();
      expect(await page.getByTestId('budget-import-valid').innerText()).toBe(
        '2 lines will be created',
      );
      expect(await page.getByTestId('budget-import-invalid').innerText()).toContain('1 row');
      const bad = page.getByTestId('budget-import-row-5');
      expect(await bad.getAttribute('data-state')).toBe('error');
      expect(await bad.getByTestId('budget-import-error').innerText()).toContain('“abc”');
      await settle(page);
    };

    // A phone: the table scrolls inside its box, the page never sideways.
    const phone = await open(390);
    await preview(phone);
    const overflow = await overflowOf(phone);
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
    // Only the table's own scroll box holds what is wider than the screen.
    const outside = await phone.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('body *'))
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
        .filter((element) => !element.closest('[data-testid="budget-import-table"]'))
        .map((element) => `${element.tagName} ${String(element.className).slice(0, 60)}`),
    );
    expect(outside).toEqual([]);
    const box = await phone.getByTestId('budget-import-table').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await screenshot(phone, 'budget-import-preview-390');
    // Without signal the import waits: the button says why and does nothing.
    await phone.getByTestId('budget-import-cancel').click();
    await phone.context().setOffline(true);
    const button = phone.getByTestId('budget-import');
    await button.getByText('Import BOQ needs signal').waitFor();
    expect(await button.isDisabled()).toBe(true);
    await phone.context().setOffline(false);
    await button.getByText('Import BOQ', { exact: true }).waitFor();

    // In Hindi too: the counts and the row's error in Hindi, still no sideways scroll.
    const hindi = await open(390, 'hi');
    await hindi.goto(`${baseUrl}/budget`);
    await hindi.getByTestId('budget-import').click();
    await hindi.getByTestId('budget-import-file').setInputFiles(file);
    await hindi.getByTestId('budget-import-table').waitFor();
    expect(await hindi.getByTestId('budget-import-valid').innerText()).toBe('2 लाइनें बनाई जाएँगी');
    await settle(hindi);
    expect((await overflowOf(hindi)).scrollWidth).toBeLessThanOrEqual(390);
    await screenshot(hindi, 'budget-import-preview-390-hi');

    const desk = await open(1366);
    await preview(desk);
    await screenshot(desk, 'budget-import-preview-1366');
    // The toast lasts seconds: watched from before the click, so a busy machine cannot miss it.
    const created = desk.getByText('2 budget lines created').waitFor();
    await desk.getByTestId('budget-import-create').click();
    await desk.getByTestId('budget-import-dialog').waitFor({ state: 'detached' });
    await created;
    await desk
      .getByTestId('budget-head-subcontract')
      .getByText('Excavation in foundation')
      .waitFor();
    const steel = desk.getByTestId('budget-line').filter({ hasText: 'Steel TMT 12mm' });
    await steel.getByText('₹1,55,875.00').first().waitFor();
    expect(await desk.getByTestId('budget-line').filter({ hasText: 'Bricks' }).count()).toBe(0);
    await screenshot(desk, 'budgets-page-imported-laptop');
    expect(problems.flatMap((p) => [...p.errors, ...p.missingKeys])).toEqual([]);
  });
  it('a supervisor sees the lines to book against, and their quantities once the owner allows', async () => {
    const supervisor = await createAccountWithSite(baseUrl, 'Suresh Supervisor');
    await request(baseUrl, owner.token, 'POST', `/api/sites/${owner.siteId}/members`, {
      email: supervisor.user.email,
      role: 'supervisor',
    });
    const context = await newContext(browser, { width: 390, height: 844 });
    contexts.push(context);
    const phone = await context.newPage();
    problems.push(watchPage(phone));
    await phone.goto(`${baseUrl}/login`);
    await storeSession(phone, supervisor, owner.siteId);
    await phone.evaluate(() => localStorage.setItem('siteledger.role', 'supervisor'));
    await phone.goto(`${baseUrl}/budget`);
    const view = phone.getByTestId('budget-supervisor-view');
    await view.getByText('Cement', { exact: true }).waitFor();
    expect(await phone.getByTestId('budget-supervisor-note').innerText()).toContain(
      'The owner keeps',
    );
    // No money anywhere on the page, and no report to download.
    expect(await view.innerText()).not.toContain('₹');
    expect(await phone.getByTestId('budget-downloads').count()).toBe(0);
    expect(await phone.getByTestId('budget-qty-remaining').count()).toBe(0);

    await api(baseUrl, owner, 'PATCH', '', { supervisor_budget_view: 'quantities' });
    await phone.reload();
    const cement = view.getByTestId('budget-supervisor-line').filter({ hasText: 'Cement' });
    // 2,000 budgeted, 1,440 received and the 160 ordered still to come: 400 left to order.
    await cement.getByTestId('budget-qty-remaining').getByText('400').waitFor();
    expect(await view.innerText()).not.toContain('₹');
    await settle(phone);
    expect((await overflowOf(phone)).widest).toEqual([]);
    await screenshot(phone, 'budgets-supervisor-quantities-phone');
    expect(problems.flatMap((p) => [...p.errors, ...p.missingKeys])).toEqual([]);
  });

  it('a PO line names the budget line and shows what it leaves; past the budget the owner issues anyway', async () => {
    await api(baseUrl, owner, 'PATCH', '', { budget_control: 'block' });
    const desk = await open(1366);
    await desk.goto(`${baseUrl}/purchase-orders`);
    await desk.getByTestId('po-add').click();
    await desk.getByTestId('po-form').waitFor();
    await chooseIn(desk, 'po-vendor', 'Shree');
    await chooseIn(desk, 'po-line-0-item', 'Cement');
    await desk.getByTestId('po-line-0-quantity').fill('500');
    await desk.getByTestId('po-line-0-price').fill('475');
    await desk.getByTestId('po-line-0-budget-line').selectOption(cementLine);
    // ₹1,90,000 remains; this line's ₹2,37,500 would take it ₹47,500 past.
    await desk
      .getByTestId('po-line-0-budget-remaining')
      .getByText('₹47,500.00 over budget')
      .waitFor();
    await screenshot(desk, 'budgets-po-line-over-laptop');
    await desk.getByTestId('po-form-submit').click();
    await desk.getByTestId('page-po-detail').waitFor();

    await desk.getByTestId('po-issue').click();
    await desk.getByTestId('po-confirm-confirm').click();
    // The site blocks: the refusal says why, and the owner may issue it anyway.
    await desk.getByTestId('po-over-budget').waitFor();
    await screenshot(desk, 'budgets-po-over-budget-laptop');
    await desk.getByTestId('po-over-budget-override').click();
    await desk
      .getByTestId('po-detail-number')
      .getByText(/^PO\/\d{4}-\d{2}\/\d{4}$/)
      .waitFor();
    const line = await api<{ committed: number }>(
      baseUrl,
      owner,
      'GET',
      `/budget_lines/${cementLine}`,
    );
    expect(line.committed).toBe(76_000 + 237_500);
    expect(problems.flatMap((p) => [...p.errors, ...p.missingKeys])).toEqual([]);
  });

  it('the owner sees every site of his on the overview', async () => {
    const desk = await open(1366);
    await desk.goto(`${baseUrl}/budget`);
    await desk.getByTestId('budget-overview-open').click();
    await desk.getByTestId('page-budget-overview').waitFor();
    await desk.getByTestId('budget-overview').getByText("Anil Mehta's site").first().waitFor();
    await settle(desk);
    await screenshot(desk, 'budgets-overview-laptop');
    const phone = await open(390);
    await phone.goto(`${baseUrl}/budget/overview`);
    await phone.getByTestId('budget-overview').getByText("Anil Mehta's site").first().waitFor();
    await settle(phone);
    expect((await overflowOf(phone)).widest).toEqual([]);
    await screenshot(phone, 'budgets-overview-phone');
    expect(problems.flatMap((p) => [...p.errors, ...p.missingKeys])).toEqual([]);
  });
});
