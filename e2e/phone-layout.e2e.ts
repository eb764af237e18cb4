import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithSite, storeSession } from './support/accounts';
import {
  launchBrowser,
  newContext,
  screenshot,
  watchPage,
  type PageProblems,
} from './support/browser';
import { api, request } from './support/http';
import {
  animationsDone,
  appRoutes,
  openInApp,
  overflowOf,
  settle,
  shownWhole,
  type Overflow,
} from './support/layout';
import { chooseIn } from './support/pickers';
import { seedSite, type SeededSite } from './support/seeded-site';
import { workerServer } from './support/worker';

describe('a phone at 360–390 px (issue 38)', () => {
  const baseUrl = workerServer().baseUrl;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let site: SeededSite;

  /** The signed-in phones already open, by width and language: most tests use the same one. */
  const phones = new Map<string, { page: Page; problems: PageProblems }>();

  /**
   * A phone signed in as the owner (or signed out), in its own context. A signed-in phone of the
   * same width and language is opened once and handed to each test that asks for it — each test
   * goes to its own page first — with its problems read afresh and no form drafts left over, so a
   * test sees what a new context would show, without a new context's start-up each time.
   */
  async function openPhone(width: number, language: 'en' | 'hi', signedIn = true) {
    const key = `${width}-${language}`;
    const open = signedIn ? phones.get(key) : undefined;
    if (open) {
      open.problems.errors.length = 0;
      open.problems.missingKeys.length = 0;
      await open.page.evaluate(() => {
        for (const name of Object.keys(localStorage))
          if (name.startsWith('siteledger.draft.')) localStorage.removeItem(name);
      });
      return open;
    }
    const context = await newContext(browser, { width, height: 800 });
    contexts.push(context);
    const page = await context.newPage();
    const problems = watchPage(page);
    await page.goto(`${baseUrl}/login`);
    if (signedIn) await storeSession(page, site.owner, site.owner.siteId);
    await page.evaluate((lang) => localStorage.setItem('siteledger.language', lang), language);
    if (signedIn) phones.set(key, { page, problems });
    return { page, problems };
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    site = await seedSite(baseUrl, 'Anjali Deshpande');
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('no page scrolls sideways at 360 px, on every route, in English and in Hindi', async () => {
    const { signedOut, signedIn } = appRoutes();
    expect(signedIn.length).toBeGreaterThan(30);
    const missing = signedIn.filter((route) => route.includes(':') && !site.detailIds[route]);
    expect(missing).toEqual([]);
    const overflows: Overflow[] = [];
    for (const language of ['en', 'hi'] as const) {
      for (const [routes, signed] of [
        [signedIn, true],
        [signedOut, false],
      ] as const) {
        const { page } = await openPhone(360, language, signed);
        for (const [index, route] of routes.entries()) {
          const url = site.detailIds[route] ? route.replace(':id', site.detailIds[route]) : route;
          // The mailed links' pages read a token from the address.
          const address = `${url}${signed ? '' : '?token=abc'}`;
          // The app starts once per language and sign-in state; the other routes are reached
          // inside it, as its links reach them.
          if (index === 0) {
            await page.goto(`${baseUrl}${address}`);
            await settle(page);
          } else {
            await openInApp(page, address);
          }
          const found = await overflowOf(page);
          if (found.scrollWidth > found.clientWidth) {
            overflows.push({ language, route, ...found });
            await screenshot(
              page,
              `phone-layout-overflow-${language}${route.replace(/\W+/g, '-')}`,
            );
          }
        }
      }
    }
    expect(overflows).toEqual([]);
  }, 900_000);

  it('cuts no amount: pending deliveries, the stock value, a transfer’s shortfall', async () => {
    const { page } = await openPhone(390, 'en');
    await page.goto(`${baseUrl}/`);
    const pending = page.getByTestId('dashboard-pending-deliveries');
    await pending.getByText('₹1,01,31,200.00').waitFor();
    expect((await pending.boundingBox())!.width).toBeLessThanOrEqual(390);
    expect(
      await shownWhole(page, '[data-testid^="dashboard-pending-po-"] >> text=₹1,01,31,200.00'),
    ).toBe(true);
    await page.goto(`${baseUrl}/stock`);
    await page.getByTestId('stock-total-value').waitFor();
    expect(await shownWhole(page, '[data-testid="stock-total-value"]')).toBe(true);
    await page.goto(`${baseUrl}/stock/transfers/${site.detailIds['/stock/transfers/:id']}`);
    const shortfall = page.getByText('12.75 bag').first();
    await shortfall.waitFor();
    expect(await shownWhole(page, 'text=12.75 bag >> visible=true')).toBe(true);
    await screenshot(page, 'phone-layout-transfer-390');
  });

  it('the floating + covers no text of a detail page scrolled to its end', async () => {
    const { page } = await openPhone(390, 'en');
    const covered: string[] = [];
    for (const [index, route] of [
      '/deliveries/:id',
      '/purchase-orders/:id',
      '/material-requests/:id',
      '/accounts/:id',
      '/vendors/:id',
      '/items/:id',
      '/stock/transfers/:id',
    ].entries()) {
      const address = route.replace(':id', site.detailIds[route]!);
      // A question of layout, not of loading: the app starts once, its links reach the others.
      if (index === 0) {
        await page.goto(`${baseUrl}${address}`);
        await settle(page);
      } else {
        await openInApp(page, address);
      }
      const toTheEnd = () =>
        page.evaluate(async () => {
          window.scrollTo(0, document.body.scrollHeight);
          // The scroll event (and whatever the page does on it) comes with the next frames.
          await new Promise((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(resolve)),
          );
        });
      // A part the page loads once scrolled to (the vendor's deferred ledger) is waited for, and
      // the page scrolled to its new end.
      await toTheEnd();
      await settle(page);
      await toTheEnd();
      await animationsDone(page);
      const hidden = await page.evaluate(() => {
        const fab = document.querySelector('[data-testid="quick-fab"]')?.getBoundingClientRect();
        if (!fab) return [];
        return Array.from(document.querySelectorAll<HTMLElement>('main *'))
          .filter((element) => element.children.length === 0 && element.innerText?.trim())
          .filter((element) => {
            const box = element.getBoundingClientRect();
            return (
              box.right > fab.left &&
              box.left < fab.right &&
              box.bottom > fab.top &&
              box.top < fab.bottom
            );
          })
          .map((element) => element.innerText.trim());
      });
      if (hidden.length > 0) covered.push(`${route}: ${hidden.join(' | ')}`);
    }
    expect(covered).toEqual([]);
  });

  it('dead ends: a rejected request is changed and sent again', async () => {
    const supervisor = await createAccountWithSite(baseUrl, 'Ravi Supervisor');
    await request(baseUrl, site.owner.token, 'POST', `/api/sites/${site.owner.siteId}/members`, {
      email: supervisor.user.email,
      role: 'supervisor',
    });
    const items = await api<{ items: { id: string; name: string }[] }>(
      baseUrl,
      site.owner,
      'GET',
      '/items?perPage=50',
    );
    const made = await request<{ id: string }>(
      baseUrl,
      supervisor.token,
      'POST',
      `/api/sites/${site.owner.siteId}/material_requests`,
      { items: [{ item: items.items[0]!.id, quantity: 900 }], submit: true },
    );
    await api(baseUrl, site.owner, 'POST', `/material_requests/${made.id}/reject`, {
      notes: 'Too much: order 600',
    });
    const context = await newContext(browser, { width: 390, height: 844 });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await storeSession(page, supervisor, site.owner.siteId);
    await page.evaluate(() => localStorage.setItem('siteledger.role', 'supervisor'));
    await page.goto(`${baseUrl}/material-requests/${made.id}`);
    await page.getByTestId('request-detail-status').getByText('Rejected').waitFor();
    await page.getByTestId('request-detail-edit').click();
    await page.getByTestId('request-form').waitFor();
    await page.getByTestId('request-line-0-quantity').fill('600');
    await page.getByTestId('request-form-submit').click();
    await page.getByTestId('request-form').waitFor({ state: 'detached' });
    await page.getByTestId('request-submit').click();
    await page.getByTestId('request-detail-status').getByText('Waiting for approval').waitFor();
    const sent = await api<{ status: string; items: { quantity: number }[] }>(
      baseUrl,
      site.owner,
      'GET',
      `/material_requests/${made.id}`,
    );
    expect(sent).toMatchObject({ status: 'submitted', items: [{ quantity: 600 }] });
  });

  it('dead ends: "Set aside a payment" opens the payment form and comes back', async () => {
    const vendor = await api<{ id: string }>(baseUrl, site.owner, 'POST', '/vendors', {
      name: 'Ganesh Hardware',
    });
    const items = await api<{ items: { id: string; name: string }[] }>(
      baseUrl,
      site.owner,
      'GET',
      '/items?perPage=50',
    );
    const draft = await api<{ id: string }>(baseUrl, site.owner, 'POST', '/purchase_orders', {
      vendor: vendor.id,
      lines: [{ item: items.items[0]!.id, quantity: 10, unit_price: 400, gst_rate: null }],
    });
    await api(baseUrl, site.owner, 'POST', `/purchase_orders/${draft.id}/issue`, {});
    const { page } = await openPhone(390, 'en');
    await page.goto(`${baseUrl}/purchase-orders/${draft.id}`);
    await page.getByTestId('po-advance-add').click();
    await page.getByTestId('po-advance-none-free').waitFor();
    await page.getByTestId('po-advance-record-payment').click();
    await page.getByTestId('payment-form').waitFor();
    await page.getByTestId('payment-vendor').getByText('Ganesh Hardware').waitFor();
    await page.getByTestId('payment-amount').fill('2000');
    await page.getByTestId('payment-account').selectOption({ index: 1 });
    await page.getByTestId('payment-form-submit').click();
    await page.waitForURL(`${baseUrl}/purchase-orders/${draft.id}`);
    await page.getByTestId('po-advance-add').click();
    await page.getByTestId('po-advance-dialog').getByText('₹2,000.00').first().waitFor();
  });

  it('dead ends: a return settled by a credit note does not read "Refunded"', async () => {
    const vendors = await api<{ items: { id: string; name: string }[] }>(
      baseUrl,
      site.owner,
      'GET',
      '/vendors?perPage=50',
    );
    const vendor = vendors.items.find((v) => v.name.startsWith('Shree Balaji'))!;
    const returnable = await api<{ items: { delivery_item: string }[] }>(
      baseUrl,
      site.owner,
      'GET',
      `/returnable_items?vendor=${vendor.id}`,
    );
    const made = await api<{ id: string; status: string }>(
      baseUrl,
      site.owner,
      'POST',
      '/vendor_returns',
      {
        vendor: vendor.id,
        return_date: '2026-11-20',
        reason: 'excess_delivery',
        items: [
          {
            delivery_item: returnable.items[0]!.delivery_item,
            quantity_returned: 5,
            return_rate: 385.5,
            condition: 'unopened',
          },
        ],
        refund: {
          type: 'credit',
          amount: 1000,
          refund_date: '2026-11-20',
          credit_note_reference: 'CN-21',
        },
      },
    );
    expect(made.status).toBe('refunded');
    const { page } = await openPhone(390, 'en');
    await page.goto(`${baseUrl}/vendor-returns`);
    // Its badge in the list: no money came back, the credit note is not used yet.
    await page.getByText('Credit note issued').first().waitFor();
  });

  it('dead ends: "Set up your site" goes once every step is done', async () => {
    const { page } = await openPhone(390, 'en');
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('dashboard-pending-deliveries').waitFor();
    await page.waitForTimeout(1500);
    expect(await page.getByTestId('dashboard-next-steps').count()).toBe(0);
    expect(await page.getByText('Set up your site').count()).toBe(0);
  });

  it('smaller: typing an opening balance replaces the "0" it starts with', async () => {
    const { page } = await openPhone(390, 'en');
    await page.goto(`${baseUrl}/accounts`);
    await page.getByTestId('account-add').click();
    await page.getByTestId('account-form').waitFor();
    const opening = page.getByTestId('account-opening');
    expect(await opening.inputValue()).toBe('0');
    await opening.click();
    await page.keyboard.type('1000000');
    expect(await opening.inputValue()).toBe('1000000');
  });

  it('smaller: a date after today is warned about, and still saved', async () => {
    const { page } = await openPhone(390, 'en');
    await page.goto(`${baseUrl}/stock`);
    await page.getByTestId('stock-consumption-add').click();
    await page.getByTestId('consumption-form').waitFor();
    await chooseIn(page, 'consumption-item', 'Cement OPC');
    await page.getByTestId('consumption-quantity').fill('2');
    expect(await page.getByTestId('consumption-date-future').count()).toBe(0);
    // Ten days ahead: after today, yet inside the business-date range (up to a year ahead).
    const ahead = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await page.getByTestId('consumption-date').fill(ahead);
    await page.getByTestId('consumption-date-future').waitFor();
    await page.getByTestId('consumption-form-submit').click();
    await page.getByTestId('consumption-form').waitFor({ state: 'detached' });
    const list = await api<{ items: { consumption_date: string }[] }>(
      baseUrl,
      site.owner,
      'GET',
      '/stock_consumptions?sort=-consumption_date',
    );
    expect(list.items[0]?.consumption_date).toBe(ahead);
  });

  it('smaller: in Hindi a PO reads its units and its amount in words in Hindi', async () => {
    const { page, problems } = await openPhone(390, 'hi');
    await page.goto(`${baseUrl}/purchase-orders/${site.detailIds['/purchase-orders/:id']}`);
    const words = page.getByTestId('po-amount-words');
    await words.waitFor();
    expect(await words.innerText()).toMatch(/रुपये.*मात्र/);
    await page.getByText(/बोरी/).first().waitFor();
    expect(await page.getByText(/\d bag\b/).count()).toBe(0);
    expect(problems.missingKeys).toEqual([]);
  });

  it('a delivery recorded by picking the item proposes the open PO line and its rate', async () => {
    const { page, problems } = await openPhone(390, 'en');
    await page.goto(`${baseUrl}/deliveries`);
    await page.getByTestId('delivery-add').click();
    await page.getByTestId('delivery-wizard').waitFor();
    await chooseIn(page, 'delivery-vendor', 'Shree Balaji');
    await page.getByTestId('delivery-wizard-next').click();
    await page.getByTestId('delivery-line-0').waitFor();
    await chooseIn(page, 'delivery-line-0-item', 'Cement OPC');
    const proposal = page.getByTestId('delivery-line-0-po-proposal');
    await proposal.waitFor();
    expect(await proposal.innerText()).toMatch(/PO\/\d{4}-\d{2}\/0001/);
    expect(await proposal.innerText()).toContain('₹395.75');
    await page.getByTestId('delivery-line-0-po-accept').click();
    expect(await page.getByTestId('delivery-line-0-price').inputValue()).toBe('395.75');
    await page.getByTestId('delivery-line-0-po').waitFor();
    await page.getByTestId('delivery-line-0-quantity').fill('15000');
    await animationsDone(page);
    await screenshot(page, 'phone-layout-delivery-po-proposal');
    await page.getByTestId('delivery-wizard-next').click();
    await page.getByTestId('delivery-wizard-save').click();
    await page.getByTestId('delivery-saved').waitFor();

    const order = await api<{ status: string; lines: { pending_quantity: number }[] }>(
      baseUrl,
      site.owner,
      'GET',
      `/purchase_orders/${site.detailIds['/purchase-orders/:id']}`,
    );
    expect(order.status).toBe('received');
    expect(order.lines[0]?.pending_quantity).toBe(0);
    expect(problems.errors).toEqual([]);
  });

  it('a purchase order made from a material request carries the items’ GST rates', async () => {
    const items = await api<{ items: { id: string; name: string }[] }>(
      baseUrl,
      site.owner,
      'GET',
      '/items?perPage=50',
    );
    const steel = items.items.find((item) => item.name.startsWith('TMT'))!;
    const made = await api<{ id: string }>(baseUrl, site.owner, 'POST', '/material_requests', {
      items: [{ item: steel.id, quantity: 2500 }],
      submit: true,
    });
    const { page, problems } = await openPhone(390, 'en');
    await page.goto(`${baseUrl}/material-requests/${made.id}`);
    await page.getByTestId('request-create-po').click();
    await page.getByTestId('po-form').waitFor();
    expect(await page.getByTestId('po-line-0-rate').inputValue()).toBe('18');
    await chooseIn(page, 'po-vendor', 'Shree Balaji');
    await page.getByTestId('po-line-0-price').fill('70');
    await page.getByTestId('po-form-submit').click();
    await page.getByTestId('page-po-detail').waitFor();
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    const order = await api<{ lines: { gst_rate: number | null }[] }>(
      baseUrl,
      site.owner,
      'GET',
      `/purchase_orders/${orderId}`,
    );
    expect(order.lines.map((line) => line.gst_rate)).toEqual([18]);
    expect(problems.errors).toEqual([]);
  });
});
