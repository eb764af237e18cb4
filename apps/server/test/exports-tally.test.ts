/**
 * The vendor's Tally file (GET …/vendors/{id}/export?format=tally), checked against the rules
 * TallyPrime's published sample vouchers follow: TallyPrime Developer Reference, "Understanding
 * Integration – Transactions" (help.tallysolutions.com/developer-reference: VOUCHER VCHTYPE /
 * ACTION / OBJVIEW, ALLLEDGERENTRIES.LIST, ISDEEMEDPOSITIVE with negative debit amounts,
 * BILLALLOCATIONS.LIST New Ref / Agst Ref / On Account); excel2tally (sridharxp/excel2tally,
 * XmlStr_GST.pas: ledgers and vouchers of a GST import); the ERPNext Tally migrator
 * (frappe/erpnext tally_migration), which reads Tally's own export (one IMPORTDATA, a positive
 * AMOUNT a credit, a GUID per voucher). GST specifics and the full list are in
 * exports-tally-gst.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/api.js';
import { moneyKit } from './helpers/payment-fixtures.js';
import type { LedgerBody } from './helpers/export-expect.js';
import {
  buildExportLedger,
  download,
  FORMULA_REFERENCE,
  SITE_NAME,
  VENDOR_NAME,
  type ExportLedger,
} from './helpers/export-fixtures.js';
import { paise, parser, type Envelope, type Line, type Voucher } from './helpers/tally-parse.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const GOLDEN = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures/exports/vendor-ledger.tally.xml',
);

let server: TestServer;
let ledger: ExportLedger;
let xml: string;
let doc: Envelope;

const tallyExport = () =>
  download(server, ledger.url(`/vendors/${ledger.vendor}/export?format=tally`), ledger.owner.token);

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  ledger = await buildExportLedger(server);
  const res = await tallyExport();
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('content-disposition')).toMatch(
    /^attachment; filename="tally-vendor-Sons-Cement-\d{4}-\d{2}-\d{2}\.xml"; filename\*=UTF-8''tally-vendor-%E0%A4%B6/,
  );
  xml = res.text;
  doc = parser.parse(xml) as Envelope;
});
afterAll(async () => {
  await server?.close();
});

const sections = () => doc.ENVELOPE.BODY.IMPORTDATA;
const messages = () => sections()[0]!.REQUESTDATA.TALLYMESSAGE;
const masters = () => messages().flatMap((m) => (m.LEDGER ? [m.LEDGER] : []));
const vouchers = () => messages().flatMap((m) => (m.VOUCHER ? [m.VOUCHER] : []));
/** The bill name a record was given when it was made (never computed by the export). */
async function billName(table: 'deliveries' | 'service_bookings', id: string) {
  const row = await server.ctx.db.kysely
    .selectFrom(table)
    .select('bill_name')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.bill_name!;
}
const lines = (v: Voucher) => v['ALLLEDGERENTRIES.LIST'];
const bills = (line: Line) => line['BILLALLOCATIONS.LIST'] ?? [];

