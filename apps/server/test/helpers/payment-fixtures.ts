import { sql } from 'kysely';
import { expect } from 'vitest';
import { newId } from '../../src/db/ids.js';
import { call, type ApiResponse } from './api.js';
import { insertCreditNote } from './record-fixtures.js';
import type { TestServer } from './test-server.js';

/** Records the payment tests need, made through the API of a site (credit notes in the DB). */
export interface MoneyKit {
  url(path: string): string;
  vendor(name?: string): Promise<string>;
  item(): Promise<string>;
  /** A delivery of one line: quantity 1 × `total` rupees. */
  delivery(vendor: string, total: number, date?: string): Promise<string>;
  booking(
    vendor: string,
    total: number,
    options?: { date?: string; percent?: number; status?: string },
  ): Promise<string>;
  account(opening?: number, extra?: Record<string, unknown>): Promise<string>;
  /**
   * A credit note written straight into the database (the vendor_credit_notes API belongs to the
   * returns module): balance starts at the amount, status active.
   */
  creditNote(
    vendor: string,
    amount: number,
    options?: { issue_date?: string; expiry_date?: string | null; reference?: string },
  ): Promise<string>;
  pay<T = Record<string, unknown>>(
    body: Record<string, unknown>,
    token?: string,
  ): Promise<ApiResponse<T>>;
  get<T = Record<string, unknown>>(path: string, token?: string): Promise<T>;
}

export function moneyKit(server: TestServer, siteId: string, ownerToken: string): MoneyKit {
  const url = (path: string) => `/api/sites/${siteId}${path}`;
  let itemId: string | undefined;
  let serviceId: string | undefined;

  async function created(path: string, body: Record<string, unknown>): Promise<string> {
    const res = await call<{ id: string }>(server.url, 'POST', url(path), {
      token: ownerToken,
      body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  }

  const kit: MoneyKit = {
    url,
    vendor: (name = `Vendor ${newId().slice(0, 5)}`) => created('/vendors', { name }),
    async item() {
      itemId ??= await created('/items', { name: `Cement ${newId().slice(0, 5)}`, unit: 'bag' });
      return itemId;
    },
    async delivery(vendor, total, date = '2026-03-01') {
      return created('/deliveries', {
        vendor,
        delivery_date: date,
        delivery_reference: `CH-${newId().slice(0, 5)}`,
        delivery_items: [{ item: await kit.item(), quantity: 1, unit_price: total }],
      });
    },
    async booking(vendor, total, options = {}) {
      serviceId ??= await created('/services', {
        name: `JCB ${newId().slice(0, 5)}`,
        category: 'equipment',
        unit: 'day',
        standard_rate: 1000,
      });
      return created('/service_bookings', {
        service: serviceId,
        vendor,
        start_date: options.date ?? '2026-03-02',
        duration: 1,
        unit_rate: total,
        percent_completed: options.percent ?? 0,
        ...(options.status ? { status: options.status } : {}),
      });
    },
    account: (opening = 100_000, extra = {}) =>
      created('/accounts', {
        name: `Bank ${newId().slice(0, 5)}`,
        type: 'bank',
        opening_balance: opening,
        ...extra,
      }),
    async creditNote(vendor, amount, options = {}) {
      const id = newId();
      return insertCreditNote(server, siteId, {
        id,
        vendor,
        amountPaise: Math.round(amount * 100),
        issueDate: options.issue_date ?? '2026-02-01',
        expiryDate: options.expiry_date ?? null,
        reference: options.reference ?? `CN-${id.slice(0, 5)}`,
      });
    },
    pay: (body, token = ownerToken) =>
      call(server.url, 'POST', url('/payments'), {
        token,
        body: { payment_date: '2026-03-10', ...body },
      }),
    async get(path, token = ownerToken) {
      const res = await call(server.url, 'GET', url(path), { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as never;
    },
  };
  return kit;
}

/** Everything money-related of a site, straight from the database, for "nothing changed" checks. */
export async function moneySnapshot(server: TestServer, siteId: string) {
  const db = server.ctx.db.kysely;
  const rows = async (table: string, columns: string[]) =>
    (
      await sql<Record<string, unknown>>`select ${sql.join(columns.map((c) => sql.ref(c)))}
        from ${sql.table(table)} where site_id = ${siteId} order by id`.execute(db)
    ).rows.map((row) => JSON.stringify(row));
  return {
    payments: await rows('payments', ['id', 'amount', 'account', 'allocation_state']),
    allocations: await rows('payment_allocations', ['id', 'allocated_amount']),
    usage: await rows('credit_note_usage', ['id', 'used_amount']),
    transactions: await rows('account_transactions', ['id', 'amount', 'type']),
    accounts: await rows('accounts', ['id', 'current_balance']),
    notes: await rows('vendor_credit_notes', ['id', 'balance', 'status']),
    deliveries: await rows('deliveries', ['id', 'paid_amount', 'payment_status']),
    bookings: await rows('service_bookings', ['id', 'paid_amount', 'payment_status']),
  };
}
