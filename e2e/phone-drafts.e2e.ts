import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithSite, storeSession, type TestAccount } from './support/accounts';
import {
  launchBrowser,
  newContext,
  screenshot,
  watchPage,
  type PageProblems,
} from './support/browser';
import { api } from './support/http';
import { chooseIn, pickerShows } from './support/pickers';
import { workerServer } from './support/worker';
import { animationsDone } from './support/layout';

interface Named {
  id: string;
  name: string;
}
interface List<T> {
  items: T[];
}
interface Delivery {
  id: string;
  vendor: string;
  total_amount: number;
}

/**
 * Issue 38, items 2 and 3, on a 390 px phone: typed work is not thrown away without a word (back,
 * Escape and × ask; a draft survives a reload), and a reload after recording a delivery from a
 * purchase order does not record it again; a second delivery like one recorded minutes ago is
 * questioned.
 */
describe('phone: drafts, discard questions and no bill twice', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let page: Page;
  let problems: PageProblems;
  let account: TestAccount;
  const vendors: Record<string, string> = {};
  let cement = '';

  async function openPhone(path: string) {
    await context?.close();
    context = await newContext(browser, { width: 390, height: 844 });
    page = await context.newPage();
    problems = watchPage(page);
    await page.goto(`${baseUrl}/login`);
    await storeSession(page, account, account.siteId);
    await page.goto(`${baseUrl}${path}`);
  }

  async function openDeliveryWizard() {
    await page.getByTestId('delivery-add').click();
    await page.getByTestId('delivery-wizard').waitFor();
  }

  async function openRequestForm() {
    await page.getByTestId('request-add').click();
    await page.getByTestId('request-form').waitFor();
  }

  const deliveriesOf = async (vendor: string) =>
    (await api<List<Delivery>>(baseUrl, account, 'GET', `/deliveries?vendor=${vendor}&perPage=50`))
      .items;

  /** The question, then "Keep editing": the dialog stays with what was typed. */
  async function asksAndKeeps(dialog: string) {
    const ask = page.getByTestId('discard-entry-dialog');
    await ask.waitFor();
    expect(await ask.innerText()).toContain('Discard this entry?');
    await page.getByTestId('discard-entry-dialog-cancel').click();
    await ask.waitFor({ state: 'detached' });
    expect(await page.getByTestId(dialog).isVisible()).toBe(true);
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    account = await createAccountWithSite(baseUrl, 'Sunita Kale');
    for (const name of ['Patil Cement Depot', 'Jadhav Steel', 'Kulkarni Traders']) {
      vendors[name] = (await api<Named>(baseUrl, account, 'POST', '/vendors', { name })).id;
    }
    cement = (
      await api<Named>(baseUrl, account, 'POST', '/items', { name: 'Cement PPC', unit: 'bag' })
    ).id;
  });

  afterEach(() => {
    expect(problems.errors).toEqual([]);
    expect(problems.missingKeys).toEqual([]);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('back, Escape and × on a filled delivery wizard ask before discarding', async () => {
    await openPhone('/deliveries');
    await openDeliveryWizard();
    await page.getByTestId('delivery-reference').fill('CH-501');

    await page.keyboard.press('Escape');
    await asksAndKeeps('delivery-wizard');
    expect(await page.getByTestId('delivery-reference').inputValue()).toBe('CH-501');

    // Android's back button is the browser's back.
    await page.goBack();
    await asksAndKeeps('delivery-wizard');
    expect(page.url()).toBe(`${baseUrl}/deliveries`);
    await animationsDone(page);
    await screenshot(page, 'phone-drafts-delivery-kept');

    await page.getByTestId('delivery-wizard-close').click();
    await page.getByTestId('discard-entry-dialog').waitFor();
    await animationsDone(page);
    await screenshot(page, 'phone-drafts-discard-question');
    await page.getByTestId('discard-entry-dialog-confirm').click();
    await page.getByTestId('delivery-wizard').waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${baseUrl}/deliveries`);

    // Discarded: the next one starts empty.
    await openDeliveryWizard();
    expect(await page.getByTestId('delivery-reference').inputValue()).toBe('');
    expect(await page.getByTestId('draft-restored').count()).toBe(0);
    // Nothing typed: closing does not ask.
    await page.keyboard.press('Escape');
    await page.getByTestId('delivery-wizard').waitFor({ state: 'detached' });
  });

  it('back and Escape on a filled material request form ask before discarding', async () => {
    await openPhone('/material-requests');
    await openRequestForm();
    await chooseIn(page, 'request-line-0-item', 'Cement');
    await page.getByTestId('request-line-0-quantity').fill('40');

    await page.goBack();
    await asksAndKeeps('request-form');
    expect(await page.getByTestId('request-line-0-quantity').inputValue()).toBe('40');
    await page.keyboard.press('Escape');
    await asksAndKeeps('request-form');
    await page.getByTestId('request-form-cancel').click();
    await page.getByTestId('discard-entry-dialog-confirm').click();
    await page.getByTestId('request-form').waitFor({ state: 'detached' });
  });

  it('a draft survives a reload until it is saved or discarded', async () => {
    await openPhone('/deliveries');
    await openDeliveryWizard();
    await chooseIn(page, 'delivery-vendor', 'Kulkarni');
    await page.getByTestId('delivery-reference').fill('CH-777');
    await page.getByTestId('delivery-notes').fill('Half the bags at the north gate');

    await page.reload();
    await page.getByTestId('page-deliveries').waitFor();
    await openDeliveryWizard();
    await page.getByTestId('draft-restored').waitFor();
    expect(await page.getByTestId('draft-restored').innerText()).toContain('Draft restored');
    expect(await page.getByTestId('delivery-reference').inputValue()).toBe('CH-777');
    expect(await page.getByTestId('delivery-notes').inputValue()).toBe(
      'Half the bags at the north gate',
    );
    await pickerShows(page, 'delivery-vendor', 'Kulkarni Traders');
    await animationsDone(page);
    await screenshot(page, 'phone-drafts-delivery-restored');

    await page.getByTestId('draft-discard').click();
    await page.getByTestId('draft-restored').waitFor({ state: 'detached' });
    expect(await page.getByTestId('delivery-reference').inputValue()).toBe('');
    // Closing drops the form's history entry (a history.back just after); a goto racing that
    // back is aborted (net::ERR_ABORTED), so wait for its popstate first.
    await page.evaluate(() => {
      window.addEventListener('popstate', () => document.body.setAttribute('data-popped', ''), {
        once: true,
      });
    });
    await page.keyboard.press('Escape');
    await page.getByTestId('delivery-wizard').waitFor({ state: 'detached' });
    await page.locator('body[data-popped]').waitFor({ state: 'attached' });

    // A material request: kept over a reload, gone once submitted.
    await page.goto(`${baseUrl}/material-requests`);
    await openRequestForm();
    await chooseIn(page, 'request-line-0-item', 'Cement');
    await page.getByTestId('request-line-0-quantity').fill('25');
    await page.getByTestId('request-notes').fill('For the lift pit');
    await page.reload();
    await page.getByTestId('request-add').waitFor();
    await openRequestForm();
    await page.getByTestId('draft-restored').waitFor();
    expect(await page.getByTestId('request-line-0-quantity').inputValue()).toBe('25');
    expect(await page.getByTestId('request-notes').inputValue()).toBe('For the lift pit');
    await page.getByTestId('request-form-submit').click();
    await page.getByTestId('request-form').waitFor({ state: 'detached' });
    await openRequestForm();
    expect(await page.getByTestId('request-notes').inputValue()).toBe('');
    expect(await page.getByTestId('draft-restored').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByTestId('request-form').waitFor({ state: 'detached' });
  });

  it('a reload after recording a delivery from a purchase order records nothing twice', async () => {
    const vendor = vendors['Patil Cement Depot']!;
    const draft = await api<{ id: string }>(baseUrl, account, 'POST', '/purchase_orders', {
      vendor,
      lines: [{ item: cement, quantity: 50, unit_price: 380 }],
    });
    await api(baseUrl, account, 'POST', `/purchase_orders/${draft.id}/issue`, {});

    await openPhone(`/purchase-orders/${draft.id}`);
    await page.getByTestId('po-record-delivery').click();
    await page.getByTestId('delivery-wizard').waitFor();
    await page.getByTestId('delivery-wizard-next').click();
    const quantity = page.getByTestId('delivery-line-0-quantity');
    await quantity.waitFor();
    expect(await quantity.inputValue()).toBe('50');
    await quantity.fill('20'); // a first part of the order
    await page.getByTestId('delivery-wizard-next').click();
    await page.getByTestId('delivery-wizard-save').click();
    await page.getByTestId('delivery-saved').waitFor();
    expect(await deliveriesOf(vendor)).toHaveLength(1);

    // A reload (or a restored tab) shows the list. Were the filled form back, a person would
    // go Next, Next, Save as before, and the bill would be entered twice.
    await page.reload();
    await page.getByTestId('page-deliveries').waitFor();
    await page.getByTestId('delivery-add').waitFor();
    await page.waitForTimeout(1500);
    if ((await page.getByTestId('delivery-wizard').count()) > 0) {
      await page.getByTestId('delivery-wizard-next').click();
      await page.getByTestId('delivery-line-0-quantity').waitFor();
      await page.getByTestId('delivery-wizard-next').click();
      await page.getByTestId('delivery-wizard-save').click();
      await page.getByTestId('delivery-saved').waitFor();
    }
    expect(await deliveriesOf(vendor)).toHaveLength(1);
    expect(await page.getByTestId('delivery-wizard').count()).toBe(0);
    // The link was read once: the address no longer asks for the filled form.
    expect(new URL(page.url()).search).toBe('');
  });

  it('a link to the payment form opens it once: a reload does not open it again', async () => {
    await openPhone(`/payments?new=1&vendor=${vendors['Jadhav Steel']!}`);
    await page.getByTestId('payment-form').waitFor();
    await pickerShows(page, 'payment-vendor', 'Jadhav Steel');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.reload();
    await page.getByTestId('page-payments').waitFor();
    await page.waitForTimeout(1500);
    expect(await page.getByTestId('payment-form').count()).toBe(0);
  });

  it('asks before recording a delivery like one recorded minutes ago', async () => {
    const vendor = vendors['Jadhav Steel']!;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    await api(baseUrl, account, 'POST', '/deliveries', {
      vendor,
      delivery_date: today,
      delivery_items: [{ item: cement, quantity: 10, unit_price: 420 }],
    });

    await openPhone('/deliveries');
    const record = async () => {
      await openDeliveryWizard();
      await chooseIn(page, 'delivery-vendor', 'Jadhav');
      await page.getByTestId('delivery-date').fill(today);
      await page.getByTestId('delivery-wizard-next').click();
      await chooseIn(page, 'delivery-line-0-item', 'Cement');
      await page.getByTestId('delivery-line-0-quantity').fill('10');
      await page.getByTestId('delivery-line-0-price').fill('420');
      await page.getByTestId('delivery-wizard-next').click();
      await page.getByTestId('delivery-wizard-save').click();
    };
    await record();
    const warning = page.getByTestId('delivery-duplicate-dialog');
    await warning.waitFor();
    expect(await warning.innerText()).toMatch(
      /A delivery of ₹4,200\.00 from this vendor was recorded (1 minute|\d+ minutes) ago\. Record another\?/,
    );
    await animationsDone(page);
    await screenshot(page, 'phone-drafts-duplicate-warning');
    await page.getByTestId('delivery-duplicate-dialog-cancel').click();
    await warning.waitFor({ state: 'detached' });
    expect(await deliveriesOf(vendor)).toHaveLength(1);

    // Meant: a second, identical bill is recorded on purpose.
    await page.getByTestId('delivery-wizard-save').click();
    await warning.waitFor();
    await page.getByTestId('delivery-duplicate-dialog-confirm').click();
    await page.getByTestId('delivery-saved').waitFor();
    expect(await deliveriesOf(vendor)).toHaveLength(2);
  });
});