describe('Tally XML of a vendor ledger', () => {
  it('is a TallyPrime import: one IMPORTDATA, masters first (supplier under Sundry Creditors), then vouchers', () => {
    expect(doc.ENVELOPE.HEADER.TALLYREQUEST).toBe('Import Data');
    expect(sections()).toHaveLength(1);
    expect(xml.match(/<IMPORTDATA>/g)).toHaveLength(1);
    expect(sections()[0]!.REQUESTDESC.REPORTNAME).toBe('Vouchers');
    // Masters that Tally already has are left alone ("Ignore Duplicates"), never altered.
    expect(sections()[0]!.REQUESTDESC.STATICVARIABLES?.IMPORTDUPS).toBe('@@DUPIGNORE');
    const kinds = messages().map((m) => (m.VOUCHER ? 'voucher' : 'master'));
    expect(kinds.indexOf('voucher')).toBe(kinds.lastIndexOf('master') + 1);
    const supplier = masters().find((m) => m.PARENT === 'Sundry Creditors')!;
    expect(supplier).toMatchObject({
      '@_NAME': VENDOR_NAME,
      ISBILLWISEON: 'Yes',
      PARTYGSTIN: '27AAPFU0939F1ZV',
      GSTREGISTRATIONTYPE: 'Regular',
      LEDSTATENAME: 'Maharashtra',
      COUNTRYNAME: 'India',
      '@_REMOTEID': `siteledger-vendors-${ledger.vendor}`,
    });
    expect(supplier['LEDGSTREGDETAILS.LIST']).toMatchObject({
      GSTREGISTRATIONTYPE: 'Regular',
      GSTIN: '27AAPFU0939F1ZV',
      PLACEOFSUPPLY: 'Maharashtra',
    });
    // Not dated: no opening balance (the file starts at the supplier's first entry).
    expect(supplier.OPENINGBALANCE).toBeUndefined();
    // One cost centre, the site's, under Tally's Primary Cost Category.
    const centres = messages().flatMap((m) => (m.COSTCENTRE ? [m.COSTCENTRE] : []));
    expect(centres).toEqual([
      expect.objectContaining({ '@_NAME': SITE_NAME, CATEGORY: 'Primary Cost Category' }),
    ]);
    // Names are escaped in the file and read back intact.
    expect(xml).toContain('NAME="शर्मा &amp; Sons &quot;Cement&quot;"');
    expect(xml).toContain('<NAME>=HYPERLINK(&quot;http://evil.test&quot;,&quot;पैसे&quot;) (');
    expect(masters().map((m) => [m['@_NAME'], m.PARENT])).toEqual(
      expect.arrayContaining([
        ['HDFC Current', 'Bank Accounts'],
        ['Site Cash', 'Cash-in-Hand'],
        ['Purchase', 'Purchase Accounts'],
        ['Purchase Returns', 'Purchase Accounts'],
        ['Input GST', 'Duties & Taxes'],
      ]),
    );
    for (const v of vouchers()) {
      expect(v.PARTYLEDGERNAME).toBe(VENDOR_NAME);
      expect(v.DATE).toMatch(/^20\d{6}$/);
      expect(v.VOUCHERTYPENAME).toBe(v['@_VCHTYPE']);
      // A stable id from the record's id, as REMOTEID and GUID; no VCHKEY (Tally's own key).
      expect(v.GUID).toBe(v['@_REMOTEID']);
      expect(v['@_VCHKEY']).toBeUndefined();
      expect(v['@_REMOTEID']).toMatch(/^siteledger-[a-z_]+-[a-z0-9]{15}(-lapse)?$/);
    }
  });

  it('every voucher balances; debit lines are deemed positive with negative amounts', () => {
    expect(vouchers().length).toBeGreaterThan(0);
    for (const v of vouchers()) {
      const amounts = lines(v).map((line) => paise(line.AMOUNT));
      expect(
        amounts.reduce((a, b) => a + b, 0),
        v['@_REMOTEID'],
      ).toBe(0);
      for (const line of lines(v)) {
        const amount = paise(line.AMOUNT);
        expect(amount).not.toBe(0);
        expect(line.ISDEEMEDPOSITIVE, `${v['@_REMOTEID']} ${line.LEDGERNAME}`).toBe(
          amount < 0 ? 'Yes' : 'No',
        );
        if (line.ISPARTYLEDGER === 'Yes') {
          // Bill-wise allocations cover the party line exactly, on its side.
          const allocated = bills(line).reduce((sum, bill) => sum + paise(bill.AMOUNT), 0);
          expect(allocated, v['@_REMOTEID']).toBe(amount);
        }
        // A cost centre allocation covers its line exactly, on its side.
        for (const category of line['CATEGORYALLOCATIONS.LIST'] ?? []) {
          expect(category.ISDEEMEDPOSITIVE).toBe(line.ISDEEMEDPOSITIVE);
          const centres = category['COSTCENTREALLOCATIONS.LIST'];
          expect(centres.reduce((sum, c) => sum + paise(c.AMOUNT), 0)).toBe(amount);
        }
      }
    }
  });

  it('one voucher per entry that moves money; the supplier balance equals the ledger', async () => {
    const res = await call<LedgerBody>(
      server.url,
      'GET',
      ledger.url(`/vendors/${ledger.vendor}/ledger`),
      { token: ledger.owner.token },
    );
    const types = vouchers().map((v) => v['@_VCHTYPE']);
    const count = (type: string) => types.filter((t) => t === type).length;
    expect(count('Purchase')).toBe(4); // three deliveries and the booking
    expect(count('Payment')).toBe(3);
    expect(count('Debit Note')).toBe(3); // the return and two standalone credit notes
    expect(count('Receipt')).toBe(1); // the money part of the refund
    expect(count('Journal')).toBe(1); // the lapsed credit note
    // Only the credit note issued for the return (counted by the return) has no voucher.
    expect(vouchers()).toHaveLength(res.body.entries.length - 1);
    const supplier = vouchers()
      .flatMap(lines)
      .filter((line) => line.LEDGERNAME === VENDOR_NAME)
      .reduce((sum, line) => sum + paise(line.AMOUNT), 0);
    expect(supplier).toBe(Math.round(res.body.closing_balance * 100));

    const ch101 = await billName('deliveries', ledger.deliveries.d1);
    const jcb = await billName('service_bookings', ledger.booking);
    expect(ch101).toMatch(/^CH-101 \([a-z0-9]{6}\)$/);
    const purchase = vouchers().find((v) => v.VOUCHERNUMBER === 'CH-101')!;
    // A bill kept before GST lines (one tax figure) exports as it always did: one untyped ledger.
    expect(bills(lines(purchase)[0]!)).toEqual([
      { NAME: ch101, BILLTYPE: 'New Ref', AMOUNT: '82075.00' },
    ]);
    expect(lines(purchase)[1]!['CATEGORYALLOCATIONS.LIST']![0]).toMatchObject({
      CATEGORY: 'Primary Cost Category',
      'COSTCENTREALLOCATIONS.LIST': [{ NAME: SITE_NAME, AMOUNT: '-69555.00' }],
    });
    expect(lines(purchase).map((l) => [l.LEDGERNAME, l.AMOUNT])).toEqual([
      [VENDOR_NAME, '82075.00'],
      ['Purchase', '-69555.00'],
      ['Input GST', '-12519.90'],
      ['Round Off', '-0.10'],
    ]);
    const formula = vouchers().find((v) => v.VOUCHERNUMBER === FORMULA_REFERENCE)!;
    expect(lines(formula).at(-1)).toMatchObject({ LEDGERNAME: 'Round Off', AMOUNT: '0.45' });
    const p1 = vouchers().find((v) => v.VOUCHERNUMBER === 'UTR-0001')!;
    expect(p1['@_REMOTEID']).toBe(`siteledger-payments-${ledger.payments.p1}`);
    expect(bills(lines(p1)[0]!)).toEqual([
      { NAME: ch101, BILLTYPE: 'Agst Ref', AMOUNT: '-30000.00' },
      { NAME: jcb, BILLTYPE: 'Agst Ref', AMOUNT: '-7500.00' },
      { BILLTYPE: 'On Account', AMOUNT: '-2500.00' },
    ]);
    expect(lines(p1)[1]).toMatchObject({ LEDGERNAME: 'HDFC Current', AMOUNT: '40000.00' });
    // Paid partly with credit notes: the notes settle against the return's and their own bills.
    const p2 = vouchers().find((v) => v.VOUCHERNUMBER === 'CASH-7')!;
    expect(lines(p2).map((l) => [l.LEDGERNAME, l.AMOUNT])).toEqual([
      [VENDOR_NAME, '-10355.50'],
      [VENDOR_NAME, '4355.50'],
      ['Site Cash', '6000.00'],
    ]);
    // The return's credit note settles against the bill the return reduced (CH-101).
    expect(bills(lines(p2)[1]!)).toEqual([
      { NAME: ch101, BILLTYPE: 'Agst Ref', AMOUNT: '2855.50' },
      {
        NAME: expect.stringMatching(/^CN-STD \([a-z0-9]{6}\)$/),
        BILLTYPE: 'Agst Ref',
        AMOUNT: '1500.00',
      },
    ]);
    // The return is a Debit Note against the original bill, not a new bill.
    const debitNote = vouchers().find(
      (v) => v['@_REMOTEID'] === `siteledger-vendor_returns-${ledger.returnId}`,
    )!;
    expect(debitNote['@_VCHTYPE']).toBe('Debit Note');
    expect(bills(lines(debitNote)[0]!)).toEqual([
      { NAME: ch101, BILLTYPE: 'Agst Ref', AMOUNT: '-3855.50' },
    ]);
  });

  it('every Agst Ref names a New Ref of the file; REMOTEIDs are unique and stable', async () => {
    const all = vouchers().flatMap((v) => lines(v).flatMap(bills));
    const created = new Set(all.filter((b) => b.BILLTYPE === 'New Ref').map((b) => b.NAME));
    const against = all.filter((b) => b.BILLTYPE === 'Agst Ref');
    expect(against.length).toBeGreaterThan(0);
    for (const bill of against) expect(created.has(bill.NAME), bill.NAME).toBe(true);
    expect(created.size).toBe(all.filter((b) => b.BILLTYPE === 'New Ref').length);

    const ids = [...masters(), ...vouchers()].map((m) => m['@_REMOTEID']);
    expect(new Set(ids).size).toBe(ids.length);
    const again = await tallyExport();
    expect(again.text).toBe(xml);
  });

  it('tells bills with the same reference apart by id, in New Ref and Agst Ref alike', async () => {
    const kit = moneyKit(server, ledger.siteId, ledger.owner.token);
    const vendor = await kit.vendor('Twin Challans & Co');
    const item = await kit.item();
    const delivery = (date: string) =>
      call<{ id: string }>(server.url, 'POST', ledger.url('/deliveries'), {
        token: ledger.owner.token,
        body: {
          vendor,
          delivery_date: date,
          delivery_reference: 'CH-1',
          delivery_items: [{ item, quantity: 1, unit_price: 1000 }],
        },
      });
    const first = (await delivery('2026-03-01')).body.id;
    const second = (await delivery('2026-03-02')).body.id;
    const account = await kit.account(5000);
    const paid = await kit.pay({
      vendor,
      account,
      amount: 700,
      payment_date: '2026-03-05',
      delivery_allocations: [{ delivery: second, amount: 700 }],
    });
    expect(paid.status).toBe(201);
    const res = await download(
      server,
      ledger.url(`/vendors/${vendor}/export?format=tally&from=2026-03-02`),
      ledger.owner.token,
    );
    const parsed = parser.parse(res.text) as Envelope;
    const list = parsed.ENVELOPE.BODY.IMPORTDATA[0]!.REQUESTDATA.TALLYMESSAGE.flatMap((m) =>
      m.VOUCHER ? [m.VOUCHER] : [],
    );
    // The range leaves out the first delivery; the second keeps the name it was given when it
    // was recorded, whichever bills the file holds.
    const name = await billName('deliveries', second);
    expect(name).not.toBe(await billName('deliveries', first));
    expect(list.map((v) => v.DATE)).toEqual(['20260302', '20260305']);
    expect(bills(lines(list[0]!)[0]!)).toEqual([
      { NAME: name, BILLTYPE: 'New Ref', AMOUNT: '1000.00' },
    ]);
    expect(bills(lines(list[1]!)[0]!)).toEqual([
      { NAME: name, BILLTYPE: 'Agst Ref', AMOUNT: '-700.00' },
    ]);
    expect(res.text).not.toContain(first);
    // A dated file carries the supplier's balance before its period (the first challan, 1000)
    // as the opening balance of its master: credit, so positive.
    const supplier = parsed.ENVELOPE.BODY.IMPORTDATA[0]!.REQUESTDATA.TALLYMESSAGE.find(
      (m) => m.LEDGER?.PARENT === 'Sundry Creditors',
    )!.LEDGER!;
    expect(supplier.OPENINGBALANCE).toBe('1000.00');
    expect(res.text).toContain('Twin Challans &amp; Co');
  });

  it('matches the golden file (ids replaced by placeholders)', async () => {
    const normalised = await normalise(xml);
    if (process.env.UPDATE_GOLDEN === '1') {
      fs.mkdirSync(path.dirname(GOLDEN), { recursive: true });
      fs.writeFileSync(GOLDEN, normalised);
    }
    expect(normalised).toBe(fs.readFileSync(GOLDEN, 'utf8'));
  });
});

