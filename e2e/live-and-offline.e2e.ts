import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithSite, storeSession, type TestAccount } from './support/accounts';
import { launchBrowser, newContext, screenshot, watchPage } from './support/browser';
import { workerServer } from './support/worker';
import { animationsDone } from './support/layout';

/** Issue 7: live updates with notifications, and the offline write queue. */

async function call<T>(
  baseUrl: string,
  token: string,
  method: string,
  route: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status >= 400)
    throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

interface Shown {
  title: string;
  body?: string;
  via: string;
}

/**
 * Records every notification the page shows, whether through `new Notification` or the service
 * worker's `showNotification`, and still shows it.
 */
const WATCH_NOTIFICATIONS = `(() => {
  const shown = (window.__shown = []);
  const record = (title, options, via) =>
    shown.push({ title, body: options && options.body, via });
  const Native = window.Notification;
  if (Native) {
    const Watched = function (title, options) {
      record(title, options, 'page');
      return new Native(title, options);
    };
    Object.defineProperty(Watched, 'permission', { get: () => Native.permission });
    Watched.requestPermission = (...args) => Native.requestPermission(...args);
    Watched.prototype = Native.prototype;
    window.Notification = Watched;
  }
  if (window.ServiceWorkerRegistration) {
    const show = ServiceWorkerRegistration.prototype.showNotification;
    ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
      record(title, options, 'worker');
      return show.call(this, title, options);
    };
  }
})();`;

const queued = async (page: Page): Promise<unknown[]> =>
  JSON.parse(
    (await page.evaluate(() => localStorage.getItem('siteledger.offlineQueue'))) ?? '[]',
  ) as unknown[];

const shownIn = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shown?: Shown[] }).__shown ?? []);

