/**
 * Issue 40 item 6: a supplier's GST credit note (CGST Act s.34) reduces input tax credit. Over
 * HTTP on a real server and database: a vendor credit note carries its taxable value and heads
 * (split from a rate like a delivery line, or typed as the supplier printed them), the original
 * invoice and the supplier's note number and date; credit_amount = taxable + heads; it is a
 * negative `credit_note` row of the purchase register and reduces 4(A)(5) (claim mode); a
 * return's credit note is not counted twice; its Tally Debit Note reverses the purchase and the
 * Input ledgers per head (claim) or the purchase alone (cost) instead of "Vendor Credit Notes".
 */
import { gstinCheckChar } from '@siteledger/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIntegrity, formatViolations } from '../src/integrity/check.js';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { download } from './helpers/export-fixtures.js';
import { parser, type Envelope, type Message, type Voucher } from './helpers/tally-parse.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const gstin = (state: string, pan: string) => {
  const first = `${state}${pan}1Z`;
  return first + gstinCheckChar(first);
};

interface Note {
  id: string;
  credit_amount: number;
  balance: number;
  taxable_amount: number | null;
  gst_rate: number | null;
  cgst_amount: number;
  sgst_amount: number;
  igst_amount: number;
  original_delivery: string | null;
  original_booking: string | null;
  supplier_note_number: string | null;
  supplier_note_date: string | null;
  return_id: string | null;
}
interface ErrorBody {
  code: string;
  data: Record<string, { message: string }>;
}
interface Heads {
  integrated_tax: number;
  central_tax: number;
  state_tax: number;
  cess: number;
}
interface Register {
  rows: {
    kind: string;
    id: string;
    supplier_invoice_number: string | null;
    supplier_invoice_date: string | null;
    gst_rate: number | null;
    taxable_amount: number;
    cgst_amount: number;
    sgst_amount: number;
    igst_amount: number;
  }[];
  input_tax: { all_other_itc: Heads; net_itc: Heads; reversed_section_17_5: Heads };
}

let server: TestServer;
let owner: Registered;
let claimSite: string;
let costSite: string;
const ids = {
  local: '',
  outside: '',
  composition: '',
  localDelivery: '',
  localLine: '',
  outsideDelivery: '',
  costVendor: '',
  costDelivery: '',
};

const req = <T>(site: string, method: string, path: string, body?: unknown) =>
  call<T>(server.url, method, `/api/sites/${site}${path}`, { token: owner.token, body });

async function post<T = { id: string }>(site: string, path: string, body: object): Promise<T> {
  const res = await req<T>(site, 'POST', path, body);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
  return res.body;
}

