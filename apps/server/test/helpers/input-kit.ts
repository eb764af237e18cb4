import { expect } from 'vitest';
import { call, createSite, registerUser, type Registered } from './api.js';
import { databaseDigest } from './db-digest.js';
import type { TestServer } from './test-server.js';

/** What hardening-input.test.ts works with: an owner, two sites and one record of each kind. */
export interface InputKit {
  owner: Registered;
  siteId: string;
  otherSite: string;
  ids: Record<string, string>;
  url(path: string, site?: string): string;
  created<T = { id: string }>(path: string, body: unknown, site?: string): Promise<T>;
  /** A write that must answer `status` (400) with the contract's error shape and change nothing. */
  refused(
    method: string,
    path: string,
    body: unknown,
    expected?: { status?: number; code?: string; field?: string },
  ): Promise<{ status: number; code: string; data: Record<string, unknown> }>;
}

export async function inputKit(server: TestServer): Promise<InputKit> {
  const owner = await registerUser(server.url);
  const siteId = (await createSite(server.url, owner.token)).id;
  const otherSite = (await createSite(server.url, owner.token, { name: 'Second Site' })).id;
  const ids: Record<string, string> = {};
  const url = (path: string, site = siteId) => `/api/sites/${site}${path}`;
  const kit: InputKit = {
    owner,
    siteId,
    otherSite,
    ids,
    url,
    async created<T>(path: string, body: unknown, site = siteId) {
      const res = await call<T>(server.url, 'POST', url(path, site), { token: owner.token, body });
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(201);
      return res.body;
    },
    async refused(method, path, body, expected = {}) {
      const before = await databaseDigest(server.ctx.db.kysely);
      const res = await call<{ status: number; code: string; data: Record<string, unknown> }>(
        server.url,
        method,
        url(path),
        { token: owner.token, body },
      );
      const where = `${method} ${path} ${JSON.stringify(body)} → ${res.status} ${JSON.stringify(res.body)}`;
      expect(res.status, where).toBe(expected.status ?? 400);
      expect(res.body.code, where).toBe(expected.code ?? 'VALIDATION_FAILED');
      if (expected.field) expect(Object.keys(res.body.data), where).toContain(expected.field);
      expect(await databaseDigest(server.ctx.db.kysely), `${where} wrote`).toBe(before);
      return res.body;
    },
  };
  const { created } = kit;
  ids.vendor = (await created('/vendors', { name: 'Shree Traders' })).id;
  ids.item = (await created('/items', { name: 'Cement', unit: 'bag' })).id;
  ids.account = (
    await created('/accounts', { name: 'HDFC', type: 'bank', opening_balance: 50000 })
  ).id;
  const delivery = await created<{ id: string; delivery_items: { id: string }[] }>('/deliveries', {
    vendor: ids.vendor,
    delivery_date: '2026-11-10',
    delivery_items: [{ item: ids.item, quantity: 10, unit_price: 100 }],
  });
  ids.delivery = delivery.id;
  ids.deliveryItem = delivery.delivery_items[0]!.id;
  const made = async (key: string, path: string, body: unknown) => {
    ids[key] = (await created(path, body)).id;
  };
  await made('payment', '/payments', {
    vendor: ids.vendor,
    account: ids.account,
    amount: 100,
    payment_date: '2026-11-12',
    delivery_allocations: [{ delivery: ids.delivery, amount: 100 }],
  });
  await made('creditNote', '/vendor_credit_notes', {
    vendor: ids.vendor,
    credit_amount: 10,
    issue_date: '2026-11-12',
  });
  await made('transaction', '/account_transactions', {
    account: ids.account,
    type: 'debit',
    amount: 5,
    transaction_date: '2026-11-12',
  });
  await made('consumption', '/stock_consumptions', {
    item: ids.item,
    quantity: 1,
    consumption_date: '2026-11-13',
  });
  return kit;
}
