import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithSite, storeSession, type TestAccount } from './support/accounts';
import { launchBrowser, newContext, screenshot, watchPage } from './support/browser';
import { PNG_1X1 } from './support/files';
import { request as call } from './support/http';
import { chooseIn } from './support/pickers';
import { workerServer } from './support/worker';

/** Issue 38 items 1 and 7: a supervisor's phone without a network. */

describe('a phone without a network', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let owner: TestAccount;
  const ids = { vendor: '', cement: '' };
  const contexts: BrowserContext[] = [];
  const site = () => `/api/sites/${owner.siteId}`;
  const asOwner = <T>(method: string, route: string, body?: unknown) =>
    call<T>(baseUrl, owner.token, method, `${site()}${route}`, body);

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await createAccountWithSite(baseUrl, 'Meena Joshi');
    ids.vendor = (await asOwner<{ id: string }>('POST', '/vendors', { name: 'Gupta Traders' })).id;
    ids.cement = (
      await asOwner<{ id: string }>('POST', '/items', { name: 'PPC Cement', unit: 'bag' })
    ).id;
    // Something to count: a delivery recorded online (the dashboard's figures, stock on hand).
    await asOwner('POST', '/deliveries', {
      vendor: ids.vendor,
      delivery_date: '2025-06-02',
      delivery_reference: 'ON-1001',
      delivery_items: [{ item: ids.cement, quantity: 40, unit_price: 350 }],
    });
  });

  afterEach(async () => {
    while (contexts.length > 0) await contexts.pop()?.close();
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** A 390 px phone, signed in, whose service worker controls the page. */
  async function openPhone(account: TestAccount, siteId: string) {
    const context = await newContext(browser, {
      width: 390,
      height: 844,
      serviceWorkers: 'allow', // offline use runs on the service worker
    });
    contexts.push(context);
    const page = await context.newPage();
    const problems = watchPage(page);
    await page.goto(`${baseUrl}/login`);
    await storeSession(page, account, siteId);
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('dashboard-page').waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
    // The worker takes over at the next load (it does not claim open pages).
    await page.reload();
    await page.getByTestId('dashboard-page').waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    return { context, page, problems };
  }

  /** Whether the last-read data is kept in IndexedDB (lib/query-persist.ts). */
  const keptData = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const open = indexedDB.open('siteledger', 1);
          open.onsuccess = () => {
            const read = open.result
              .transaction('query-cache')
              .objectStore('query-cache')
              .get('last');
            read.onsuccess = () => resolve(read.result !== undefined);
            read.onerror = () => resolve(false);
          };
          open.onerror = () => resolve(false);
        }),
    );

  /** The three-step form: vendor, date, reference; one cement line; review; save. */
  async function recordDelivery(page: Page, reference: string) {
    await page.getByTestId('delivery-add').click();
    await page.getByTestId('delivery-wizard').waitFor();
    await chooseIn(page, 'delivery-vendor', 'gupta');
    await page.getByTestId('delivery-date').fill('2025-06-04');
    await page.getByTestId('delivery-reference').fill(reference);
    await page.getByTestId('delivery-wizard-next').click();
    await chooseIn(page, 'delivery-line-0-item', 'cement');
    await page.getByTestId('delivery-line-0-quantity').fill('12');
    await page.getByTestId('delivery-line-0-price').fill('390');
    await page.getByTestId('delivery-wizard-next').click();
    await page.getByTestId('delivery-review').waitFor();
    await page.getByTestId('delivery-wizard-save').click();
  }

  /** Opens the delivery form online once, so its pick lists are known, and closes it. */
  async function useDeliveryFormOnce(page: Page) {
    await page.getByTestId('delivery-add').click();
    await page.getByTestId('delivery-wizard').waitFor();
    await chooseIn(page, 'delivery-vendor', 'gupta');
    await page.getByTestId('delivery-wizard-next').click();
    await chooseIn(page, 'delivery-line-0-item', 'cement');
    await page.getByTestId('delivery-wizard-back').click();
    await page.getByTestId('delivery-wizard-cancel').click();
    await discardEntry(page);
    await page.getByTestId('delivery-wizard').waitFor({ state: 'detached' });
  }

  /** A vendor or item was picked, so closing asks first (issue 38 item 2): "Discard". */
  async function discardEntry(page: Page) {
    const ask = page.getByTestId('discard-entry-dialog');
    await ask.waitFor();
    await page.getByTestId('discard-entry-dialog-confirm').click();
    await ask.waitFor({ state: 'detached' });
  }

  it('opens offline after a reload with the dashboard and the queued delivery', async () => {
    const { context, page, problems } = await openPhone(owner, owner.siteId);
    const total = await page.getByTestId('dashboard-card-total-expenses').textContent();
    expect(total).toContain('14,000');
    await page.goto(`${baseUrl}/deliveries`);
    await page.getByTestId('page-deliveries').getByText('ON-1001').first().waitFor();
    await useDeliveryFormOnce(page);

    await context.setOffline(true);
    await recordDelivery(page, 'OFF-5001');
    await page.getByTestId('offline-queue-count').getByText('1').waitFor();

    // Reopened without a network: the app opens from what it last knew, marked offline.
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('dashboard-page').waitFor({ timeout: 15_000 });
    await page.getByTestId('offline-banner').waitFor();
    expect(await page.getByTestId('dashboard-card-total-expenses').textContent()).toContain(
      '14,000',
    );
    await page.getByTestId('offline-queue-count').getByText('1').waitFor();
    await page.getByTestId('offline-queue-button').click();
    const panel = page.getByTestId('offline-queue-panel');
    expect(await panel.getByTestId('offline-queue-entry').textContent()).toContain('OFF-5001');
    await page.keyboard.press('Escape');
    await screenshot(page, 'phone-offline-dashboard');

    // The deliveries list, offline: what was last read, and the queued one marked as waiting.
    await page.goto(`${baseUrl}/deliveries`);
    await page
      .getByTestId('page-deliveries')
      .getByText('ON-1001')
      .first()
      .waitFor({ timeout: 15_000 });
    await page.getByTestId('queued-records').getByText('OFF-5001').waitFor();
    // A queued form still works after the offline reload.
    await recordDelivery(page, 'OFF-5002');
    await page.getByTestId('offline-queue-count').getByText('2').waitFor();
    await screenshot(page, 'phone-offline-deliveries');

    await context.setOffline(false);
    await page.getByTestId('offline-queue-button').waitFor({ state: 'detached', timeout: 30_000 });
    const saved = await asOwner<{ items: { delivery_reference: string }[] }>(
      'GET',
      '/deliveries?perPage=50',
    );
    expect(saved.items.map((d) => d.delivery_reference).sort()).toEqual([
      'OFF-5001',
      'OFF-5002',
      'ON-1001',
    ]);

    // What the app last knew stays on the device only while its person is signed in.
    expect(await keptData(page)).toBe(true);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await page.waitForURL(/\/login/);
    await expect.poll(() => keptData(page)).toBe(false);
    expect(problems.missingKeys).toEqual([]);
  });

  it('shows a consumption queued offline as waiting in stock, and in the waiting list', async () => {
    const { context, page, problems } = await openPhone(owner, owner.siteId);
    await page.goto(`${baseUrl}/stock`);
    await page.getByTestId(`stock-on-hand-${ids.cement}`).waitFor();
    const before = await page.getByTestId(`stock-on-hand-${ids.cement}`).getAttribute('data-value');
    // The form once online: its item list is then kept for offline use.
    await page.getByTestId('stock-consumption-add').click();
    await page.getByTestId('consumption-form').waitFor();
    await chooseIn(page, 'consumption-item', 'cement');
    await page.keyboard.press('Escape');
    await discardEntry(page);
    await page.getByTestId('consumption-form').waitFor({ state: 'detached' });

    await context.setOffline(true);
    await page.getByTestId('stock-consumption-add').click();
    await page.getByTestId('consumption-form').waitFor();
    await chooseIn(page, 'consumption-item', 'cement');
    await page.getByTestId('consumption-quantity').fill('7');
    await page.getByTestId('consumption-used-for').fill('Basement slab');
    await page.getByTestId('consumption-form-submit').click();
    await page.getByTestId('consumption-form').waitFor({ state: 'detached' });

    // On the stock page, where it belongs: the item's waiting use, and the entry marked waiting.
    await page.getByTestId(`stock-waiting-${ids.cement}`).getByText('-7 bag').waitFor();
    const here = page.getByTestId('queued-records');
    await here.getByText(/Consumption · PPC Cement · -7 bag · Basement slab/).waitFor();
    expect(await here.getByTestId('queued-record').getAttribute('data-status')).toBe('pending');
    // The stock itself is the server's until the entry is sent.
    expect(await page.getByTestId(`stock-on-hand-${ids.cement}`).getAttribute('data-value')).toBe(
      before,
    );
    // Still there after an offline reload, and in the list of everything waiting.
    await page.reload();
    await page.getByTestId(`stock-waiting-${ids.cement}`).waitFor({ timeout: 15_000 });
    await page.getByTestId('offline-queue-button').click();
    expect(
      await page
        .getByTestId('offline-queue-panel')
        .getByTestId('offline-queue-entry')
        .textContent(),
    ).toContain('PPC Cement · -7 bag');
    await page.keyboard.press('Escape');
    // The form still works after the offline reload: a second use adds up with the first.
    await page.getByTestId('stock-consumption-add').click();
    await page.getByTestId('consumption-form').waitFor();
    await chooseIn(page, 'consumption-item', 'cement');
    await page.getByTestId('consumption-quantity').fill('3');
    await page.getByTestId('consumption-form-submit').click();
    await page.getByTestId('consumption-form').waitFor({ state: 'detached' });
    await page.getByTestId(`stock-waiting-${ids.cement}`).getByText('-10 bag').waitFor();
    await screenshot(page, 'phone-offline-stock-waiting');

    await context.setOffline(false);
    await page.getByTestId('queued-records').waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByTestId(`stock-waiting-${ids.cement}`).waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByTestId(`stock-on-hand-${ids.cement}`).getAttribute('data-value'))
      .toBe(String(Number(before) - 10));
    expect(problems.missingKeys).toEqual([]);
  });

  it('tells the receiving site a transfer is on its way, live and on its dashboard', async () => {
    // A second site of the owner's, where a supervisor works; stock goes there from the first.
    const siteB = (
      await call<{ id: string }>(baseUrl, owner.token, 'POST', '/api/sites', {
        name: 'Meena Joshi Tower B',
        total_units: 4,
        total_planned_area: 2000,
      })
    ).id;
    const supervisor = await createAccountWithSite(baseUrl, 'Ravi Kulkarni');
    await call(baseUrl, owner.token, 'POST', `/api/sites/${siteB}/members`, {
      email: supervisor.user.email,
      role: 'supervisor',
    });
    const context = await newContext(browser, {
      width: 390,
      height: 844,
      serviceWorkers: 'allow', // offline use runs on the service worker
    });
    contexts.push(context);
    const page = await context.newPage();
    const problems = watchPage(page);
    await page.goto(`${baseUrl}/login`);
    await storeSession(page, supervisor, siteB);
    const stream = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/sites/${siteB}/events`) && response.status() === 200,
    );
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('dashboard-page').waitFor();
    await stream;
    expect(await page.getByTestId('dashboard-incoming-transfers').count()).toBe(0);

    const sent = await asOwner<{ id: string }>('POST', '/stock_transfers', {
      to_site: siteB,
      transfer_date: '2025-06-05',
      lines: [{ item: ids.cement, quantity: 10 }],
    });
    // Told at once, and listed on the dashboard until it is received.
    await page
      .getByTestId('toast-info')
      .getByText('Stock on its way to this site · Meena Joshi Tower B')
      .waitFor();
    const card = page.getByTestId('dashboard-incoming-transfers');
    await card.getByTestId(`dashboard-incoming-transfer-${sent.id}`).waitFor();
    expect(await card.textContent()).toContain("From Meena Joshi's site");
    expect(await card.textContent()).toContain('PPC Cement');
    await screenshot(page, 'phone-transfer-on-its-way');
    // Still there when the app is opened later (the server lists it, not the notice).
    await page.reload();
    await card.getByTestId(`dashboard-incoming-transfer-${sent.id}`).waitFor();
    await card.getByTestId(`dashboard-incoming-transfer-${sent.id}`).click();
    await page.getByTestId('page-transfer-detail').waitFor();
    expect(problems.missingKeys).toEqual([]);
    expect(problems.errors).toEqual([]);
  });

  it('keeps a photo taken in the delivery form offline and puts it on the delivery after sync', async () => {
    const { context, page, problems } = await openPhone(owner, owner.siteId);
    await page.goto(`${baseUrl}/deliveries`);
    await page.getByTestId('page-deliveries').getByText('ON-1001').first().waitFor();
    await useDeliveryFormOnce(page);

    await context.setOffline(true);
    await page.getByTestId('delivery-add').click();
    await page.getByTestId('delivery-wizard').waitFor();
    await chooseIn(page, 'delivery-vendor', 'gupta');
    await page.getByTestId('delivery-date').fill('2025-06-06');
    await page.getByTestId('delivery-reference').fill('OFF-PHOTO-1');
    await page.getByTestId('delivery-wizard-next').click();
    await chooseIn(page, 'delivery-line-0-item', 'cement');
    await page.getByTestId('delivery-line-0-quantity').fill('5');
    await page.getByTestId('delivery-line-0-price').fill('380');
    await page.getByTestId('delivery-wizard-next').click();
    await page.getByTestId('delivery-review').waitFor();
    // The bill's photo, taken before saving.
    await page
      .getByTestId('delivery-form-photos-input')
      .setInputFiles({ name: 'bill.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await page.getByTestId('delivery-form-photos-item').waitFor();
    await screenshot(page, 'phone-offline-delivery-photo');
    await page.getByTestId('delivery-wizard-save').click();
    await page.getByTestId('delivery-wizard').waitFor({ state: 'detached' });
    await page.getByTestId('offline-queue-count').getByText('1').waitFor();

    await page.getByTestId('offline-queue-button').click();
    expect(await page.getByTestId('offline-queue-entry').textContent()).toContain('1 photo');
    await page.keyboard.press('Escape');
    // Kept across an offline reload too.
    await page.reload();
    await page.getByTestId('offline-queue-count').getByText('1').waitFor({ timeout: 15_000 });

    await context.setOffline(false);
    await page.getByTestId('offline-queue-button').waitFor({ state: 'detached', timeout: 30_000 });
    const photosOf = async () => {
      const list = await asOwner<{ items: { delivery_reference: string; photos: string[] }[] }>(
        'GET',
        '/deliveries?q=OFF-PHOTO-1&perPage=10',
      );
      return list.items.filter((d) => d.delivery_reference === 'OFF-PHOTO-1');
    };
    await expect.poll(async () => (await photosOf())[0]?.photos.length ?? 0).toBe(1);
    expect(await photosOf()).toHaveLength(1);
    // Nothing left waiting on the device.
    expect(
      await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('siteledger-photos', 1);
            open.onsuccess = () => {
              const count = open.result.transaction('waiting').objectStore('waiting').count();
              count.onsuccess = () => resolve(count.result);
            };
          }),
      ),
    ).toBe(0);
    expect(problems.missingKeys).toEqual([]);
  });

  it('takes a photo of the returned goods in the return form, before saving', async () => {
    const { page, problems } = await openPhone(owner, owner.siteId);
    await page.goto(`${baseUrl}/vendor-returns`);
    await page.getByTestId('return-add').click();
    await page.getByTestId('return-wizard').waitFor();
    await chooseIn(page, 'return-vendor', 'gupta');
    await page.getByTestId('return-line-0-select').check();
    await page.getByTestId('return-line-0-quantity').fill('2');
    await page.getByTestId('return-line-0-condition').selectOption('damaged');
    await page.getByTestId('return-wizard-next').click();
    await page.getByTestId('return-reason').selectOption('damaged');
    await page.getByTestId('return-wizard-next').click();
    await page.getByTestId('return-wizard-next').click();
    await page.getByTestId('return-review').waitFor();
    await page
      .getByTestId('return-form-photos-input')
      .setInputFiles({ name: 'torn-bags.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await page.getByTestId('return-form-photos-item').waitFor();
    await page.getByTestId('return-wizard-save').click();
    await page.getByTestId('return-saved').waitFor();
    const returns = async () =>
      (
        await asOwner<{ items: { id: string; photos?: string[] }[] }>(
          'GET',
          '/vendor_returns?perPage=10',
        )
      ).items;
    await expect.poll(async () => (await returns()).length).toBe(1);
    const [saved] = await returns();
    await expect
      .poll(
        async () =>
          (await asOwner<{ photos: string[] }>('GET', `/vendor_returns/${saved?.id}`)).photos
            .length,
      )
      .toBe(1);
    expect(problems.missingKeys).toEqual([]);
  });
});