async function noteCount(): Promise<number> {
  const row = await server.ctx.db.kysely
    .selectFrom('vendor_credit_notes')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function tally(site: string, query: string) {
  const res = await download(server, `/api/sites/${site}/exports/tally${query}`, owner.token);
  expect(res.status, res.text).toBe(200);
  const doc = parser.parse(res.text) as Envelope;
  const messages: Message[] = doc.ENVELOPE.BODY.IMPORTDATA[0]!.REQUESTDATA.TALLYMESSAGE ?? [];
  return messages.flatMap((m) => (m.VOUCHER ? [m.VOUCHER] : []));
}
const summary = (v: Voucher) =>
  v['ALLLEDGERENTRIES.LIST'].map((l) => [l.LEDGERNAME, l.ISDEEMEDPOSITIVE, l.AMOUNT]);
const voucherOf = (vouchers: Voucher[], id: string) =>
  vouchers.find((v) => v['@_REMOTEID'] === `siteledger-vendor_credit_notes-${id}`);

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url, { name: 'Owner' });
  claimSite = (await createSite(server.url, owner.token, { name: 'Claim Site' })).id;
  costSite = (await createSite(server.url, owner.token, { name: 'Cost Site' })).id;
  for (const [site, mode] of [
    [claimSite, 'claim'],
    [costSite, 'cost'],
  ] as const) {
    const res = await call(server.url, 'PATCH', `/api/sites/${site}`, {
      token: owner.token,
      body: { state_code: '27', input_tax_mode: mode },
    });
    expect(res.status).toBe(200);
  }
  ids.local = (
    await post(claimSite, '/vendors', { name: 'Ram Traders', gstin: gstin('27', 'AAPFU0939F') })
  ).id;
  ids.outside = (
    await post(claimSite, '/vendors', {
      name: 'Karnataka Steel',
      gstin: gstin('29', 'AABCK1234L'),
    })
  ).id;
  ids.composition = (
    await post(claimSite, '/vendors', {
      name: 'Small Depot',
      gstin: gstin('27', 'AAGFS4321P'),
      registration_type: 'composition',
    })
  ).id;
  const cement = (await post(claimSite, '/items', { name: 'Cement', unit: 'bag' })).id;
  const local = await post<{ id: string; delivery_items: { id: string }[] }>(
    claimSite,
    '/deliveries',
    {
      vendor: ids.local,
      delivery_date: '2026-04-03',
      supplier_invoice_number: 'RT/077',
      supplier_invoice_date: '2026-04-02',
      delivery_items: [{ item: cement, quantity: 100, unit_price: 100, gst_rate: 18 }],
    },
  );
  ids.localDelivery = local.id;
  ids.localLine = local.delivery_items[0]!.id;
  ids.outsideDelivery = (
    await post(claimSite, '/deliveries', {
      vendor: ids.outside,
      delivery_date: '2026-04-05',
      supplier_invoice_number: 'KS-1',
      delivery_items: [{ item: cement, quantity: 100, unit_price: 100, gst_rate: 18 }],
    })
  ).id;
  ids.costVendor = (
    await post(costSite, '/vendors', { name: 'Cost Vendor', gstin: gstin('27', 'AAGFR5678Q') })
  ).id;
  const costCement = (await post(costSite, '/items', { name: 'Cement', unit: 'bag' })).id;
  ids.costDelivery = (
    await post(costSite, '/deliveries', {
      vendor: ids.costVendor,
      delivery_date: '2026-04-04',
      delivery_items: [{ item: costCement, quantity: 10, unit_price: 100, gst_rate: 18 }],
    })
  ).id;
});
afterAll(async () => {
  await server?.close();
});

let rated: Note;
let typed: Note;
let igst: Note;
let plain: Note;

