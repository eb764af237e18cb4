/**
 * Issue 40 item 4: Purchase and Debit Note vouchers carry the GST particulars TallyPrime reads
 * (site-wide export and …/vendors/{id}/export?format=tally). Published samples checked:
 * - TallyPrime Developer Reference, "Changes in XML Tags" (Release 3.0,
 *   help.tallysolutions.com/developer-reference/tdl-enhancements-tally-prime/
 *   what-are-the-changes-in-xml-tags/): the voucher-level tags mandatory for GST transactions —
 *   STATENAME, PARTYGSTIN, COUNTRYOFRESIDENCE, PLACEOFSUPPLY, GSTREGISTRATIONTYPE,
 *   VCHGSTSTATUSISINCLUDED Yes, VCHGSTSTATUSISUNCERTAIN No — for Purchase, Sales, Credit and
 *   Debit Notes, and GSTHSNNAME / GSTHSNINFERAPPLICABILITY / GSTOVRDNTAXABILITY on the entries.
 * - TallyPrime's own Day Book XML (Release 3+) as kept by open integrations on GitHub (a
 *   transporter-payments exporter that writes back what Tally exported; TallyPrime purchase and
 *   sales samples in Tally-import tools): the company's registration on the voucher as
 *   `<GSTREGISTRATION TAXTYPE="GST" TAXREGISTRATION="<GSTIN>"><State> Registration
 *   </GSTREGISTRATION>` with CMPGSTIN, CMPGSTREGISTRATIONTYPE and CMPGSTSTATE (one company may
 *   hold several GST registrations since 3.0); ledger entries carrying GSTOVRDNINELIGIBLEITC
 *   ("Applicable" when credit is ineligible), GSTOVRDNTAXABILITY, GSTOVRDNTYPEOFSUPPLY,
 *   GSTOVRDNASSESSABLEVALUE, GSTHSNNAME with GSTHSNINFERAPPLICABILITY "Specify Details Here",
 *   and RATEDETAILS.LIST (GSTRATEDUTYHEAD CGST / SGST/UTGST / IGST, GSTRATEVALUATIONTYPE
 *   "Based on Value", GSTRATE).
 * - excel2tally (github sridharxp/excel2tally, XmlStr_GST.pas): one purchase ledger entry per
 *   rate in an accounting-mode GST voucher.
 * The fixtures below are the project's own.
 */
import { gstinCheckChar } from '@siteledger/domain';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSite, registerUser, type Registered } from './helpers/api.js';
import { download } from './helpers/export-fixtures.js';
import { paise } from './helpers/tally-parse.js';
import { startServer, type TestServer } from './helpers/test-server.js';

const gstin = (state: string, pan: string) => {
  const first = `${state}${pan}1Z`;
  return first + gstinCheckChar(first);
};

type Node = Record<string, unknown>;
const LISTS = new Set([
  'IMPORTDATA',
  'TALLYMESSAGE',
  'ALLLEDGERENTRIES.LIST',
  'BILLALLOCATIONS.LIST',
  'CATEGORYALLOCATIONS.LIST',
  'COSTCENTREALLOCATIONS.LIST',
  'RATEDETAILS.LIST',
  'ADDRESS',
]);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  isArray: (name) => LISTS.has(name),
});

let server: TestServer;
let owner: Registered;
let alpha: string;
let beta: string;
const ALPHA_GSTIN = gstin('27', 'AAACS1234F');
const BETA_GSTIN = gstin('27', 'AAACB5678K');
const LOCAL_GSTIN = gstin('27', 'AAPFU0939F');
const KARNATAKA_GSTIN = gstin('29', 'AABCK1234L');
const ids = {
  local: '',
  karnataka: '',
  unregistered: '',
  betaVendor: '',
  threeGroups: '',
  cementLine: '',
  otherState: '',
  noGst: '',
  return: '',
  booking: '',
  betaDelivery: '',
  betaLine: '',
  betaReturn: '',
};

async function post<T = { id: string }>(site: string, path: string, body: object): Promise<T> {
  const res = await call<T>(server.url, 'POST', `/api/sites/${site}${path}`, {
    token: owner.token,
    body: body as Record<string, unknown>,
  });
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
  return res.body;
}

