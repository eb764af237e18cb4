import { expect } from 'vitest';
import { call, createSite, registerUser, type Registered } from './api.js';
import type { TestServer } from './test-server.js';

/** Names that test escaping everywhere: Hindi, `&` and `"` in one. */
export const SITE_NAME = 'ग्रीन वैली & "Tower B"';
export const VENDOR_NAME = 'शर्मा & Sons "Cement"';
export const FORMULA_REFERENCE = '=HYPERLINK("http://evil.test","पैसे")';

/** A vendor ledger built through the API, as a site would record it (spec parts 2–4). */
export interface ExportLedger {
  owner: Registered;
  siteId: string;
  vendor: string;
  bank: string;
  cash: string;
  deliveries: { d1: string; d2: string; d3: string };
  booking: string;
  payments: { p1: string; p2: string; p3: string };
  returnId: string;
  url(path: string): string;
}

async function create<T = { id: string }>(
  server: TestServer,
  token: string,
  path: string,
  body: Record<string, unknown>,
): Promise<T> {
  const res = await call<T>(server.url, 'POST', path, { token, body });
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
  return res.body;
}

/**
 * Deliveries with tax and round-off (one reference starts with `=`), a service booking, a lapsed
 * credit note, a payment allocated to a delivery and the booking with an unallocated rest, a
 * return with a split refund (money back + a credit note), a standalone credit note, a payment
 * that uses both credit notes, and an advance. Dates in 2026-01…02 (the notes lapse before now).
 */
export async function buildExportLedger(server: TestServer): Promise<ExportLedger> {
  const owner = await registerUser(server.url, { name: 'Owner' });
  const siteId = (await createSite(server.url, owner.token, { name: SITE_NAME })).id;
  const url = (path: string) => `/api/sites/${siteId}${path}`;
  const post = <T = { id: string }>(path: string, body: Record<string, unknown>) =>
    create<T>(server, owner.token, url(path), body);

  const vendor = (
    await post('/vendors', {
      name: VENDOR_NAME,
      company_name: 'Sharma Building Materials Pvt Ltd',
      contact_person: 'रमेश शर्मा',
      phone: '+91 98765 43210',
      email: 'accounts@sharma.test',
      address: 'Plot 12, MIDC Bhosari\nPune 411026',
      payment_details: 'HDFC Bank A/c 50100012345678, IFSC HDFC0001234',
      gstin: '27AAPFU0939F1ZV',
    })
  ).id;
  const cement = (await post('/items', { name: 'Cement OPC 53', unit: 'bag' })).id;
  const steel = (await post('/items', { name: 'TMT Steel', unit: 'ton' })).id;
  const service = (
    await post('/services', {
      name: 'JCB excavation',
      category: 'equipment',
      unit: 'day',
      standard_rate: 7500,
    })
  ).id;
  const bank = (
    await post('/accounts', { name: 'HDFC Current', type: 'bank', opening_balance: 500000 })
  ).id;
  const cash = (
    await post('/accounts', { name: 'Site Cash', type: 'cash', opening_balance: 50000 })
  ).id;

  await post('/vendor_credit_notes', {
    vendor,
    credit_amount: 500,
    issue_date: '2026-01-02',
    expiry_date: '2026-01-31',
    reference: 'CN-OLD',
    reason: 'Rate difference',
  });
  const d1 = await post<{ id: string; delivery_items: { id: string; item: string }[] }>(
    '/deliveries',
    {
      vendor,
      delivery_date: '2026-01-05',
      delivery_reference: 'CH-101',
      tax_amount: 12519.9,
      round_off: 0.1,
      delivery_items: [
        { item: cement, quantity: 100, unit_price: 385.55 },
        { item: steel, quantity: 0.5, unit_price: 62000 },
      ],
    },
  );
  const d2 = await post('/deliveries', {
    vendor,
    delivery_date: '2026-01-12',
    delivery_reference: FORMULA_REFERENCE,
    notes: '-5 bags short, "to follow"',
    round_off: -0.45,
    delivery_items: [{ item: cement, quantity: 10, unit_price: 1234.5 }],
  });
  const booking = await post('/service_bookings', {
    service,
    vendor,
    start_date: '2026-01-15',
    duration: 2,
    unit_rate: 7500,
    percent_completed: 50,
  });
  const p1 = await post('/payments', {
    vendor,
    account: bank,
    amount: 40000,
    payment_date: '2026-01-20',
    reference: 'UTR-0001',
    delivery_allocations: [{ delivery: d1.id, amount: 30000 }],
    service_booking_allocations: [{ service_booking: booking.id, amount: 7500 }],
  });
  const cementLine = d1.delivery_items.find((line) => line.item === cement)!;
  const ret = await post('/vendor_returns', {
    vendor,
    return_date: '2026-01-25',
    reason: 'damaged',
    notes: '10 bags set hard',
    items: [
      {
        delivery_item: cementLine.id,
        quantity_returned: 10,
        return_rate: 385.55,
        condition: 'damaged',
      },
    ],
    refund: {
      type: 'split',
      method: 'bank_transfer',
      account: bank,
      amount: 1000,
      refund_date: '2026-01-26',
      reference: 'RF-1',
      credit_amount: 2855.5,
      credit_note_reference: 'CN-R1',
    },
  });
  await post('/vendor_credit_notes', {
    vendor,
    credit_amount: 1500,
    issue_date: '2026-01-28',
    reference: 'CN-STD',
    reason: 'Transport discount',
  });
  const d3 = await post('/deliveries', {
    vendor,
    delivery_date: '2026-02-03',
    delivery_reference: 'CH-103',
    tax_amount: 2880,
    delivery_items: [{ item: steel, quantity: 0.25, unit_price: 64000 }],
  });
  const notes = await call<{ items: { id: string; reference: string }[] }>(
    server.url,
    'GET',
    url(`/vendor_credit_notes?vendor=${vendor}`),
    { token: owner.token },
  );
  const noteId = (reference: string) => notes.body.items.find((n) => n.reference === reference)!.id;
  const p2 = await post('/payments', {
    vendor,
    account: cash,
    amount: 10355.5,
    payment_date: '2026-02-10',
    reference: 'CASH-7',
    credit_note_allocations: [
      { credit_note: noteId('CN-R1'), amount: 2855.5 },
      { credit_note: noteId('CN-STD'), amount: 1500 },
    ],
    delivery_allocations: [{ delivery: d2.id, amount: 10355.5 }],
  });
  const p3 = await post('/payments', {
    vendor,
    account: bank,
    amount: 5000,
    payment_date: '2026-02-20',
    reference: 'ADV-1',
    notes: 'Advance for February steel',
  });
  return {
    owner,
    siteId,
    vendor,
    bank,
    cash,
    deliveries: { d1: d1.id, d2: d2.id, d3: d3.id },
    booking: booking.id,
    payments: { p1: p1.id, p2: p2.id, p3: p3.id },
    returnId: ret.id,
    url,
  };
}

/** GET of a file export: status, headers and the body as bytes. */
export async function download(
  server: TestServer,
  path: string,
  token?: string,
): Promise<{ status: number; headers: Headers; bytes: Buffer; text: string }> {
  const res = await fetch(`${server.url}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: bytes.toString('utf8') };
}
