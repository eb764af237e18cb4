import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithSite, storeSession, type TestAccount } from './support/accounts';
import { ARTIFACTS_DIR, launchBrowser, newContext, screenshot, watchPage } from './support/browser';
import { downloadedPath, PNG_1X1 } from './support/files';
import { api, request } from './support/http';
import { overflowOf, settle } from './support/layout';
import { workerServer } from './support/worker';

interface Imprest {
  id: string;
  balance: number;
  pending_spend: number;
  replenishment_due: number;
  last_replenished: string | null;
}
interface Expense {
  id: string;
  description: string;
  amount: number;
  status: string;
  photos: string[];
  taxable_amount: number;
  cgst_amount: number;
}
interface List<T> {
  items: T[];
  totalItems: number;
}

/** YYYY-MM-DD of today in India (the browser's zone in newContext). */
const indianToday = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);

const SPENT = [
  { amount: '1950', description: 'Diesel for the mixer', head: 'equipment' },
  { amount: '2360', description: 'Binding wire', head: 'material', gstin: '27AAPFU0939F1ZV' },
  { amount: '2500', description: 'Water tanker', head: 'overhead' },
] as const;

/**
 * Issue 46 in the browser: a supervisor on a 390 px phone without signal records three petty
 * expenses with their bills' photos (the balance on top takes them off as they wait), the signal
 * returns and each reaches the server once with its photo; the owner approves the two above the
 * threshold from the approvals list (photos beside them); the accountant replenishes the imprest
 * back to its level. Then the page in Hindi at 360 px.
 */