describe('live updates, notifications and the offline queue', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let owner: TestAccount;
  let supervisor: TestAccount;
  let siteName = '';
  const ids = { sharma: '', cement: '' };
  const contexts: BrowserContext[] = [];

  const site = () => `/api/sites/${owner.siteId}`;
  const asOwner = <T>(method: string, route: string, body?: unknown) =>
    call<T>(baseUrl, owner.token, method, `${site()}${route}`, body);
  const deliveriesWith = async (reference: string) =>
    (
      await asOwner<{ items: { id: string; delivery_reference: string }[] }>(
        'GET',
        `/deliveries?q=${encodeURIComponent(reference)}&perPage=50`,
      )
    ).items.filter((d) => d.delivery_reference === reference);

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await createAccountWithSite(baseUrl, 'Kavita Rao');
    supervisor = await createAccountWithSite(baseUrl, 'Suresh Patil');
    siteName = "Kavita Rao's site";
    await asOwner('POST', '/members', { email: supervisor.user.email, role: 'supervisor' });
    ids.sharma = (await asOwner<{ id: string }>('POST', '/vendors', { name: 'Sharma Traders' })).id;
    ids.cement = (
      await asOwner<{ id: string }>('POST', '/items', { name: 'OPC Cement 53 grade', unit: 'bag' })
    ).id;
  });

  afterEach(async () => {
    while (contexts.length > 0) await contexts.pop()?.close();
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function openAs(
    account: TestAccount,
    options: {
      width?: number;
      height?: number;
      theme?: 'light' | 'dark';
      language?: 'en' | 'hi';
      notifications?: boolean;
      /**
       * 'block' where nothing goes offline (the seeded waiting list, the refused permission):
       * installing the worker precaches the whole build, seconds of CPU per context.
       */
      serviceWorkers?: 'allow' | 'block';
    } = {},
  ) {
    // Offline use runs on the service worker.
    const context = await newContext(browser, {
      ...options,
      serviceWorkers: options.serviceWorkers ?? 'allow',
    });
    contexts.push(context);
    if (options.notifications) {
      await context.grantPermissions(['notifications'], { origin: baseUrl });
      await context.addInitScript(WATCH_NOTIFICATIONS);
    }
    const page = await context.newPage();
    const problems = watchPage(page);
    await page.goto(`${baseUrl}/login`);
    await storeSession(page, account, owner.siteId);
    await page.evaluate(
      ([theme, language]) => {
        localStorage.setItem('siteledger.theme', theme);
        localStorage.setItem('siteledger.language', language);
        // Tours would cover what these tests look at.
        localStorage.setItem('siteledger.onboarding.disabled', 'true');
      },
      [options.theme ?? 'light', options.language ?? 'en'] as const,
    );
    return { context, page, problems };
  }

  /** Opens /deliveries and waits until its live stream is connected. */
  async function openDeliveries(page: Page) {
    const stream = page.waitForResponse(
      (response) => response.url().endsWith(`${site()}/events`) && response.status() === 200,
    );
    await page.goto(`${baseUrl}/deliveries`);
    await page.getByTestId('page-deliveries').waitFor();
    await stream;
  }

  /** The deliveries list (or its empty state) has loaded. */
  const listShown = (page: Page) =>
    page
      .locator('[data-testid="deliveries-table"], [data-testid="deliveries-table-empty"]')
      .first()
      .waitFor();

  async function chooseIn(page: Page, testId: string, search: string) {
    await page.getByTestId(testId).click();
    await page.getByTestId(`${testId}-search`).fill(search);
    await page.keyboard.press('Enter');
    await page.getByTestId(`${testId}-popover`).waitFor({ state: 'detached' });
  }

  /** Opens the form, picks a vendor, looks at the item list, and cancels. */
  async function useFormOnce(page: Page, vendor: string) {
    await page.getByTestId('delivery-add').click();
    await page.getByTestId('delivery-wizard').waitFor();
    await chooseIn(page, 'delivery-vendor', vendor);
    await page.getByTestId('delivery-wizard-next').click();
    await page.getByTestId('delivery-line-0-item').click();
    await page.getByTestId('delivery-line-0-item-search').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('delivery-line-0-item-popover').waitFor({ state: 'detached' });
    await page.getByTestId('delivery-wizard-back').click();
    await page.getByTestId('delivery-wizard-cancel').click();
    // A vendor was chosen: the form asks before that is thrown away (issue 38).
    await page.getByTestId('discard-entry-dialog-confirm').click();
    await page.getByTestId('delivery-wizard').waitFor({ state: 'detached' });
  }

  /** The three-step form: vendor, date, reference; one cement line; review; save. */
  async function recordDelivery(page: Page, reference: string, vendor = 'sharma') {
    if (!(await page.getByTestId('delivery-wizard').isVisible()))
      await page.getByTestId('delivery-add').click();
    await page.getByTestId('delivery-wizard').waitFor();
    await chooseIn(page, 'delivery-vendor', vendor);
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

  it('refreshes an open list and notifies when another member records a delivery', async () => {
    const { page, problems } = await openAs(owner, { notifications: true });
    await openDeliveries(page);
    await page.getByTestId('deliveries-table-empty').waitFor();
    await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));

    // Permission granted: the user menu offers to turn notifications off.
    await page.getByTestId('user-menu').click();
    const entry = page.getByTestId('user-menu-notifications');
    expect(await entry.getAttribute('data-setting')).toBe('on');
    expect(await entry.textContent()).toContain('Turn off notifications');
    await screenshot(page, 'live-user-menu-notifications-laptop');
    await page.keyboard.press('Escape');

    // The supervisor records a delivery on the owner's site (through the API, as a phone would).
    await call(baseUrl, supervisor.token, 'POST', `${site()}/deliveries`, {
      vendor: ids.sharma,
      delivery_date: '2025-06-03',
      delivery_reference: 'LIVE-2001',
      delivery_items: [{ item: ids.cement, quantity: 10, unit_price: 385.5 }],
    });
    await page.getByRole('row', { name: /LIVE-2001/ }).waitFor();
    await page.waitForFunction(() =>
      (window as unknown as { __shown?: Shown[] }).__shown?.some(
        (n) => n.title === 'New Delivery Recorded',
      ),
    );
    expect(await shownIn(page)).toEqual([
      expect.objectContaining({ title: 'New Delivery Recorded', body: siteName }),
    ]);
    await page.getByTestId('toast-info').getByText(`New Delivery Recorded · ${siteName}`).waitFor();
    // Refreshed in place: the page was never reloaded.
    expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(
      true,
    );
    await screenshot(page, 'live-delivery-from-colleague-laptop');

    // The person's own change refreshes the list too, without notifying them about it.
    await asOwner('POST', '/deliveries', {
      vendor: ids.sharma,
      delivery_date: '2025-06-03',
      delivery_reference: 'LIVE-2002',
      delivery_items: [{ item: ids.cement, quantity: 2, unit_price: 385.5 }],
    });
    await page.getByRole('row', { name: /LIVE-2002/ }).waitFor();
    // Someone else's quotation: "New Quotation Received".
    await call(baseUrl, supervisor.token, 'POST', `${site()}/quotations`, {
      vendor: ids.sharma,
      quotation_type: 'item',
      item: ids.cement,
      unit_price: 379,
    });
    await page.waitForFunction(
      () => ((window as unknown as { __shown?: Shown[] }).__shown?.length ?? 0) >= 2,
    );
    expect((await shownIn(page)).map((n) => n.title)).toEqual([
      'New Delivery Recorded',
      'New Quotation Received',
    ]);
    expect(problems).toEqual({ errors: [], missingKeys: [] });
  });

  it('keeps a delivery recorded offline across a reload and saves it once back online', async () => {
    const { context, page, problems } = await openAs(owner);
    await openDeliveries(page);
    await listShown(page);
    // Once the service worker is installed, a reload is served from it (the app opens offline).
    const hasWorker = await page.evaluate(() =>
      Promise.race([
        navigator.serviceWorker?.ready.then(() => true) ?? Promise.resolve(false),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000)),
      ]),
    );
    if (hasWorker) await openDeliveries(page);

    // The person has used the form before: its pick lists are kept for offline use.
    await useFormOnce(page, 'sharma');

    // A second tab of the same person (replays could race between tabs).
    const second = await context.newPage();
    await second.goto(`${baseUrl}/deliveries`);
    await listShown(second);
    const posts: string[] = [];
    // Only requests that got an answer count (the ones aborted below never reached the server).
    context.on('requestfinished', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`${site()}/deliveries`))
        posts.push(request.headers()['idempotency-key'] ?? '');
    });

    // Offline: the delivery is kept on the device, in line, and shown as waiting.
    await context.setOffline(true);
    await page.getByTestId('delivery-add').click();
    await page.getByTestId('offline-queue-offline-hint').waitFor();
    await screenshot(page, 'offline-delivery-form-laptop');
    await recordDelivery(page, 'OFF-3001');
    await page
      .getByTestId('toast-info')
      .getByText("Saved offline — will be sent when you're back online")
      .waitFor();
    await page.getByTestId('delivery-wizard').waitFor({ state: 'detached' });
    expect(await page.getByTestId('offline-queue-count').textContent()).toBe('1');
    // The other tab sees it too.
    await second.getByTestId('offline-queue-count').getByText('1').waitFor();
    await page.getByTestId('offline-queue-button').click();
    const panel = page.getByTestId('offline-queue-panel');
    await panel.waitFor();
    expect(await panel.getByTestId('offline-queue-entry-status').textContent()).toBe('Waiting');
    expect(await panel.getByTestId('offline-queue-entry').textContent()).toContain(
      'Delivery · Sharma Traders · OFF-3001 · ₹4,680.00',
    );
    await animationsDone(page);
    await screenshot(page, 'offline-queue-waiting-laptop');
    await page.keyboard.press('Escape');
    expect(posts).toEqual([]);

    // Reload while offline (the service worker serves the app): the entry is still there.
    if (hasWorker) {
      await page.reload();
      await page.waitForLoadState('domcontentloaded');
      expect(await queued(page)).toEqual([
        expect.objectContaining({ collection: 'deliveries', status: 'pending' }),
      ]);
    }
    // Reload again with the network back but creates not getting through (a dead zone where
    // pages load but writes time out): the replay at start-up fails, the entry still waits.
    await context.route(`**${site()}/deliveries`, (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
    );
    await context.setOffline(false);
    await page.reload();
    await page.getByTestId('offline-queue-count').getByText('1').waitFor();
    // Tried at start-up (and by the other tab), refused by the dead network: back in line.
    await expect
      .poll(async () => (await queued(page)).map((e) => (e as { status: string }).status))
      .toEqual(['pending']);
    // Still the one entry with what was typed (a retry may be under way again by now).
    expect(await queued(page)).toEqual([
      expect.objectContaining({
        collection: 'deliveries',
        status: expect.stringMatching(/^(pending|sending)$/) as unknown,
        body: expect.objectContaining({ delivery_reference: 'OFF-3001' }) as unknown,
      }),
    ]);
    await screenshot(page, 'offline-queue-after-reload-laptop');

    // Back online (both tabs hear it): sent once, by one tab, and reported.
    await context.unrouteAll();
    await context.setOffline(true);
    await context.setOffline(false);
    await Promise.any(
      [page, second].map((tab) =>
        tab
          .getByTestId('toast-success')
          .getByText(/^Sent: Delivery/)
          .first()
          .waitFor(),
      ),
    );
    await page.getByTestId('offline-queue-button').waitFor({ state: 'detached' });
    await second.getByTestId('offline-queue-button').waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /OFF-3001/ }).waitFor();
    await second.getByRole('row', { name: /OFF-3001/ }).waitFor();
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatch(/^[A-Za-z0-9._:-]{8,100}$/);
    expect(await deliveriesWith('OFF-3001')).toHaveLength(1);
    // A late repeat with the same key (a replay racing a lost answer) answers the same record.
    const [saved] = await deliveriesWith('OFF-3001');
    const repeat = await fetch(`${baseUrl}${site()}/deliveries`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${owner.token}`,
        'idempotency-key': posts[0] ?? '',
      },
      body: JSON.stringify({
        vendor: ids.sharma,
        delivery_date: '2025-06-04',
        delivery_reference: 'OFF-3001',
        delivery_items: [{ item: ids.cement, quantity: 12, unit_price: 390 }],
      }),
    });
    expect(repeat.status).toBeLessThan(300);
    expect(((await repeat.json()) as { id: string }).id).toBe(saved?.id);
    expect(await deliveriesWith('OFF-3001')).toHaveLength(1);
    expect(problems.missingKeys).toEqual([]);
  });

  it('shows a refused queued delivery with the server reason and lets the person fix it', async () => {
    const temp = await asOwner<{ id: string }>('POST', '/vendors', { name: 'Patel Hardware' });
    const { context, page, problems } = await openAs(owner);
    await openDeliveries(page);
    // Use the form once online (pick lists), then go offline and record for Patel Hardware.
    await useFormOnce(page, 'patel');
    await context.setOffline(true);
    await recordDelivery(page, 'OFF-4001', 'patel');
    await page.getByTestId('offline-queue-count').getByText('1').waitFor();

    // Meanwhile the vendor is deleted: the server refuses the delivery when it arrives.
    await asOwner('DELETE', `/vendors/${temp.id}`);
    await context.setOffline(false);
    await page
      .getByTestId('toast-error')
      .getByText(/Delivery · Patel Hardware · OFF-4001 · ₹4,680.00 was not saved/)
      .waitFor();
    const button = page.getByTestId('offline-queue-button');
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="offline-queue-button"]')
          ?.getAttribute('data-failed') === 'true',
    );
    await button.click();
    const row = page.getByTestId('offline-queue-entry');
    expect(await row.getAttribute('data-status')).toBe('failed');
    expect(await row.getByTestId('offline-queue-entry-status').textContent()).toBe('Not saved');
    await row.getByTestId('offline-queue-entry-error').waitFor();
    await screenshot(page, 'offline-queue-failed-laptop');

    // Edit and retry: the form opens filled in, on the field the server named.
    await row.getByTestId('offline-queue-edit').click();
    const wizard = page.getByTestId('delivery-wizard');
    await wizard.waitFor();
    await page.getByTestId('offline-queue-editing').waitFor();
    // The server's word sits under the field it named.
    await wizard.getByText('Unknown vendor').waitFor();
    expect(await page.getByTestId('delivery-reference').inputValue()).toBe('OFF-4001');
    await screenshot(page, 'offline-queue-edit-retry-laptop');
    await chooseIn(page, 'delivery-vendor', 'sharma');
    await page.getByTestId('delivery-wizard-next').click();
    expect(await page.getByTestId('delivery-line-0-quantity').inputValue()).toBe('12');
    await page.getByTestId('delivery-wizard-next').click();
    await page.getByTestId('delivery-wizard-save').click();
    // The test before recorded Sharma's ₹4,680 bill of today: the wizard asks first (issue 38).
    await page
      .locator('[data-testid="delivery-saved"], [data-testid="delivery-duplicate-dialog"]')
      .first()
      .waitFor();
    if (await page.getByTestId('delivery-duplicate-dialog').isVisible())
      await page.getByTestId('delivery-duplicate-dialog-confirm').click();
    await page.getByTestId('delivery-saved').waitFor();
    await page.getByTestId('toast-success').getByText('Delivery of ₹4,680.00 recorded').waitFor();
    await page.getByTestId('delivery-wizard-done').click();
    await button.waitFor({ state: 'detached' });
    expect(await deliveriesWith('OFF-4001')).toHaveLength(1);
    expect(await page.evaluate(() => localStorage.getItem('siteledger.offlineQueue'))).toBeNull();
    expect(problems.missingKeys).toEqual([]);
  });

  it('queues a payment recorded offline and sends it once back online', async () => {
    const bank = await asOwner<{ id: string }>('POST', '/accounts', {
      name: 'HDFC Current',
      type: 'bank',
      opening_balance: 500000,
    });
    const { context, page, problems } = await openAs(owner);
    await page.goto(`${baseUrl}/payments`);
    await page.getByTestId('page-payments').waitFor();
    // The form once online: its vendor and account lists are then kept for offline use.
    await page.getByTestId('payment-add').click();
    await page.getByTestId('payment-form').waitFor();
    await chooseIn(page, 'payment-vendor', 'sharma');
    await page.locator(`[data-testid="payment-account"] option[value="${bank.id}"]`).waitFor({
      state: 'attached',
    });
    await page.keyboard.press('Escape');
    await page.getByTestId('discard-entry-dialog-confirm').click();
    await page.getByTestId('payment-form').waitFor({ state: 'detached' });

    await context.setOffline(true);
    await page.getByTestId('payment-add').click();
    await page.getByTestId('offline-queue-offline-hint').waitFor();
    await chooseIn(page, 'payment-vendor', 'sharma');
    await page.getByTestId('payment-amount').fill('5000');
    await page.getByTestId('payment-account').selectOption(bank.id);
    await page.getByTestId('payment-reference').fill('UPI-OFF-77');
    await screenshot(page, 'offline-payment-form-laptop');
    await page.getByTestId('payment-form-submit').click();
    await page
      .getByTestId('toast-info')
      .getByText("Saved offline — will be sent when you're back online")
      .waitFor();
    await page.getByTestId('payment-form').waitFor({ state: 'detached' });
    expect(await page.getByTestId('offline-queue-count').textContent()).toBe('1');

    await context.setOffline(false);
    await page
      .getByTestId('toast-success')
      .getByText('Sent: Payment · Sharma Traders · UPI-OFF-77 · ₹5,000.00')
      .waitFor();
    await page.getByTestId('offline-queue-button').waitFor({ state: 'detached' });
    const payments = await asOwner<{ items: { reference: string | null; amount: number }[] }>(
      'GET',
      '/payments?perPage=100',
    );
    expect(payments.items.filter((p) => p.reference === 'UPI-OFF-77')).toEqual([
      expect.objectContaining({ amount: 5000 }),
    ]);
    expect(problems.missingKeys).toEqual([]);
  });

  it('says "Notification permission not granted" when the browser refuses', async () => {
    const { context, page } = await openAs(owner, { serviceWorkers: 'block' });
    await context.clearPermissions();
    await openDeliveries(page);
    await page.getByTestId('user-menu').click();
    const entry = page.getByTestId('user-menu-notifications');
    expect(await entry.textContent()).toContain('Enable notifications');
    await entry.click();
    await page
      .getByTestId('toast-error')
      .getByText('Notification permission not granted')
      .waitFor();
  });

  describe('the waiting list looks finished', () => {
    /** One waiting delivery and one refused payment, put straight into storage. */
    const seed = (userId: string, siteId: string) => [
      {
        key: 'sl-seed-delivery-0001',
        collection: 'deliveries',
        siteId,
        userId,
        body: { vendor: 'x', delivery_reference: 'CH-1188' },
        summary: { vendor: 'Sharma Traders', reference: 'CH-1188', amount: 48380.25 },
        status: 'pending',
        createdAt: '2025-06-04T05:10:00.000Z',
        attempts: 1,
        lastAttemptAt: null,
        error: null,
      },
      {
        key: 'sl-seed-payment-0002',
        collection: 'payments',
        siteId,
        userId,
        body: { vendor: 'x', amount: 25000, payment_date: '2025-06-04' },
        summary: { vendor: 'Balaji Cement Agency', reference: 'UPI 4471', amount: 25000 },
        status: 'failed',
        createdAt: '2025-06-04T05:42:00.000Z',
        attempts: 1,
        lastAttemptAt: '2025-06-04T06:01:00.000Z',
        error: {
          status: 400,
          code: 'ACCOUNT_REQUIRED',
          message:
            'Account selection is required when credit notes do not cover the full payment amount.',
        },
      },
    ];

    const variants = [
      { name: 'laptop-light-en', width: 1280, height: 800, theme: 'light', language: 'en' },
      { name: 'laptop-dark-hi', width: 1280, height: 800, theme: 'dark', language: 'hi' },
      { name: 'phone-light-hi', width: 390, height: 844, theme: 'light', language: 'hi' },
      { name: 'phone-dark-en', width: 390, height: 844, theme: 'dark', language: 'en' },
    ] as const;

    for (const variant of variants) {
      it(`badge and list, ${variant.name}`, async () => {
        const { page, problems } = await openAs(owner, { ...variant, serviceWorkers: 'block' });
        // Keep the seeded entries where they are: creates never reach the server here.
        await page.route(`**${site()}/deliveries`, (route) =>
          route.request().method() === 'POST'
            ? route.abort('internetdisconnected')
            : route.continue(),
        );
        await page.evaluate(
          (entries) => localStorage.setItem('siteledger.offlineQueue', JSON.stringify(entries)),
          seed(owner.user.id, owner.siteId),
        );
        await openDeliveries(page);
        await page.getByTestId('offline-queue-count').getByText('2').waitFor();
        await page.getByTestId('offline-queue-button').click();
        await page.getByTestId('offline-queue-panel').waitFor();
        await animationsDone(page);
        await screenshot(page, `offline-queue-panel-${variant.name}`);
        await page.keyboard.press('Escape');
        await page.getByTestId('user-menu').click();
        await page.getByTestId('user-menu-notifications').waitFor();
        await animationsDone(page);
        await screenshot(page, `live-user-menu-${variant.name}`);
        expect(problems.missingKeys).toEqual([]);
      });
    }
  });
});
