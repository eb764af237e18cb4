/**
 * Input hardening (issue 37): deeply nested bodies, rate limits on every public auth route,
 * amounts and quantities below a paisa or a thousandth, stock values beyond the books' range,
 * a cookie session's token as a bearer, undecodable paths, business dates out of range and a
 * transfer line received twice. Every refusal is a 400/401/429 in the contract's shape that
 * changes nothing; the suite ends with the integrity check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/api.js';
import { databaseDigest } from './helpers/db-digest.js';
import { inputKit, type InputKit } from './helpers/input-kit.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let kit: InputKit;
let owner: InputKit['owner'];
let ids: InputKit['ids'];
let otherSite: string;
const url = (path: string, site?: string) => kit.url(path, site);
const created = <T = { id: string }>(path: string, body: unknown, site?: string) =>
  kit.created<T>(path, body, site);
const refused: InputKit['refused'] = (...args) => kit.refused(...args);

function nested(depth: number, inner = '1'): string {
  return `{"email":${'['.repeat(depth)}${inner}${']'.repeat(depth)},"password":"x"}`;
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  kit = await inputKit(server);
  ({ owner, ids, otherSite } = kit);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('deeply nested bodies (issue 37)', () => {
  it('answers 400 at once to a body nested 10,000 deep, signed in or not', async () => {
    for (const [path, token] of [
      ['/api/auth/login', undefined],
      [url('/vendors'), owner.token],
    ] as const) {
      const started = performance.now();
      const res = await call<{ status: number; code: string; message: string }>(
        server.url,
        'POST',
        path,
        { rawBody: nested(10_000), token },
      );
      const ms = performance.now() - started;
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
      expect(ms).toBeLessThan(500);
    }
    // Text deep inside is still found, with its path, below the cap.
    const text = await call<{ data: Record<string, unknown> }>(
      server.url,
      'POST',
      '/api/auth/login',
      { rawBody: nested(40, '"a\\u0000b"') },
    );
    expect(text.status).toBe(400);
    expect(Object.keys(text.body.data)).toEqual([`email${'.0'.repeat(40)}`]);
    // 64 levels pass the cap (the schema answers); 65 do not.
    const deepest = await call<{ code: string }>(server.url, 'POST', '/api/auth/login', {
      rawBody: nested(63),
    });
    expect(deepest.body.code).toBe('VALIDATION_FAILED');
    const tooDeep = await call<{ code: string }>(server.url, 'POST', '/api/auth/login', {
      rawBody: nested(64),
    });
    expect(tooDeep.body.code).toBe('BAD_REQUEST');
  });

  it('keeps /api/health responsive while several nested bodies arrive', async () => {
    const body = nested(10_000);
    const floods = Array.from({ length: 10 }, () =>
      call(server.url, 'POST', '/api/auth/login', { rawBody: body }),
    );
    const started = performance.now();
    const health = await call(server.url, 'GET', '/api/health');
    const ms = performance.now() - started;
    const answers = await Promise.all(floods);
    expect(health.status).toBe(200);
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(400));
    expect(ms).toBeLessThan(1000);
  });

  it('rate-limits every public auth route (AUTH_RATE_LIMIT)', async () => {
    const limited = await startServer({ AUTH_RATE_LIMIT: '2' });
    try {
      const routes = limited.routes.filter(
        (r) => r.method === 'POST' && r.url.startsWith('/api/auth/') && r.access?.auth === 'public',
      );
      expect(routes.map((r) => r.url)).toContain('/api/auth/verification/confirm');
      for (const route of routes) {
        const statuses: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          statuses.push((await call(limited.url, 'POST', route.url, { body: {} })).status);
        }
        expect(statuses[2], `${route.url}: ${statuses.join(', ')}`).toBe(429);
      }
    } finally {
      await limited.close();
    }
  });
});

describe('amounts and quantities below a paisa or a thousandth (issue 37)', () => {
  const tiny = 1e-9;

  it('refuses them on every create, money and stock alike', async () => {
    await refused(
      'POST',
      '/payments',
      { vendor: ids.vendor, account: ids.account, amount: tiny, payment_date: '2026-11-14' },
      { field: 'amount' },
    );
    await refused('POST', '/payments', {
      vendor: ids.vendor,
      amount: tiny,
      payment_date: '2026-11-14',
    });
    await refused('POST', '/payments', {
      vendor: ids.vendor,
      account: ids.account,
      amount: 1,
      payment_date: '2026-11-14',
      delivery_allocations: [{ delivery: ids.delivery, amount: tiny }],
    });
    await refused(
      'POST',
      '/account_transactions',
      { account: ids.account, type: 'debit', amount: tiny, transaction_date: '2026-11-14' },
      { field: 'amount' },
    );
    await refused(
      'POST',
      '/vendor_credit_notes',
      { vendor: ids.vendor, credit_amount: tiny, issue_date: '2026-11-14' },
      { field: 'credit_amount' },
    );
    await refused(
      'POST',
      '/stock_consumptions',
      { item: ids.item, quantity: tiny, consumption_date: '2026-11-14' },
      { field: 'quantity' },
    );
    await refused('POST', '/stock_transfers', {
      to_site: otherSite,
      transfer_date: '2026-11-14',
      lines: [{ item: ids.item, quantity: tiny }],
    });
    await refused('POST', '/material_requests', { items: [{ item: ids.item, quantity: tiny }] });
    await refused('POST', '/vendor_returns', {
      vendor: ids.vendor,
      return_date: '2026-11-14',
      reason: 'damaged',
      items: [
        {
          delivery_item: ids.deliveryItem,
          quantity_returned: tiny,
          return_rate: 100,
          condition: 'damaged',
        },
      ],
    });
    // Just below a paisa and a thousandth, written as decimals.
    await refused('POST', '/account_transactions', {
      account: ids.account,
      type: 'debit',
      amount: 0.0049999999,
      transaction_date: '2026-11-14',
    });
    await refused('POST', '/stock_consumptions', {
      item: ids.item,
      quantity: 0.0004999999,
      consumption_date: '2026-11-14',
    });
  });

  it('refuses them on PATCH too', async () => {
    await refused('PATCH', `/payments/${ids.payment}`, { amount: tiny }, { field: 'amount' });
    await refused('PATCH', `/vendor_credit_notes/${ids.creditNote}`, { credit_amount: tiny });
    await refused('PATCH', `/account_transactions/${ids.transaction}`, { amount: tiny });
    await refused('PATCH', `/stock_consumptions/${ids.consumption}`, { quantity: tiny });
    await refused(
      'PATCH',
      '',
      { po_over_receipt_percent: tiny },
      { field: 'po_over_receipt_percent' },
    );
  });

  it('still takes one paisa, one thousandth and float noise such as 0.1 + 0.2', async () => {
    const paisa = await created<{ amount: number }>('/account_transactions', {
      account: ids.account,
      type: 'debit',
      amount: 0.01,
      transaction_date: '2026-11-14',
    });
    expect(paisa.amount).toBe(0.01);
    const noisy = await created<{ amount: number }>('/account_transactions', {
      account: ids.account,
      type: 'debit',
      amount: 0.1 + 0.2,
      transaction_date: '2026-11-14',
    });
    expect(noisy.amount).toBe(0.3);
    const milli = await created<{ quantity: number }>('/stock_consumptions', {
      item: ids.item,
      quantity: 0.001,
      consumption_date: '2026-11-14',
    });
    expect(milli.quantity).toBe(0.001);
  });
});

describe('stock values beyond the books (issue 37)', () => {
  it('refuses a count or a consumption worth more than ₹1e11 at the average', async () => {
    const item = (await created('/items', { name: 'Gold bar', unit: 'nos' })).id;
    await created('/deliveries', {
      vendor: ids.vendor,
      delivery_date: '2026-11-10',
      delivery_items: [{ item, quantity: 1, unit_price: 1e11 }],
    });
    await refused(
      'POST',
      '/stock_adjustments',
      { item, counted_quantity: 1e9, adjustment_date: '2026-11-14', reason: 'Recount' },
      { field: 'counted_quantity' },
    );
    await refused(
      'POST',
      '/stock_counts',
      { count_date: '2026-11-14', reason: 'Recount', lines: [{ item, counted_quantity: 3 }] },
      { field: 'lines.0.counted_quantity' },
    );
    // Below zero where the site allows it: the rest goes out at the same average.
    const patched = await call(server.url, 'PATCH', url(''), {
      token: owner.token,
      body: { allow_negative_stock: true },
    });
    expect(patched.status).toBe(200);
    await refused(
      'POST',
      '/stock_consumptions',
      { item, quantity: 1e9, consumption_date: '2026-11-14' },
      { field: 'quantity' },
    );
    await refused(
      'POST',
      '/stock_transfers',
      { to_site: otherSite, transfer_date: '2026-11-14', lines: [{ item, quantity: 3 }] },
      { field: 'lines.0.quantity' },
    );
    // Within the books, a count is exact to the paisa.
    const half = await created<{ value: number }>('/stock_adjustments', {
      item,
      counted_quantity: 0.5,
      adjustment_date: '2026-11-14',
      reason: 'Recount',
    });
    expect(half.value).toBe(-5e10);
    const back = await call(server.url, 'PATCH', url(''), {
      token: owner.token,
      body: { allow_negative_stock: false },
    });
    expect(back.status).toBe(200);
  });

  it('refuses a return line worth more than ₹1e11', async () => {
    const item = (await created('/items', { name: 'Sand', unit: 'kg' })).id;
    const delivery = await created<{ delivery_items: { id: string }[] }>('/deliveries', {
      vendor: ids.vendor,
      delivery_date: '2026-11-10',
      // ₹1 a unit: the return below credits at most the purchase rate (issue 40 item 7b).
      delivery_items: [{ item, quantity: 1e6, unit_price: 1 }],
    });
    const line = {
      delivery_item: delivery.delivery_items[0]!.id,
      quantity_returned: 1e6,
      return_rate: 1e11,
      condition: 'damaged',
    };
    const body = { vendor: ids.vendor, return_date: '2026-11-14', reason: 'damaged' };
    await refused(
      'POST',
      '/vendor_returns',
      { ...body, items: [line] },
      { field: 'items.0.return_rate' },
    );
    // A line within the limit may still not be corrected beyond it.
    const ret = await created<{ id: string; items: { id: string }[] }>('/vendor_returns', {
      ...body,
      items: [{ ...line, quantity_returned: 1, return_rate: 1 }],
    });
    await refused(
      'PATCH',
      `/vendor_returns/${ret.id}`,
      { items: [{ id: ret.items[0]!.id, quantity_returned: 1e6, return_rate: 1e11 }] },
      { field: 'items.0.return_rate' },
    );
  });
});

describe('lesser input holes (issue 37)', () => {
  it('refuses a cookie session token sent as a bearer token', async () => {
    const login = await call(server.url, 'POST', '/api/auth/login', {
      body: { email: owner.email, password: owner.password },
      headers: { 'x-session': 'cookie' },
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .find((pair) => pair.startsWith('sl_session='));
    const token = decodeURIComponent(cookie!.slice('sl_session='.length));
    const res = await call(server.url, 'GET', '/api/me', { token });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    // The cookie itself still works, as the web app sends it.
    const byCookie = await call(server.url, 'GET', '/api/me', {
      headers: { cookie: `sl_session=${encodeURIComponent(token)}` },
    });
    expect(byCookie.status).toBe(200);
  });

  it('answers an undecodable path in the contract shape', async () => {
    const res = await call<Record<string, unknown>>(server.url, 'GET', '/api/sites/%ZZ/items', {
      token: owner.token,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Malformed request',
      data: {},
    });
  });

  it('bounds business dates from 2000-01-01 to a year from today', async () => {
    const nextYear = new Date();
    nextYear.setUTCFullYear(nextYear.getUTCFullYear() + 1);
    nextYear.setUTCDate(nextYear.getUTCDate() + 2);
    const tooLate = nextYear.toISOString().slice(0, 10);
    for (const date of ['0000-01-01', '1999-12-31', '9999-12-31', tooLate]) {
      const body = await refused(
        'POST',
        '/payments',
        { vendor: ids.vendor, account: ids.account, amount: 1, payment_date: date },
        { field: 'payment_date' },
      );
      expect(body.data.payment_date).toMatchObject({
        message: 'Use a date from 2000-01-01 to one year from today',
      });
      await refused(
        'POST',
        '/stock_consumptions',
        { item: ids.item, quantity: 1, consumption_date: date },
        { field: 'consumption_date' },
      );
    }
    await refused(
      'PATCH',
      `/payments/${ids.payment}`,
      { payment_date: '0000-01-01' },
      { field: 'payment_date' },
    );
    // A date looked forward to may go further, to 2099.
    await refused(
      'POST',
      '/vendor_credit_notes',
      {
        vendor: ids.vendor,
        credit_amount: 1,
        issue_date: '2026-11-14',
        expiry_date: '2100-01-01',
      },
      { field: 'expiry_date' },
    );
    await created('/vendor_credit_notes', {
      vendor: ids.vendor,
      credit_amount: 1,
      issue_date: '2000-01-01',
      expiry_date: '2099-12-31',
    });
  });

  it('refuses a transfer receive that names one line twice', async () => {
    const transfer = await created<{ id: string; lines: { id: string }[] }>('/stock_transfers', {
      to_site: otherSite,
      transfer_date: '2026-11-14',
      lines: [{ item: ids.item, quantity: 2 }],
    });
    const line = transfer.lines[0]!.id;
    const before = await databaseDigest(server.ctx.db.kysely);
    const res = await call<{ code: string }>(
      server.url,
      'POST',
      url(`/stock_transfers/${transfer.id}/receive`, otherSite),
      {
        token: owner.token,
        body: {
          lines: [
            { id: line, received_quantity: 2 },
            { id: line, received_quantity: 0 },
          ],
        },
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(await databaseDigest(server.ctx.db.kysely)).toBe(before);
    const ok = await call(
      server.url,
      'POST',
      url(`/stock_transfers/${transfer.id}/receive`, otherSite),
      { token: owner.token, body: { lines: [{ id: line, received_quantity: 2 }] } },
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});