describe('a GST credit note', () => {
  it('splits its heads from a rate like a delivery line and totals taxable + tax', async () => {
    rated = await post<Note>(claimSite, '/vendor_credit_notes', {
      vendor: ids.local,
      issue_date: '2026-04-20',
      reference: 'CN-RATE',
      taxable_amount: 1000,
      gst_rate: 18,
      original_delivery: ids.localDelivery,
      supplier_note_number: 'RT/CN/9',
      supplier_note_date: '2026-04-19',
    });
    expect(rated).toMatchObject({
      credit_amount: 1180,
      balance: 1180,
      taxable_amount: 1000,
      gst_rate: 18,
      cgst_amount: 90,
      sgst_amount: 90,
      igst_amount: 0,
      original_delivery: ids.localDelivery,
      original_booking: null,
      supplier_note_number: 'RT/CN/9',
      supplier_note_date: '2026-04-19',
    });
    // Another state: IGST, rounded half away from zero (333.33 × 18 % = 59.9994 → 60.00).
    igst = await post<Note>(claimSite, '/vendor_credit_notes', {
      vendor: ids.outside,
      issue_date: '2026-04-21',
      taxable_amount: 333.33,
      gst_rate: 18,
      credit_amount: 393.33,
      original_delivery: ids.outsideDelivery,
    });
    expect(igst).toMatchObject({ credit_amount: 393.33, igst_amount: 60, cgst_amount: 0 });
    const read = await req<Note>(claimSite, 'GET', `/vendor_credit_notes/${rated.id}`);
    expect(read.body).toMatchObject({ taxable_amount: 1000, cgst_amount: 90 });
  });

  it('takes the heads as the supplier printed them', async () => {
    typed = await post<Note>(claimSite, '/vendor_credit_notes', {
      vendor: ids.local,
      issue_date: '2026-04-22',
      taxable_amount: 500,
      cgst_amount: 45,
      sgst_amount: 45,
      supplier_note_number: 'RT/CN/10',
      supplier_note_date: '2026-04-22',
    });
    expect(typed).toMatchObject({ credit_amount: 590, gst_rate: null, cgst_amount: 45 });
  });

  it('keeps a note without GST as before', async () => {
    plain = await post<Note>(claimSite, '/vendor_credit_notes', {
      vendor: ids.local,
      issue_date: '2026-04-23',
      credit_amount: 250,
      reference: 'CN-PLAIN',
    });
    expect(plain).toMatchObject({
      credit_amount: 250,
      taxable_amount: null,
      gst_rate: null,
      cgst_amount: 0,
    });
  });

  it('refuses what does not add up, writing nothing', async () => {
    const before = await noteCount();
    const base = { vendor: ids.local, issue_date: '2026-04-24' };
    const cases: [Record<string, unknown>, string][] = [
      [{ taxable_amount: 1000, gst_rate: 18, credit_amount: 1000 }, 'credit_amount'],
      [{ taxable_amount: 1000, igst_amount: 180 }, 'igst_amount'],
      [{ taxable_amount: 1000, gst_rate: 18, cgst_amount: 90, sgst_amount: 90 }, 'gst_rate'],
      [{ taxable_amount: 1000 }, 'gst_rate'],
      [{}, 'credit_amount'],
      [{ credit_amount: 10, gst_rate: 18 }, 'gst_rate'],
      [{ credit_amount: 10, original_delivery: ids.outsideDelivery }, 'original_delivery'],
      [
        { credit_amount: 10, original_delivery: ids.localDelivery, original_booking: plain.id },
        'original_booking',
      ],
      [{ vendor: ids.composition, taxable_amount: 100, gst_rate: 5 }, 'gst_rate'],
      [
        { vendor: ids.composition, taxable_amount: 100, cgst_amount: 2.5, sgst_amount: 2.5 },
        'gst_rate',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await req<ErrorBody>(claimSite, 'POST', '/vendor_credit_notes', {
        ...base,
        ...body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.body.data), JSON.stringify(body)).toContain(field);
    }
    expect(await noteCount()).toBe(before);
  });

  it('keeps a GST note’s amount to its taxable value and tax on PATCH', async () => {
    const res = await req<ErrorBody>(claimSite, 'PATCH', `/vendor_credit_notes/${rated.id}`, {
      credit_amount: 1000,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data)).toEqual(['credit_amount']);
    const ok = await req<Note>(claimSite, 'PATCH', `/vendor_credit_notes/${rated.id}`, {
      reason: 'Rate difference on RT/077',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.credit_amount).toBe(1180);
    // The supplier's number may come later, on any note.
    const later = await req<Note>(claimSite, 'PATCH', `/vendor_credit_notes/${plain.id}`, {
      supplier_note_number: 'RT/CN/PLAIN',
      supplier_note_date: '2026-04-23',
    });
    expect(later.body).toMatchObject({
      supplier_note_number: 'RT/CN/PLAIN',
      supplier_note_date: '2026-04-23',
      taxable_amount: null,
    });
  });
});

describe('the purchase register', () => {
  it('shows GST notes as negative credit_note rows and takes them off 4(A)(5)', async () => {
    // A return with a credit refund: its note carries the return's tax, which the return's own
    // negative row already takes off; the note must not be counted again.
    const ret = await post<{ id: string }>(claimSite, '/vendor_returns', {
      vendor: ids.local,
      return_date: '2026-04-25',
      reason: 'damaged',
      items: [
        {
          delivery_item: ids.localLine,
          quantity_returned: 2,
          return_rate: 100,
          condition: 'damaged',
        },
      ],
      refund: {
        type: 'credit',
        amount: 236,
        refund_date: '2026-04-25',
        credit_note_supplier_number: 'RT/CN/11',
        credit_note_supplier_date: '2026-04-24',
      },
    });
    // The return's note keeps the supplier's number and date; its tax is the return's.
    const returnNotes = await req<{ items: Note[] }>(
      claimSite,
      'GET',
      `/vendor_credit_notes?return_id=${ret.id}`,
    );
    expect(returnNotes.body.items).toEqual([
      expect.objectContaining({
        credit_amount: 236,
        taxable_amount: null,
        cgst_amount: 0,
        supplier_note_number: 'RT/CN/11',
        supplier_note_date: '2026-04-24',
      }),
    ]);
    const res = await req<Register>(
      claimSite,
      'GET',
      '/reports/purchase-register?from=2026-04-01&to=2026-04-30',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const notes = res.body.rows.filter((r) => r.kind === 'credit_note');
    expect(notes.map((r) => r.id).sort()).toEqual([rated.id, typed.id, igst.id].sort());
    expect(notes.find((r) => r.id === rated.id)).toMatchObject({
      supplier_invoice_number: 'RT/CN/9',
      supplier_invoice_date: '2026-04-19',
      gst_rate: 18,
      taxable_amount: -1000,
      cgst_amount: -90,
      sgst_amount: -90,
      igst_amount: 0,
    });
    expect(notes.find((r) => r.id === typed.id)).toMatchObject({
      gst_rate: null,
      taxable_amount: -500,
      cgst_amount: -45,
    });
    expect(res.body.rows.filter((r) => r.kind === 'return').map((r) => r.id)).toEqual([ret.id]);
    // Bills: 10 000 @ 18 % local (900 + 900) and outside (1 800 IGST). Less: the return (18 + 18),
    // the notes (90 + 90, 45 + 45, 60 IGST).
    expect(res.body.input_tax.all_other_itc).toEqual({
      integrated_tax: 1740,
      central_tax: 747,
      state_tax: 747,
      cess: 0,
    });
    expect(res.body.input_tax.net_itc).toEqual(res.body.input_tax.all_other_itc);
  });
});

describe('Tally', () => {
  it('reverses the purchase and the Input ledgers per head in claim mode', async () => {
    const vouchers = await tally(claimSite, '?from=2026-04-01&to=2026-04-30');
    const v = voucherOf(vouchers, rated.id)!;
    expect(v).toMatchObject({
      '@_VCHTYPE': 'Debit Note',
      REFERENCE: 'RT/CN/9',
      REFERENCEDATE: '20260419',
    });
    expect(summary(v)).toEqual([
      ['Ram Traders', 'Yes', '-1180.00'],
      ['Purchase', 'No', '1000.00'],
      ['Input CGST', 'No', '90.00'],
      ['Input SGST', 'No', '90.00'],
    ]);
    expect(summary(voucherOf(vouchers, igst.id)!)).toEqual([
      ['Karnataka Steel', 'Yes', '-393.33'],
      ['Purchase', 'No', '333.33'],
      ['Input IGST', 'No', '60.00'],
    ]);
    // The purchase side carries the site's cost centre.
    const purchase = v['ALLLEDGERENTRIES.LIST'][1]!;
    expect(purchase['CATEGORYALLOCATIONS.LIST']?.[0]?.['COSTCENTREALLOCATIONS.LIST']).toEqual([
      { NAME: 'Claim Site', AMOUNT: '1000.00' },
    ]);
    // A note without GST still goes to Vendor Credit Notes.
    expect(summary(voucherOf(vouchers, plain.id)!)).toEqual([
      ['Ram Traders', 'Yes', '-250.00'],
      ['Vendor Credit Notes', 'No', '250.00'],
    ]);
  });

  it('sends an expired GST note’s balance back to the purchase, not to Vendor Credit Notes', async () => {
    const note = await post<Note>(claimSite, '/vendor_credit_notes', {
      vendor: ids.local,
      issue_date: '2026-04-26',
      expiry_date: '2026-04-28',
      taxable_amount: 100,
      gst_rate: 18,
    });
    const vouchers = await tally(claimSite, '?from=2026-04-01&to=2026-04-30');
    const lapse = vouchers.find(
      (v) => v['@_REMOTEID'] === `siteledger-vendor_credit_notes-${note.id}-lapse`,
    )!;
    expect(summary(lapse)).toEqual([
      ['Purchase', 'Yes', '-118.00'],
      ['Ram Traders', 'No', '118.00'],
    ]);
  });

  it('reverses the purchase with its tax in cost mode', async () => {
    const note = await post<Note>(costSite, '/vendor_credit_notes', {
      vendor: ids.costVendor,
      issue_date: '2026-04-20',
      taxable_amount: 100,
      gst_rate: 18,
      original_delivery: ids.costDelivery,
    });
    expect(note).toMatchObject({ credit_amount: 118, cgst_amount: 9, sgst_amount: 9 });
    const vouchers = await tally(costSite, '?from=2026-04-01&to=2026-04-30');
    expect(summary(voucherOf(vouchers, note.id)!)).toEqual([
      ['Cost Vendor', 'Yes', '-118.00'],
      ['Purchase', 'No', '118.00'],
    ]);
    // In cost mode 4(A)(5) falls by the note's tax and 4(B)(1) with it; nothing is net.
    const reg = await req<Register>(
      costSite,
      'GET',
      '/reports/purchase-register?from=2026-04-01&to=2026-04-30',
    );
    expect(reg.body.input_tax.all_other_itc).toMatchObject({ central_tax: 81, state_tax: 81 });
    expect(reg.body.input_tax.reversed_section_17_5).toMatchObject({ central_tax: 81 });
    expect(reg.body.input_tax.net_itc).toMatchObject({ central_tax: 0, state_tax: 0 });
  });
});

describe('the original invoice', () => {
  it('is forgotten (the note kept) when the delivery it named is deleted', async () => {
    const item = (await post(claimSite, '/items', { name: 'Sand', unit: 'brass' })).id;
    const delivery = (
      await post(claimSite, '/deliveries', {
        vendor: ids.local,
        delivery_date: '2026-05-02',
        delivery_items: [{ item, quantity: 1, unit_price: 500 }],
      })
    ).id;
    const note = await post<Note>(claimSite, '/vendor_credit_notes', {
      vendor: ids.local,
      issue_date: '2026-05-03',
      credit_amount: 50,
      original_delivery: delivery,
    });
    expect(note.original_delivery).toBe(delivery);
    const gone = await req(claimSite, 'DELETE', `/deliveries/${delivery}`);
    expect(gone.status).toBe(204);
    const read = await req<Note>(claimSite, 'GET', `/vendor_credit_notes/${note.id}`);
    expect(read.body).toMatchObject({ original_delivery: null, credit_amount: 50 });
  });
});

describe('integrity', () => {
  it('stays clean, and names a GST note whose amount is not taxable + tax', async () => {
    expect(formatViolations(await checkIntegrity(server.ctx.db.kysely))).toBe('');
    const db = server.ctx.db.kysely;
    await db
      .updateTable('vendor_credit_notes')
      .set({ credit_amount: 117_000, balance: 117_000 })
      .where('id', '=', rated.id)
      .execute();
    try {
      const found = await checkIntegrity(db);
      expect(found.map((v) => [v.check, v.id])).toEqual([['credit note GST', rated.id]]);
    } finally {
      await db
        .updateTable('vendor_credit_notes')
        .set({ credit_amount: 118_000, balance: 118_000 })
        .where('id', '=', rated.id)
        .execute();
    }
  });
});
