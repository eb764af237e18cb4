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
import { api } from './support/http';
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
    await settle(desk);
    await screenshot(desk, 'budgets-page-revised-laptop');

    // The dashboard's card reads the same totals from the budget report.
    await desk.goto(`${baseUrl}/`);
    await desk.getByTestId('dashboard-budget-totals-remaining').getByText('₹4,40,000.00').waitFor();
    await desk.getByTestId('dashboard-budget').screenshot({
      path: path.join(ARTIFACTS_DIR, 'budgets-dashboard-card.png'),
    });
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
      const overflow = await overflowOf(phone);
      expect(overflow.widest, `${width} px ${language}`).toEqual([]);
      expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
      await screenshot(phone, `budgets-page-phone-${width}-${language}`);
    }
    expect(problems.flatMap((p) => [...p.errors, ...p.missingKeys])).toEqual([]);
  });
});