describe('petty cash: spent offline on a phone, approved, replenished', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let owner: TestAccount;
  let supervisor: TestAccount;
  let accountant: TestAccount;
  let account = '';
  let imprest = '';
  let phone: Page;
  let phoneContext: BrowserContext;

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await createAccountWithSite(baseUrl, 'Kavita Rao');
    supervisor = await createAccountWithSite(baseUrl, 'Suresh Supervisor');
    accountant = await createAccountWithSite(baseUrl, 'Anil Accountant');
    for (const [who, role] of [
      [supervisor, 'supervisor'],
      [accountant, 'accountant'],
    ] as const) {
      await request(baseUrl, owner.token, 'POST', `/api/sites/${owner.siteId}/members`, {
        email: who.user.email,
        role,
      });
    }
    await request(baseUrl, owner.token, 'PATCH', `/api/sites/${owner.siteId}`, {
      state_code: '27',
      petty_photo_above: 2400,
    });
    account = (
      await api<{ id: string }>(baseUrl, owner, 'POST', '/accounts', {
        name: 'Site cash box',
        type: 'cash',
        opening_balance: 50_000,
      })
    ).id;
    imprest = (
      await api<{ id: string }>(baseUrl, owner, 'POST', '/imprests', {
        holder: supervisor.user.id,
        amount: 10_000,
        issued_date: indianToday(),
        account,
      })
    ).id;
  });

  afterAll(async () => {
    for (const open of contexts) await open.close();
    await browser?.close();
  });

  /** A signed-in page of `who` on this site; the service worker only where it goes offline. */
  async function open(
    who: TestAccount,
    role: string,
    width: number,
    options: { offline?: boolean; language?: 'en' | 'hi' } = {},
  ) {
    const context = await newContext(browser, {
      width,
      height: width < 500 ? 844 : 900,
      serviceWorkers: options.offline ? 'allow' : 'block',
    });
    contexts.push(context);
    const page = await context.newPage();
    watchPage(page);
    await page.goto(`${baseUrl}/login`);
    await storeSession(page, who, owner.siteId);
    await page.evaluate(
      ([r, lang]) => {
        localStorage.setItem('siteledger.role', r);
        localStorage.setItem('siteledger.language', lang);
      },
      [role, options.language ?? 'en'] as const,
    );
    return { context, page };
  }

  /** Nothing sticks out past the right edge (what sticks out is named when it does). */
  async function noSidewaysScroll(page: Page) {
    await settle(page);
    const overflow = await overflowOf(page);
    expect(overflow.scrollWidth, overflow.widest.join('\n')).toBeLessThanOrEqual(
      overflow.clientWidth,
    );
  }

  const expenses = () =>
    api<List<Expense>>(baseUrl, owner, 'GET', `/petty_expenses?imprest=${imprest}&perPage=50`);

  it('records three expenses with photos on a 390 px phone without signal', async () => {
    ({ context: phoneContext, page: phone } = await open(supervisor, 'supervisor', 390, {
      offline: true,
    }));
    await phone.goto(`${baseUrl}/petty-cash`);
    await phone.getByTestId('petty-balance-cash').getByText('₹10,000.00').waitFor();
    // The service worker takes the page, so it opens again without signal.
    await phone.evaluate(() => navigator.serviceWorker.ready);
    await phone.reload();
    await phone.getByTestId('petty-balance-cash').getByText('₹10,000.00').waitFor();
    await phone.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await phoneContext.setOffline(true);
    await phone.goto(`${baseUrl}/petty-cash`);
    await phone.getByTestId('offline-banner').waitFor({ timeout: 15_000 });
    await phone.getByTestId('petty-balance-cash').getByText('₹10,000.00').waitFor();

    for (const [index, spent] of SPENT.entries()) {
      await phone.getByTestId('petty-expense-add').click();
      await phone.getByTestId('petty-form').waitFor();
      // The cash in hand is in the form too.
      await phone.getByTestId('petty-form').getByTestId('petty-balance-cash').waitFor();
      await phone.getByTestId('petty-form-amount').fill(spent.amount);
      await phone.getByTestId('petty-form-description').fill(spent.description);
      await phone.getByTestId('petty-form-head').selectOption(spent.head);
      // Above the site's ₹2,400 photo amount the form asks for the bill's photo (and saves anyway).
      const photoNeeded = phone.getByTestId('petty-form-photo-needed');
      if (Number(spent.amount) > 2400) {
        expect(await photoNeeded.innerText()).toContain('A bill photo is needed above ₹2,400.00');
        await photoNeeded.scrollIntoViewIfNeeded();
        await phone.screenshot({
          path: path.join(ARTIFACTS_DIR, 'petty-spent-form-photo-needed-390.png'),
        });
      } else {
        expect(await photoNeeded.count()).toBe(0);
      }
      if ('gstin' in spent) {
        await phone.getByTestId('petty-form-gst-bill').check();
        await phone.getByTestId('petty-form-gstin').fill(spent.gstin);
        await phone.getByTestId('petty-form-gst-rate').selectOption('18');
      }
      await phone
        .getByTestId('petty-form-photos-input')
        .setInputFiles({ name: `bill-${index + 1}.png`, mimeType: 'image/png', buffer: PNG_1X1 });
      await phone.getByTestId('petty-form-photos-item').waitFor();
      await photoNeeded.waitFor({ state: 'detached' });
      if (index === 1) await screenshot(phone, 'petty-spent-form-offline-390');
      await phone.getByTestId('petty-form-submit').click();
      await phone.getByTestId('petty-form').waitFor({ state: 'detached' });
      await phone
        .getByTestId('offline-queue-count')
        .getByText(String(index + 1))
        .waitFor();
    }
    // The balance counts what waits on the phone: 10,000 − 6,810.
    await phone.getByTestId('petty-balance-cash').getByText('₹3,190.00').waitFor();
    await phone.getByTestId('petty-balance-queued').waitFor();
    await phone.getByTestId('offline-queue-button').click();
    expect(await phone.getByTestId('offline-queue-entry').first().textContent()).toContain(
      '1 photo',
    );
    await screenshot(phone, 'petty-offline-waiting-390');
    await phone.keyboard.press('Escape');
    expect((await expenses()).totalItems).toBe(0);
  }, 180_000);

  it('sends each expense once with its photo when the signal returns', async () => {
    let posts = 0;
    phone.on('response', (response) => {
      const url = new URL(response.url());
      if (response.request().method() === 'POST' && url.pathname.endsWith('/petty_expenses'))
        posts += 1;
    });
    await phoneContext.setOffline(false);
    await phone.getByTestId('offline-queue-button').waitFor({ state: 'detached', timeout: 30_000 });
    await expect
      .poll(async () => (await expenses()).items.filter((e) => e.photos.length === 1).length, {
        timeout: 20_000,
      })
      .toBe(3);
    const saved = (await expenses()).items;
    expect(saved).toHaveLength(3);
    const by = new Map(saved.map((e) => [e.description, e]));
    // At most ₹2,000 is approved as entered; the others wait for the owner.
    expect(by.get('Diesel for the mixer')?.status).toBe('approved');
    expect(by.get('Binding wire')).toMatchObject({
      status: 'pending',
      taxable_amount: 2000,
      cgst_amount: 180,
    });
    expect(by.get('Water tanker')?.status).toBe('pending');
    expect(posts).toBe(3);
    await phone.getByTestId('petty-balance-cash').getByText('₹3,190.00').waitFor();
    await phone.getByTestId('petty-balance-queued').waitFor({ state: 'detached' });
    await phone.reload();
    await phone.getByTestId('petty-balance-cash').getByText('₹3,190.00').waitFor();
    expect(posts).toBe(3);
  }, 90_000);

  it('the owner approves both from the list, photos beside them', async () => {
    const { page } = await open(owner, 'owner', 1366);
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('dashboard-petty').waitFor();
    // The owner holds no petty cash: the top bar keeps the three record actions.
    await page.getByTestId('quick-add-payment').waitFor();
    expect(await page.getByTestId('quick-add-petty').count()).toBe(0);
    await page.goto(`${baseUrl}/petty-cash?tab=approvals`);
    await page.getByTestId('petty-approvals-list').waitFor();
    expect(await page.getByTestId('petty-approval').count()).toBe(2);
    await page.locator('[data-testid^="petty-approval-photos-"] img').first().waitFor();
    await screenshot(page, 'petty-approvals-laptop');
    await page.getByTestId('petty-approve-all').click();
    await page.getByTestId('petty-approve-all-dialog-confirm').click();
    await page.getByTestId('petty-approve-all-approved').waitFor();
    await page.getByTestId('petty-approvals-empty').waitFor();
    const saved = (await expenses()).items;
    expect(saved.map((e) => e.status)).toEqual(['approved', 'approved', 'approved']);
    const cash = await api<Imprest>(baseUrl, owner, 'GET', `/imprests/${imprest}`);
    expect(cash).toMatchObject({ balance: 3_190, pending_spend: 0, replenishment_due: 6_810 });
  });

  it('the accountant replenishes the imprest back to its level', async () => {
    const { page } = await open(accountant, 'accountant', 390);
    await page.goto(`${baseUrl}/petty-cash?tab=imprests`);
    await page.getByTestId('petty-imprest').waitFor();
    await page.getByTestId('petty-imprest-replenish').click();
    await page.getByTestId('petty-replenish-form').waitFor();
    await page.getByTestId('petty-replenish-amount').getByText('₹6,810.00').waitFor();
    await page.getByTestId('petty-replenish-account').selectOption(account);
    await screenshot(page, 'petty-replenish-390');
    await page.getByTestId('petty-replenish-form-submit').click();
    await page.getByTestId('petty-replenish-form').waitFor({ state: 'detached' });
    await page.getByTestId('petty-imprest-balance').getByText('₹10,000.00').waitFor();
    const cash = await api<Imprest>(baseUrl, owner, 'GET', `/imprests/${imprest}`);
    expect(cash).toMatchObject({ balance: 10_000, replenishment_due: 0 });
    expect(cash.last_replenished).not.toBeNull();
    const box = await api<{ current_balance: number }>(
      baseUrl,
      owner,
      'GET',
      `/accounts/${account}`,
    );
    // 50,000 − the 10,000 issued − the 6,810 paid back.
    expect(box.current_balance).toBe(33_190);
    await screenshot(page, 'petty-imprests-390');
  });

  it('fits a 360 px phone in Hindi', async () => {
    const { page } = await open(supervisor, 'supervisor', 360, { language: 'hi' });
    await page.goto(`${baseUrl}/petty-cash`);
    await page.getByTestId('petty-balance-cash').getByText('₹10,000.00').waitFor();
    await noSidewaysScroll(page);
    await screenshot(page, 'petty-cash-phone-360-hi');
    await page.getByTestId('petty-expense-add').click();
    await page.getByTestId('petty-form').waitFor();
    await noSidewaysScroll(page);
    await screenshot(page, 'petty-spent-form-360-hi');
  });

  it('the holder sees his cash in hand on the dashboard and records Spent from there (390 px)', async () => {
    const { page } = await open(supervisor, 'supervisor', 390);
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('dashboard-page').waitFor();
    const cash = page.getByTestId('dashboard-petty-cash-value');
    await cash.getByText('₹10,000.00').waitFor();
    expect(await page.getByTestId('dashboard-petty-cash').innerText()).toContain('Cash in hand');
    await noSidewaysScroll(page);
    // His cash in hand comes right after the greeting: on the first screen, without scrolling.
    const card = await page.getByTestId('dashboard-petty-cash').boundingBox();
    expect(card && card.y + card.height).toBeLessThan(844);
    await screenshot(page, 'petty-dashboard-cash-390');

    // "Spent" is among the quick actions on any page, after the three record actions.
    await page.getByTestId('quick-fab').click();
    const list = page.getByTestId('quick-list');
    await list.waitFor();
    const ids = await list
      .locator('[data-testid^="quick-action-"]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')));
    expect(ids).toEqual([
      'quick-action-service-bookings',
      'quick-action-deliveries',
      'quick-action-payments',
      'quick-action-petty-cash',
    ]);
    await page.getByTestId('quick-action-petty-cash').click();
    await page.getByTestId('petty-form').waitFor();
    expect(new URL(page.url()).pathname).toBe('/petty-cash');
    await page.getByTestId('petty-form-amount').fill('150');
    await page.getByTestId('petty-form-description').fill('Tea for the crew');
    expect(await page.getByTestId('petty-form-photo-needed').count()).toBe(0);
    await page.getByTestId('petty-form-submit').click();
    await page.getByTestId('petty-form').waitFor({ state: 'detached' });
    await page.getByTestId('petty-balance-cash').getByText('₹9,850.00').waitFor();

    await page.goto(`${baseUrl}/`);
    await page.getByTestId('dashboard-petty-cash-value').getByText('₹9,850.00').waitFor();
  });

  it('the holder downloads his own statement as PDF and Excel', async () => {
    const { page } = await open(supervisor, 'supervisor', 390);
    await page.goto(`${baseUrl}/petty-cash`);
    await page.getByTestId('petty-balance-cash').getByText('₹9,850.00').waitFor();
    await screenshot(page, 'petty-holder-page-390');
    await page.getByTestId('petty-balance-statement').click();
    const dialog = page.getByTestId('petty-statement-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Statement of Suresh Supervisor');
    await screenshot(page, 'petty-holder-statement-390');
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('petty-statement-pdf').click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      fs
        .readFileSync(await downloadedPath(pdf))
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('petty-statement-xlsx').click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    // An .xlsx is a zip.
    expect(
      fs
        .readFileSync(await downloadedPath(xlsx))
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  it('the holder gets Spent in the top bar too (1280 px)', async () => {
    const { page } = await open(supervisor, 'supervisor', 1280);
    await page.goto(`${baseUrl}/vendors`);
    await page.getByTestId('page-vendors').waitFor();
    const spent = page.getByTestId('quick-add-petty');
    await spent.waitFor();
    expect(await spent.getAttribute('aria-label')).toBe('Spent (petty cash)');
    expect(await spent.innerText()).toBe('Spent');
    const bar = await page
      .getByTestId('quick-add')
      .locator('button')
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-testid')));
    expect(bar).toEqual([
      'quick-add-booking',
      'quick-add-delivery',
      'quick-add-payment',
      'quick-add-petty',
    ]);
    await spent.click();
    await page.getByTestId('petty-form').waitFor();
    expect(new URL(page.url()).pathname).toBe('/petty-cash');
  });
});