async function patchSite(site: string, body: Record<string, unknown>) {
  const res = await call(server.url, 'PATCH', `/api/sites/${site}`, { token: owner.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function vouchersOf(path: string): Promise<Node[]> {
  const res = await download(server, path, owner.token);
  expect(res.status, res.text).toBe(200);
  const doc = parser.parse(res.text) as {
    ENVELOPE: { BODY: { IMPORTDATA: { REQUESTDATA: { TALLYMESSAGE?: Node[] } }[] } };
  };
  const messages = doc.ENVELOPE.BODY.IMPORTDATA[0]!.REQUESTDATA.TALLYMESSAGE ?? [];
  return messages.flatMap((m) => (m.VOUCHER ? [m.VOUCHER as Node] : []));
}

const siteVouchers = (site: string) =>
  vouchersOf(`/api/sites/${site}/exports/tally?from=2026-04-01&to=2026-04-30`);

const voucher = (vouchers: Node[], collection: string, id: string) => {
  const v = vouchers.find((x) => x['@_REMOTEID'] === `siteledger-${collection}-${id}`);
  expect(v, `${collection} ${id}`).toBeDefined();
  return v!;
};
const entries = (v: Node) => v['ALLLEDGERENTRIES.LIST'] as Node[];
const summary = (v: Node) =>
  entries(v).map((l) => [l.LEDGERNAME, l.ISDEEMEDPOSITIVE, l.AMOUNT, l.GSTHSNNAME ?? null]);
const rates = (l: Node) =>
  (l['RATEDETAILS.LIST'] as Node[]).map((r) => [
    r.GSTRATEDUTYHEAD,
    r.GSTRATEVALUATIONTYPE,
    r.GSTRATE,
  ]);

/** The voucher-level tags of TallyPrime 3.0's list and the company registration. */
const particulars = (v: Node) => ({
  registration: v.GSTREGISTRATION,
  CMPGSTIN: v.CMPGSTIN,
  CMPGSTREGISTRATIONTYPE: v.CMPGSTREGISTRATIONTYPE,
  CMPGSTSTATE: v.CMPGSTSTATE,
  STATENAME: v.STATENAME,
  PARTYGSTIN: v.PARTYGSTIN,
  COUNTRYOFRESIDENCE: v.COUNTRYOFRESIDENCE,
  PLACEOFSUPPLY: v.PLACEOFSUPPLY,
  GSTREGISTRATIONTYPE: v.GSTREGISTRATIONTYPE,
  VCHGSTSTATUSISINCLUDED: v.VCHGSTSTATUSISINCLUDED,
  VCHGSTSTATUSISUNCERTAIN: v.VCHGSTSTATUSISUNCERTAIN,
});

const alphaRegistration = {
  '#text': 'Maharashtra Registration',
  '@_TAXTYPE': 'GST',
  '@_TAXREGISTRATION': ALPHA_GSTIN,
};

interface Delivery {
  id: string;
  delivery_items: { id: string; item: string }[];
}

beforeAll(async () => {
  server = await startServer({ DEFAULT_PLAN: 'Basic' });
  owner = await registerUser(server.url, { name: 'Owner' });
  alpha = (await createSite(server.url, owner.token, { name: 'Site Alpha' })).id;
  beta = (await createSite(server.url, owner.token, { name: 'Site Beta' })).id;
  // Alpha claims input tax; Beta adds GST to cost (s.17(5)(d)). Both registered in Maharashtra.
  await patchSite(alpha, { gstin: ALPHA_GSTIN, input_tax_mode: 'claim' });
  await patchSite(beta, { gstin: BETA_GSTIN });

  ids.local = (await post(alpha, '/vendors', { name: 'Ram Traders', gstin: LOCAL_GSTIN })).id;
  ids.karnataka = (
    await post(alpha, '/vendors', { name: 'Karnataka Steel', gstin: KARNATAKA_GSTIN })
  ).id;
  ids.unregistered = (
    await post(alpha, '/vendors', { name: 'Local Labour Supply', state_code: '27' })
  ).id;
  ids.betaVendor = (
    await post(beta, '/vendors', { name: 'Beta Cement', gstin: gstin('27', 'AAGFR5678Q') })
  ).id;
  const item = (site: string, name: string, hsn: string, rate: number) =>
    post(site, '/items', { name, unit: 'bag', hsn_code: hsn, gst_rate: rate }).then((r) => r.id);
  const cement = await item(alpha, 'Cement', '2523', 18);
  const tiles = await item(alpha, 'Tiles', '6907', 5);
  const sand = await item(alpha, 'Sand', '2505', 5);
  const plain = (await post(alpha, '/items', { name: 'Binding wire', unit: 'kg' })).id;
  const betaCement = await item(beta, 'Cement', '2523', 18);

  // Three groups on one bill: 5 % / 2505, 5 % / 6907 and 18 % / 2523, intra-state.
  const three = await post<Delivery>(alpha, '/deliveries', {
    vendor: ids.local,
    delivery_date: '2026-04-03',
    supplier_invoice_number: 'RT/077',
    supplier_invoice_date: '2026-04-02',
    delivery_items: [
      { item: cement, quantity: 10, unit_price: 100 },
      { item: tiles, quantity: 5, unit_price: 200 },
      { item: sand, quantity: 10, unit_price: 50 },
    ],
  });
  ids.threeGroups = three.id;
  ids.cementLine = three.delivery_items.find((l) => l.item === cement)!.id;
  // Karnataka's vendor bills CGST + SGST of Karnataka (place of supply Karnataka): not
  // claimable by a Maharashtra registration (4(D)(2)), so the tax goes to cost.
  ids.otherState = (
    await post(alpha, '/deliveries', {
      vendor: ids.karnataka,
      delivery_date: '2026-04-05',
      place_of_supply: '29',
      delivery_items: [{ item: cement, quantity: 10, unit_price: 100 }],
    })
  ).id;
  ids.noGst = (
    await post(alpha, '/deliveries', {
      vendor: ids.unregistered,
      delivery_date: '2026-04-06',
      delivery_items: [{ item: plain, quantity: 10, unit_price: 20 }],
    })
  ).id;
  ids.return = (
    await post(alpha, '/vendor_returns', {
      vendor: ids.local,
      return_date: '2026-04-10',
      reason: 'damaged',
      items: [
        {
          delivery_item: ids.cementLine,
          quantity_returned: 2,
          return_rate: 100,
          condition: 'damaged',
        },
      ],
    })
  ).id;
  const jcb = (
    await post(alpha, '/services', {
      name: 'JCB',
      category: 'equipment',
      unit: 'day',
      standard_rate: 1000,
      sac_code: '997313',
      gst_rate: 18,
    })
  ).id;
  ids.booking = (
    await post(alpha, '/service_bookings', {
      service: jcb,
      vendor: ids.local,
      start_date: '2026-04-08',
      duration: 2,
      unit_rate: 1000,
    })
  ).id;

  const betaDelivery = await post<Delivery>(beta, '/deliveries', {
    vendor: ids.betaVendor,
    delivery_date: '2026-04-04',
    delivery_items: [{ item: betaCement, quantity: 10, unit_price: 100 }],
  });
  ids.betaDelivery = betaDelivery.id;
  ids.betaLine = betaDelivery.delivery_items[0]!.id;
  ids.betaReturn = (
    await post(beta, '/vendor_returns', {
      vendor: ids.betaVendor,
      return_date: '2026-04-11',
      reason: 'damaged',
      items: [
        {
          delivery_item: ids.betaLine,
          quantity_returned: 1,
          return_rate: 100,
          condition: 'damaged',
        },
      ],
    })
  ).id;
});
afterAll(async () => {
  await server?.close();
});

describe('GST particulars on Tally vouchers (issue 40 item 4)', () => {
  it("carries the party's and the company's GST details on a Purchase voucher", async () => {
    const v = voucher(await siteVouchers(alpha), 'deliveries', ids.threeGroups);
    expect(particulars(v)).toEqual({
      registration: alphaRegistration,
      CMPGSTIN: ALPHA_GSTIN,
      CMPGSTREGISTRATIONTYPE: 'Regular',
      CMPGSTSTATE: 'Maharashtra',
      STATENAME: 'Maharashtra',
      PARTYGSTIN: LOCAL_GSTIN,
      COUNTRYOFRESIDENCE: 'India',
      PLACEOFSUPPLY: 'Maharashtra',
      GSTREGISTRATIONTYPE: 'Regular',
      VCHGSTSTATUSISINCLUDED: 'Yes',
      VCHGSTSTATUSISUNCERTAIN: 'No',
    });
  });

  it('posts one purchase entry per rate and HSN, each with its HSN and rate details', async () => {
    const v = voucher(await siteVouchers(alpha), 'deliveries', ids.threeGroups);
    // 500 @ 5 % (25) + 1000 @ 5 % (50) + 1000 @ 18 % (180) = 2755.
    expect(summary(v)).toEqual([
      ['Ram Traders', 'No', '2755.00', null],
      ['Purchase', 'Yes', '-500.00', '2505'],
      ['Purchase', 'Yes', '-1000.00', '6907'],
      ['Purchase', 'Yes', '-1000.00', '2523'],
      ['Input CGST', 'Yes', '-127.50', null],
      ['Input SGST', 'Yes', '-127.50', null],
    ]);
    const cement = entries(v)[3]!;
    expect(cement).toMatchObject({
      GSTOVRDNTAXABILITY: 'Taxable',
      GSTOVRDNTYPEOFSUPPLY: 'Goods',
      GSTHSNINFERAPPLICABILITY: 'Specify Details Here',
      GSTRATEINFERAPPLICABILITY: 'Specify Details Here',
      GSTOVRDNASSESSABLEVALUE: '-1000.00',
    });
    // Claimed: eligible, so no ineligibility override on the entry.
    expect(cement.GSTOVRDNINELIGIBLEITC).toBeUndefined();
    expect(rates(cement)).toEqual([
      ['CGST', 'Based on Value', '9'],
      ['SGST/UTGST', 'Based on Value', '9'],
      ['IGST', 'Based on Value', '18'],
    ]);
    expect(rates(entries(v)[1]!)).toEqual([
      ['CGST', 'Based on Value', '2.5'],
      ['SGST/UTGST', 'Based on Value', '2.5'],
      ['IGST', 'Based on Value', '5'],
    ]);
    // Each purchase entry keeps the site's cost centre for its own amount.
    expect(
      (entries(v)[2]!['CATEGORYALLOCATIONS.LIST'] as Node[])[0]!['COSTCENTREALLOCATIONS.LIST'],
    ).toEqual([{ NAME: 'Site Alpha', AMOUNT: '-1000.00' }]);
    expect(entries(v).reduce((sum, l) => sum + paise(l.AMOUNT as string), 0)).toBe(0);
  });

  it('posts tax whose place of supply is another state to cost, marked ineligible', async () => {
    const v = voucher(await siteVouchers(alpha), 'deliveries', ids.otherState);
    expect(particulars(v)).toMatchObject({
      STATENAME: 'Karnataka',
      PARTYGSTIN: KARNATAKA_GSTIN,
      PLACEOFSUPPLY: 'Karnataka',
      CMPGSTIN: ALPHA_GSTIN,
    });
    expect(summary(v)).toEqual([
      ['Karnataka Steel', 'No', '1180.00', null],
      ['Purchase', 'Yes', '-1180.00', '2523'],
    ]);
    expect(entries(v)[1]).toMatchObject({
      GSTOVRDNINELIGIBLEITC: 'Applicable',
      GSTOVRDNASSESSABLEVALUE: '-1000.00',
    });
  });

  it('gives an unregistered supplier its registration type and no GSTIN', async () => {
    const v = voucher(await siteVouchers(alpha), 'deliveries', ids.noGst);
    expect(particulars(v)).toMatchObject({
      STATENAME: 'Maharashtra',
      PARTYGSTIN: undefined,
      GSTREGISTRATIONTYPE: 'Unregistered',
      PLACEOFSUPPLY: 'Maharashtra',
    });
    // No rate on the line: no GST details on the entry.
    expect(entries(v)[1]!.GSTOVRDNTAXABILITY).toBeUndefined();
  });

  it('turns a return into a Debit Note with the same particulars and the reversed rate', async () => {
    const v = voucher(await siteVouchers(alpha), 'vendor_returns', ids.return);
    expect(v['@_VCHTYPE']).toBe('Debit Note');
    expect(particulars(v)).toMatchObject({
      registration: alphaRegistration,
      CMPGSTIN: ALPHA_GSTIN,
      STATENAME: 'Maharashtra',
      PARTYGSTIN: LOCAL_GSTIN,
      PLACEOFSUPPLY: 'Maharashtra',
      GSTREGISTRATIONTYPE: 'Regular',
      VCHGSTSTATUSISINCLUDED: 'Yes',
    });
    expect(summary(v)).toEqual([
      ['Ram Traders', 'Yes', '-236.00', null],
      ['Purchase Returns', 'No', '200.00', '2523'],
      ['Input CGST', 'No', '18.00', null],
      ['Input SGST', 'No', '18.00', null],
    ]);
    expect(entries(v)[1]).toMatchObject({ GSTOVRDNASSESSABLEVALUE: '200.00' });
    expect(rates(entries(v)[1]!)[2]).toEqual(['IGST', 'Based on Value', '18']);
  });

  it("carries a booking's SAC and rate on the Services entry", async () => {
    const v = voucher(await siteVouchers(alpha), 'service_bookings', ids.booking);
    expect(particulars(v)).toMatchObject({ CMPGSTIN: ALPHA_GSTIN, PARTYGSTIN: LOCAL_GSTIN });
    expect(summary(v)).toEqual([
      ['Ram Traders', 'No', '2360.00', null],
      ['Services', 'Yes', '-2000.00', '997313'],
      ['Input CGST', 'Yes', '-180.00', null],
      ['Input SGST', 'Yes', '-180.00', null],
    ]);
    expect(entries(v)[1]).toMatchObject({ GSTOVRDNTYPEOFSUPPLY: 'Services' });
  });

  it('in cost mode keeps the tax in the purchase cost, marked as ineligible credit', async () => {
    const vouchers = await siteVouchers(beta);
    const v = voucher(vouchers, 'deliveries', ids.betaDelivery);
    expect(particulars(v)).toMatchObject({
      CMPGSTIN: BETA_GSTIN,
      registration: { '#text': 'Maharashtra Registration', '@_TAXREGISTRATION': BETA_GSTIN },
    });
    expect(summary(v)).toEqual([
      ['Beta Cement', 'No', '1180.00', null],
      ['Purchase', 'Yes', '-1180.00', '2523'],
    ]);
    expect(entries(v)[1]).toMatchObject({
      GSTOVRDNINELIGIBLEITC: 'Applicable',
      GSTOVRDNASSESSABLEVALUE: '-1000.00',
    });
    expect(rates(entries(v)[1]!)[0]).toEqual(['CGST', 'Based on Value', '9']);
    // Its return reverses value and tax from cost, ineligible as well.
    const ret = voucher(vouchers, 'vendor_returns', ids.betaReturn);
    expect(summary(ret)).toEqual([
      ['Beta Cement', 'Yes', '-118.00', null],
      ['Purchase Returns', 'No', '118.00', '2523'],
    ]);
    expect(entries(ret)[1]).toMatchObject({
      GSTOVRDNINELIGIBLEITC: 'Applicable',
      GSTOVRDNASSESSABLEVALUE: '100.00',
    });
  });

  it('writes the same particulars in the vendor export', async () => {
    const vouchers = await vouchersOf(
      `/api/sites/${alpha}/vendors/${ids.local}/export?format=tally&from=2026-04-01&to=2026-04-30`,
    );
    const v = voucher(vouchers, 'deliveries', ids.threeGroups);
    expect(particulars(v)).toMatchObject({
      CMPGSTIN: ALPHA_GSTIN,
      PARTYGSTIN: LOCAL_GSTIN,
      PLACEOFSUPPLY: 'Maharashtra',
      VCHGSTSTATUSISINCLUDED: 'Yes',
    });
    expect(summary(v).map((l) => l[3])).toEqual([null, '2505', '6907', '2523', null, null]);
    expect(voucher(vouchers, 'vendor_returns', ids.return)['PARTYGSTIN']).toBe(LOCAL_GSTIN);
  });
});
