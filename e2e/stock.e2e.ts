import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithSite, storeSession, type TestAccount } from './support/accounts';
import {
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

interface StockReport {
  items: { item: string; name: string; on_hand: number; value: number }[];
}
interface List<T> {
  items: T[];
}
interface Transfer {
  id: string;
  status: string;
  lines: { received_quantity: number | null; shortfall_quantity: number | null }[];
}
interface Consumption {
  id: string;
  quantity: number;
  used_for: string | null;
}

/**
 * Issue 25 through the browser: a supervisor on a 390 px phone records cement used for a slab
 * while the phone is offline; it waits in the offline queue, goes to the server once the phone is
 * back online, and the Stock page shows the stock down once (50 → 38 bags), never twice.
 */
describe('stock: consumption recorded offline on a phone', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  let context: BrowserContext;
  let owner: TestAccount;
  let supervisor: TestAccount;
  let phone: Page;
  let problems: PageProblems;
  let cement = '';

  const stock = async () =>
    (await api<StockReport>(baseUrl, owner, 'GET', '/stock')).items.find((r) => r.item === cement);

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await createAccountWithSite(baseUrl, 'Meera Iyer');
    supervisor = await createAccountWithSite(baseUrl, 'Ravi Supervisor');
    await request(baseUrl, owner.token, 'POST', `/api/sites/${owner.siteId}/members`, {
      email: supervisor.user.email,
      role: 'supervisor',
    });
    cement = (
      await api<{ id: string }>(baseUrl, owner, 'POST', '/items', {
        name: 'Cement OPC 53',
        unit: 'bag',
      })
    ).id;
    const vendor = await api<{ id: string }>(baseUrl, owner, 'POST', '/vendors', {
      name: 'Shree Cement Traders',
    });
    await api(baseUrl, owner, 'POST', '/deliveries', {
      vendor: vendor.id,
      delivery_date: '2026-11-20',
      delivery_items: [{ item: cement, quantity: 50, unit_price: 400 }],
    });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('shows on hand by item on the Stock page', async () => {
    // Offline use runs on the service worker.
    context = await newContext(browser, { width: 390, height: 844, serviceWorkers: 'allow' });
    phone = await context.newPage();
    problems = watchPage(phone);
    await phone.goto(`${baseUrl}/login`);
    await storeSession(phone, supervisor, owner.siteId);
    await phone.evaluate(() => localStorage.setItem('siteledger.role', 'supervisor'));
    await phone.goto(`${baseUrl}/stock`);
    await phone.getByTestId('stock-table').getByText('Cement OPC 53').first().waitFor();
    await phone.getByTestId(`stock-on-hand-${cement}`).getByText('50 bag').first().waitFor();
    // Once the service worker is installed the app opens offline too.
    await phone.evaluate(() =>
      Promise.race([
        navigator.serviceWorker?.ready.then(() => true) ?? Promise.resolve(false),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000)),
      ]),
    );
    // The supervisor has used the form before: its item list is kept for offline use.
    await phone.getByTestId('stock-consumption-add').click();
    await phone.getByTestId('consumption-form').waitFor();
    await phone.getByTestId('consumption-item').click();
    await phone.getByTestId('consumption-item-search').waitFor();
    await phone.keyboard.press('Escape');
    await phone.getByTestId('consumption-item-popover').waitFor({ state: 'detached' });
    await phone.keyboard.press('Escape');
    await phone.getByTestId('consumption-form').waitFor({ state: 'detached' });
    await screenshot(phone, 'stock-on-hand-phone');
  });

  it('queues the consumption offline and sends it once on reconnect', async () => {
    const posts: string[] = [];
    context.on('requestfinished', (req) => {
      if (req.method() === 'POST' && req.url().endsWith(`${owner.siteId}/stock_consumptions`))
        posts.push(req.headers()['idempotency-key'] ?? '');
    });

    await context.setOffline(true);
    await phone.getByTestId('stock-consumption-add').click();
    await phone.getByTestId('consumption-form').waitFor();
    await chooseIn(phone, 'consumption-item', 'Cement');
    await phone.getByTestId('consumption-quantity').fill('12');
    await phone.getByTestId('consumption-used-for').fill('Slab');
    await animationsDone(phone);
    await screenshot(phone, 'stock-consumption-offline-phone');
    await phone.getByTestId('consumption-form-submit').click();
    await phone
      .getByTestId('toast-info')
      .getByText("Saved offline — will be sent when you're back online")
      .waitFor();
    await phone.getByTestId('consumption-form').waitFor({ state: 'detached' });
    expect(await phone.getByTestId('offline-queue-count').textContent()).toBe('1');
    // Nothing reached the server while offline.
    expect(posts).toEqual([]);
    expect((await stock())?.on_hand).toBe(50);

    await context.setOffline(false);
    await phone.getByTestId('offline-queue-count').waitFor({ state: 'detached' });
    await expect
      .poll(async () =>
        (await api<List<Consumption>>(baseUrl, owner, 'GET', '/stock_consumptions')).items.map(
          (c) => [c.quantity, c.used_for],
        ),
      )
      .toEqual([[12, 'Slab']]);
    expect(await stock()).toMatchObject({ on_hand: 38, value: 15200 });
    // The page shows it, down once.
    await phone.getByTestId(`stock-on-hand-${cement}`).getByText('38 bag').first().waitFor();
    expect(new Set(posts).size).toBe(1);
    await animationsDone(phone);
    await screenshot(phone, 'stock-after-reconnect-phone');
    // Seen again a moment later: still one consumption, still 38.
    await phone.reload();
    await phone.getByTestId(`stock-on-hand-${cement}`).getByText('38 bag').first().waitFor();
    const list = await api<List<Consumption>>(baseUrl, owner, 'GET', '/stock_consumptions');
    expect(list.items).toHaveLength(1);
    expect(problems).toEqual({ errors: [], missingKeys: [] });
  });

  it('sends stock to another site, which receives less; a count sets what is left', async () => {
    const siteB = await request<{ id: string }>(baseUrl, owner.token, 'POST', '/api/sites', {
      name: 'Lake View Villas',
      total_units: 4,
      total_planned_area: 900,
    });
    const desk = await (await newContext(browser, { width: 1280, height: 900 })).newPage();
    const deskProblems = watchPage(desk);
    await desk.goto(`${baseUrl}/login`);
    await storeSession(desk, owner, owner.siteId);
    await desk.goto(`${baseUrl}/stock`);
    await desk.getByTestId('stock-transfer-add').click();
    await desk.getByTestId('transfer-form').waitFor();
    await desk.getByTestId('transfer-to-site').selectOption({ label: 'Lake View Villas' });
    await chooseIn(desk, 'transfer-line-0-item', 'Cement');
    await desk.getByTestId('transfer-line-0-quantity').fill('10');
    // 10 bags at the site's average of ₹400.
    await desk.getByTestId('transfer-total-value').getByText('₹4,000.00').waitFor();
    await desk.getByTestId('transfer-form-submit').click();
    await desk.getByTestId('page-transfer-detail').waitFor();
    const transferId = new URL(desk.url()).pathname.split('/').pop()!;
    expect(await stock()).toMatchObject({ on_hand: 28, value: 11200 });

    // On the receiving site: 9 of the 10 bags arrived.
    await storeSession(desk, owner, siteB.id);
    await desk.goto(`${baseUrl}/stock/transfers/${transferId}`);
    await desk.getByTestId('transfer-receive').click();
    await desk.getByTestId('transfer-receive-form').waitFor();
    await desk.getByTestId('transfer-receive-line-0-quantity').fill('9');
    await desk.getByTestId('transfer-receive-form-submit').click();
    await desk.getByTestId('transfer-detail-status').getByText('Received').waitFor();
    await desk.getByTestId('transfer-detail-lines').getByText('1 bag').waitFor();
    await animationsDone(desk);
    await screenshot(desk, 'stock-transfer-received-laptop');
    const received = await request<Transfer>(
      baseUrl,
      owner.token,
      'GET',
      `/api/sites/${siteB.id}/stock_transfers/${transferId}`,
    );
    expect(received).toMatchObject({ status: 'received' });
    expect(received.lines[0]).toMatchObject({ received_quantity: 9, shortfall_quantity: 1 });
    const onB = await request<StockReport>(
      baseUrl,
      owner.token,
      'GET',
      `/api/sites/${siteB.id}/stock`,
    );
    expect(onB.items.map((r) => [r.name, r.on_hand, r.value])).toEqual([
      ['Cement OPC 53', 9, 3600],
    ]);

    // Back on the first site, a physical count finds 27 of the 28 bags.
    await storeSession(desk, owner, owner.siteId);
    await desk.goto(`${baseUrl}/stock/counts/new`);
    await desk.getByTestId(`count-input-${cement}`).fill('27');
    await desk.getByTestId('count-reason').fill('Month-end count');
    await desk.getByTestId('count-save').click();
    await desk.getByTestId('count-results').waitFor();
    expect(await stock()).toMatchObject({ on_hand: 27, value: 10800 });
    expect(deskProblems).toEqual({ errors: [], missingKeys: [] });
    await desk.context().close();
  });
});
