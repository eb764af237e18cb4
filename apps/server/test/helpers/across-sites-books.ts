/**
 * The books of the across-sites tests (issue 47): an owner's two sites, Tower A (with a TAN) and
 * Tower B, put in one business; "Sri Lakshmi Traders" (one GSTIN, § 194C) on both, with bills of
 * different ages (deliveries, one with TDS; a booking with GST; an RA bill), part payments and
 * an advance; "Balaji Hardware" on A; an account or two on each; a budget line and a
 * supervisor's request waiting for the owner on A.
 */
import { expect } from 'vitest';
import { call, createSite, registerUser, type Registered } from './api.js';
import { addMember } from './fixtures.js';
import type { TestServer } from './test-server.js';

export type SiteKey = 'a' | 'b';
export const GSTIN = '27AAPFU0939F1ZV';
/** The date the ages are reckoned on. */
export const AS_OF = '2026-11-30';

interface Delivery {
  id: string;
  total_amount: number;
  tds_amount: number;
  paid_amount: number;
}

interface Booking extends Delivery {
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
}

export interface Books {
  owner: Registered;
  /** An accountant of Tower A (not the business's owner). */
  accountant: Registered;
  business: string;
  site: Record<SiteKey, string>;
  lakshmi: Record<SiteKey, string>;
  account: Record<SiteKey, string>;
  balaji: string;
  /** What Sri Lakshmi's bills still owe (paise), by bucket on AS_OF. */
  owed: Record<'0_30' | '31_60' | '61_90' | '90_plus', number>;
  balajiOwed: number;
}

export const paise = (rupees: number) => Math.round(rupees * 100);

/** What a delivery still owes after its TDS and payments, in paise. */
const dueOf = (d: Delivery) => paise(d.total_amount) - paise(d.tds_amount) - paise(d.paid_amount);

