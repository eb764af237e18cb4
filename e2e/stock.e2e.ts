import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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

interface StockReport {
  items: { item: string; name: string; on_hand: number; value: number }[];
}
interface List<T> {
  items: T[];
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
  const baseUrl = inject('baseUrl');
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
    context = await newContext(browser, { width: 390, height: 844 });
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
    await phone.waitForTimeout(300); // the pop-in animation
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
    await phone.waitForTimeout(300);
    await screenshot(phone, 'stock-after-reconnect-phone');
    // Seen again a moment later: still one consumption, still 38.
    await phone.reload();
    await phone.getByTestId(`stock-on-hand-${cement}`).getByText('38 bag').first().waitFor();
    const list = await api<List<Consumption>>(baseUrl, owner, 'GET', '/stock_consumptions');
    expect(list.items).toHaveLength(1);
    expect(problems).toEqual({ errors: [], missingKeys: [] });
  });
});
