/**
 * Issue 40 item 7, "missing guards", over HTTP on a real server and database:
 * (a) the same supplier invoice number twice for one vendor GSTIN in one financial year → 409
 *     DUPLICATE_SUPPLIER_INVOICE naming the other record (how GSTR-2B identifies an invoice);
 * (b) a return rate above its delivery line's purchase rate → 400 on items.N.return_rate (a price
 *     difference is a separate debit note);
 * (c) a backdated payment is not refused because of a credit note issued after its date.
 */
import { gstinCheckChar } from '@siteledger/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { moneyKit, type MoneyKit } from './helpers/payment-fixtures.js';
import { startServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let owner: Registered;
let siteId: string;
let kit: MoneyKit;

function gstin(state: string, pan: string): string {
  const body = `${state}${pan}1Z`;
  return body + gstinCheckChar(body);
}
const VENDOR_GSTIN = gstin('27', 'AABCL5678M');

interface ErrorBody {
  code: string;
  message: string;
  data: Record<string, unknown>;
}
interface Delivery {
  id: string;
  delivery_date: string;
  supplier_invoice_number: string | null;
  delivery_items: { id: string; unit_price: number }[];
}

const url = (path: string) => `/api/sites/${siteId}${path}`;
const req = <T>(method: string, path: string, body?: unknown, lang?: string) =>
  call<T>(server.url, method, url(path), { token: owner.token, body, lang });

let vendor: string;
let sameGstinVendor: string;
let otherVendor: string;
let item: string;

async function count(table: 'deliveries' | 'vendor_returns' | 'payments'): Promise<number> {
  const row = await server.ctx.db.kysely
    .selectFrom(table)
    .select(sql<number>`count(*)`.as('n'))
    .where('site_id', '=', siteId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function bill(vendorId: string, date: string, invoice: string | null, extra = {}) {
  return {
    vendor: vendorId,
    delivery_date: date,
    supplier_invoice_number: invoice,
    supplier_invoice_date: date,
    delivery_items: [{ item, quantity: 10, unit_price: 100 }],
    ...extra,
  };
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url);
  siteId = (await createSite(server.url, owner.token)).id;
  kit = moneyKit(server, siteId, owner.token);
  const make = async (path: string, body: Record<string, unknown>) => {
    const res = await req<{ id: string }>('POST', path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  };
  vendor = await make('/vendors', { name: 'Pune Cement', gstin: VENDOR_GSTIN });
  // A second vendor record with the same GSTIN (a branch keyed twice): still one supplier.
  sameGstinVendor = await make('/vendors', { name: 'Pune Cement (branch)', gstin: VENDOR_GSTIN });
  otherVendor = await make('/vendors', {
    name: 'Other Supplier',
    gstin: gstin('29', 'AAGCB7383J'),
  });
  item = await make('/items', { name: 'Cement', unit: 'bag' });
});
afterAll(async () => {
  await server?.close();
});

describe('(a) duplicate supplier invoice numbers', () => {
  let first: Delivery;

  it('refuses the same invoice number of one GSTIN in one financial year, naming the other', async () => {
    const a = await req<Delivery>('POST', '/deliveries', bill(vendor, '2025-05-10', 'INV/101'));
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    first = a.body;
    const before = await count('deliveries');
    // Same number, different case and spaces, same financial year (2025-26), other vendor record
    // with the same GSTIN.
    const dup = await req<ErrorBody>(
      'POST',
      '/deliveries',
      bill(sameGstinVendor, '2026-03-31', '  inv/101 '),
    );
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('DUPLICATE_SUPPLIER_INVOICE');
    expect(dup.body.data).toMatchObject({ id: first.id, date: '2025-05-10' });
    expect(dup.body.message).toContain('INV/101');
    expect(await count('deliveries')).toBe(before);
    const hi = await req<ErrorBody>(
      'POST',
      '/deliveries',
      bill(vendor, '2025-06-01', 'INV/101'),
      'hi',
    );
    expect(hi.status).toBe(409);
    expect(hi.body.message).not.toBe(dup.body.message);
  });

  it('accepts the number in another financial year, from another GSTIN, or without one', async () => {
    const nextYear = await req<Delivery>(
      'POST',
      '/deliveries',
      bill(vendor, '2026-04-01', 'INV/101'),
    );
    expect(nextYear.status, JSON.stringify(nextYear.body)).toBe(201);
    const other = await req<Delivery>(
      'POST',
      '/deliveries',
      bill(otherVendor, '2025-05-10', 'INV/101'),
    );
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    const none1 = await req<Delivery>('POST', '/deliveries', bill(vendor, '2025-05-11', null));
    const none2 = await req<Delivery>('POST', '/deliveries', bill(vendor, '2025-05-11', ''));
    expect([none1.status, none2.status]).toEqual([201, 201]);
  });

  it('judges the financial year by the supplier invoice date when there is one', async () => {
    // Delivered in April 2026 but invoiced on 2026-03-30: the 2025-26 year, where INV/101 exists.
    const res = await req<ErrorBody>(
      'POST',
      '/deliveries',
      bill(vendor, '2026-04-02', 'INV/101', { supplier_invoice_date: '2026-03-30' }),
    );
    expect(res.status).toBe(409);
    expect(res.body.data).toMatchObject({ id: first.id });
  });

  it('refuses a PATCH that gives a bill another’s number, and keeps the bill as it was', async () => {
    const b = await req<Delivery>('POST', '/deliveries', bill(vendor, '2025-07-01', 'INV/202'));
    expect(b.status).toBe(201);
    const res = await req<ErrorBody>('PATCH', `/deliveries/${b.body.id}`, {
      supplier_invoice_number: 'Inv/101',
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('DUPLICATE_SUPPLIER_INVOICE');
    expect(res.body.data).toMatchObject({ id: first.id, date: '2025-05-10' });
    const after = await req<Delivery>('GET', `/deliveries/${b.body.id}`);
    expect(after.body.supplier_invoice_number).toBe('INV/202');
    // Moving the bill itself into the other year is fine; re-saving its own number is fine.
    const self = await req<Delivery>('PATCH', `/deliveries/${first.id}`, {
      supplier_invoice_number: 'INV/101',
      notes: 'checked',
    });
    expect(self.status, JSON.stringify(self.body)).toBe(200);
    // A fresh number is accepted.
    const moved = await req<ErrorBody>('PATCH', `/deliveries/${b.body.id}`, {
      supplier_invoice_number: 'INV/777',
    });
    expect(moved.status).toBe(200);
  });
});

describe('(b) return rate above the purchase rate', () => {
  it('refuses a return line credited above its delivery line’s unit price, writing nothing', async () => {
    const d = await req<Delivery>('POST', '/deliveries', bill(vendor, '2025-08-01', 'INV/300'));
    expect(d.status).toBe(201);
    const line = d.body.delivery_items[0]!;
    const before = await count('vendor_returns');
    const body = (rate: number) => ({
      vendor,
      return_date: '2025-08-05',
      reason: 'damaged',
      items: [
        { delivery_item: line.id, quantity_returned: 2, return_rate: rate, condition: 'damaged' },
      ],
    });
    const res = await req<ErrorBody>('POST', '/vendor_returns', body(100.01));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.body.data)).toEqual(['items.0.return_rate']);
    expect(await count('vendor_returns')).toBe(before);
    const ok = await req<{ id: string; items: { id: string }[] }>(
      'POST',
      '/vendor_returns',
      body(100),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const edit = await req<ErrorBody>('PATCH', `/vendor_returns/${ok.body.id}`, {
      items: [{ id: ok.body.items[0]!.id, return_rate: 150 }],
    });
    expect(edit.status).toBe(400);
    expect(Object.keys(edit.body.data)).toEqual(['items.0.return_rate']);
  });
});

describe('(c) backdated payments and later credit notes', () => {
  it('pays from an account on a date before a usable credit note was issued', async () => {
    const v = await kit.vendor();
    const delivery = await kit.delivery(v, 1000, '2026-01-10');
    const account = await kit.account(100000);
    await kit.creditNote(v, 200, { issue_date: '2026-02-15', reference: 'CN-LATER' });
    const before = await count('payments');
    const res = await kit.pay<ErrorBody>({
      vendor: v,
      account,
      amount: 1000,
      payment_date: '2026-01-20',
      delivery_allocations: [{ delivery, amount: 1000 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await count('payments')).toBe(before + 1);
    // On or after the note's date the priority rule still holds.
    const d2 = await kit.delivery(v, 500, '2026-02-10');
    const later = await kit.pay<ErrorBody>({
      vendor: v,
      account,
      amount: 500,
      payment_date: '2026-02-20',
      delivery_allocations: [{ delivery: d2, amount: 500 }],
    });
    expect(later.status).toBe(400);
    expect(later.body.code).toBe('CREDIT_NOTE_PRIORITY');
  });
});