/** Record ids of the site → `{table#n}`, numbered in order of first appearance. */
async function normalise(text: string): Promise<string> {
  const db = server.ctx.db.kysely;
  const tables = [
    'vendors',
    'accounts',
    'deliveries',
    'service_bookings',
    'payments',
    'vendor_returns',
    'vendor_refunds',
    'vendor_credit_notes',
  ] as const;
  const owner = new Map<string, string>();
  for (const table of tables) {
    const rows = await db
      .selectFrom(table)
      .select('id')
      .where('site_id', '=', ledger.siteId)
      .execute();
    for (const row of rows) owner.set(row.id, table);
  }
  owner.set(ledger.siteId, 'sites');
  const numbers = new Map<string, string>();
  const counters = new Map<string, number>();
  const placeholder = (id: string) => {
    const table = owner.get(id)!;
    if (!numbers.has(id)) {
      const n = (counters.get(table) ?? 0) + 1;
      counters.set(table, n);
      numbers.set(id, `{${table}#${n}}`);
    }
    return numbers.get(id)!;
  };
  // Bill names end with the first six characters of their record's id.
  const prefixes = new Map([...owner.keys()].map((id) => [id.slice(0, 6), id]));
  return text
    .replace(/[a-z0-9]{15}/g, (id) => (owner.has(id) ? placeholder(id) : id))
    .replace(/\(([a-z0-9]{6})\)/g, (all, prefix: string) => {
      const id = prefixes.get(prefix);
      return id ? `(${placeholder(id)})` : all;
    });
}