export async function twoSiteBooks(server: TestServer): Promise<Books> {
  const owner = await registerUser(server.url);
  const accountant = await registerUser(server.url);
  const site: Record<SiteKey, string> = { a: '', b: '' };
  const lakshmi: Record<SiteKey, string> = { a: '', b: '' };
  const account: Record<SiteKey, string> = { a: '', b: '' };
  const owed = { '0_30': 0, '31_60': 0, '61_90': 0, '90_plus': 0 };
  const ok = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await call<T>(server.url, method, path, { token: owner.token, body });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  const get = <T>(path: string) => ok<T>('GET', path);
  const on = (key: SiteKey, path: string) => `/api/sites/${site[key]}${path}`;
  const deliver = (key: SiteKey, vendor: string, item: string, date: string, price: number) =>
    ok<Delivery>('POST', on(key, '/deliveries'), {
      vendor,
      delivery_date: date,
      delivery_items: [{ item, quantity: 1, unit_price: price }],
    });
  const pay = (key: SiteKey, delivery: Delivery | null, amount: number, date: string) =>
    ok('POST', on(key, '/payments'), {
      vendor: lakshmi[key],
      account: account[key],
      amount,
      payment_date: date,
      ...(delivery ? { delivery_allocations: [{ delivery: delivery.id, amount }] } : {}),
    });

  site.a = (await createSite(server.url, owner.token, { name: 'Tower A', tan: 'MUMA12345B' })).id;
  site.b = (await createSite(server.url, owner.token, { name: 'Tower B', state_code: '27' })).id;
  await addMember(server, site.a, accountant.user.id, 'accountant');
  const businessOf = async (key: SiteKey) =>
    (await get<{ business: string }>(`/api/sites/${site[key]}`)).business;
  const business = await businessOf('a');
  const items: Record<string, string> = {};
  for (const key of ['a', 'b'] as const) {
    items[key] = (
      await ok<{ id: string }>('POST', on(key, '/items'), { name: 'Cement', unit: 'bag' })
    ).id;
    lakshmi[key] = (
      await ok<{ id: string }>('POST', on(key, '/vendors'), {
        name: key === 'a' ? 'Sri Lakshmi Traders' : 'SRI LAKSHMI TRADERS PVT LTD',
        gstin: GSTIN,
        tds_section: '194C',
      })
    ).id;
  }
  const balaji = (
    await ok<{ id: string }>('POST', on('a', '/vendors'), { name: 'Balaji Hardware' })
  ).id;
  await ok('POST', `/api/businesses/${business}/merge`, { businesses: [await businessOf('b')] });

  account.a = (
    await ok<{ id: string }>('POST', on('a', '/accounts'), {
      name: 'HDFC current',
      type: 'bank',
      bank_name: 'HDFC Bank',
      opening_balance: 2_00_000,
    })
  ).id;
  account.b = (
    await ok<{ id: string }>('POST', on('b', '/accounts'), {
      name: 'Site cash',
      type: 'cash',
      opening_balance: 25_000.5,
    })
  ).id;
  await ok('POST', on('b', '/accounts'), { name: 'SBI', type: 'bank', opening_balance: 1234.56 });

  // A: 12,345.67 ten days old, part paid; 40,000 seventy-six days old (over ₹30,000: TDS).
  const a1 = await deliver('a', lakshmi.a, items.a!, '2026-11-20', 12_345.67);
  const a2 = await deliver('a', lakshmi.a, items.a!, '2026-09-15', 40_000);
  await pay('a', a1, 2_000.5, '2026-11-25');
  // B: 5,000.25 fifty-one days old; 20,000 five months old, part paid; an advance of 500.
  const b1 = await deliver('b', lakshmi.b, items.b!, '2026-10-10', 5_000.25);
  const b2 = await deliver('b', lakshmi.b, items.b!, '2026-07-01', 20_000);
  await pay('b', b2, 1_000, '2026-08-01');
  await pay('b', null, 500, '2026-11-28');
  // B: a crane booked 2026-08-20 (102 days), 3 days at 4,500.50 with GST 18 %.
  const crane = await ok<{ id: string }>('POST', on('b', '/services'), {
    name: 'Crane hire',
    category: 'equipment',
    unit: 'day',
    standard_rate: 4500.5,
  });
  const booking = await ok<Booking>('POST', on('b', '/service_bookings'), {
    service: crane.id,
    vendor: lakshmi.b,
    start_date: '2026-08-20',
    duration: 3,
    unit_rate: 4500.5,
    gst_rate: 18,
  });
  // A: a work order's RA bill of 2026-08-10 (112 days): 30 sqm at 100, waiting for approval.
  const order = await ok<{ id: string }>('POST', on('a', '/work_orders'), {
    vendor: lakshmi.a,
    title: 'Plastering',
    gst_rate: null,
    lines: [{ description: 'Plaster', unit: 'sqm', quantity: 100, rate: 100 }],
  });
  const issued = await ok<{ lines: { id: string }[] }>(
    'POST',
    on('a', `/work_orders/${order.id}/issue`),
  );
  const raBill = await ok<{ id: string }>('POST', on('a', '/ra_bills'), {
    work_order: order.id,
    bill_date: '2026-08-10',
    lines: [{ work_order_line: issued.lines[0]!.id, cumulative_quantity: 30 }],
  });
  const bal = await deliver('a', balaji, items.a!, '2026-11-01', 999.99);
  const read = (key: SiteKey, d: Delivery) => get<Delivery>(on(key, `/deliveries/${d.id}`));
  owed['0_30'] = dueOf(await read('a', a1));
  owed['61_90'] = dueOf(await read('a', a2));
  owed['31_60'] = dueOf(await read('b', b1));
  const booked = await get<Booking>(on('b', `/service_bookings/${booking.id}`));
  const gst = paise(booked.cgst_amount) + paise(booked.sgst_amount) + paise(booked.igst_amount);
  expect(gst).toBeGreaterThan(0);
  const bill = await get<{ net_payable: number; paid_amount: number; approved_at: string | null }>(
    on('a', `/ra_bills/${raBill.id}`),
  );
  expect(bill.approved_at).toBeNull();
  owed['90_plus'] =
    dueOf(await read('b', b2)) +
    dueOf(booked) +
    gst +
    paise(bill.net_payable) -
    paise(bill.paid_amount);
  const balajiOwed = dueOf(await read('a', bal));
  expect((await read('a', a2)).tds_amount).toBeGreaterThan(0);

  await ok('POST', on('a', '/budget_lines'), { head: 'overhead', name: 'Office', amount: 50_000 });
  // A supervisor's request waits for the owner.
  const supervisor = await registerUser(server.url);
  await addMember(server, site.a, supervisor.user.id, 'supervisor');
  const request = await call<{ status: string }>(
    server.url,
    'POST',
    on('a', '/material_requests'),
    { token: supervisor.token, body: { items: [{ item: items.a, quantity: 10 }], submit: true } },
  );
  expect(request.body.status).toBe('submitted');
  return { owner, accountant, business, site, lakshmi, account, balaji, owed, balajiOwed };
}
