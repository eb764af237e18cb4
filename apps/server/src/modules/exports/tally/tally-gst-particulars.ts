import {
  GST_STATES,
  isStateCode,
  placeOfSupplyBarsCredit,
  rateFromStored,
  type RegistrationType,
} from '@siteledger/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { plainRupees } from '../../../documents/format.js';
import type { LedgerLine } from '../ledger-lines.js';
import * as repo from './tally-gst-repo.js';
import { el, xmlEscape, type GstRegistration, type VoucherLine } from './tally-xml.js';

/*
 * GST particulars of Purchase and Debit Note vouchers (issue 40 item 4), as TallyPrime 3.0's
 * "Changes in XML tags" lists them for GST vouchers and as TallyPrime's own exports write them;
 * test/exports-tally-gst-particulars.test.ts names the samples. Rendered here to text, which
 * tally-xml.ts places in the voucher and its ledger entries.
 */

const stateName = (code: string | null | undefined): string | null =>
  code && isStateCode(code) ? GST_STATES[code] : null;

const REGISTRATION: Record<RegistrationType, GstRegistration> = {
  regular: 'Regular',
  composition: 'Composition',
  unregistered: 'Unregistered',
};

/** The supplier's GST details a voucher carries. */
export interface PartyGst {
  gstin: string | null;
  /** State code. */
  state: string | null;
  registration: RegistrationType;
}

/** What a bill or return recorded of its supplier (issue 40 item 2; migration 0020). */
export interface RecordedParty {
  vendor_gstin: string | null;
  vendor_state_code: string | null;
  vendor_registration_type: RegistrationType;
}

/**
 * The party's GSTIN, state and registration type on one record's voucher: what the bill or
 * return recorded when it was made (the supplier as the invoice names it), never the vendor
 * master's current values, so a re-export after the vendor moved state sends the filed voucher.
 */
export function voucherParty(record: RecordedParty): PartyGst {
  return {
    gstin: record.vendor_gstin,
    state: record.vendor_state_code,
    registration: record.vendor_registration_type,
  };
}

/** The site's registration: the owner's GSTIN the voucher belongs to. */
export interface SiteGst {
  gstin: string | null;
  /** State code. */
  state: string | null;
}

/**
 * The voucher-level tags: the company's registration (TallyPrime 3.0 keeps several per company:
 * GSTREGISTRATION names it by GSTIN, with CMPGSTIN / CMPGSTREGISTRATIONTYPE / CMPGSTSTATE), then
 * the party's state, GSTIN, country, the place of supply (null: the site's state) and its
 * registration type, and the GST status flags of an included, certain voucher.
 */
export function voucherGstXml(
  site: SiteGst,
  party: PartyGst,
  placeOfSupply: string | null,
): string {
  const siteState = stateName(site.state);
  const company = site.gstin
    ? `<GSTREGISTRATION TAXTYPE="GST" TAXREGISTRATION="${xmlEscape(site.gstin)}">` +
      `${xmlEscape(siteState ? `${siteState} Registration` : site.gstin)}</GSTREGISTRATION>` +
      el('CMPGSTIN', site.gstin) +
      `<CMPGSTREGISTRATIONTYPE>Regular</CMPGSTREGISTRATIONTYPE>` +
      el('CMPGSTSTATE', siteState)
    : '';
  return (
    company +
    el('STATENAME', stateName(party.state)) +
    `<COUNTRYOFRESIDENCE>India</COUNTRYOFRESIDENCE>` +
    el('PARTYGSTIN', party.gstin) +
    el('PLACEOFSUPPLY', stateName(placeOfSupply ?? site.state)) +
    `<GSTREGISTRATIONTYPE>${REGISTRATION[party.registration]}</GSTREGISTRATIONTYPE>` +
    `<VCHGSTSTATUSISINCLUDED>Yes</VCHGSTSTATUSISINCLUDED>` +
    `<VCHGSTSTATUSISUNCERTAIN>No</VCHGSTSTATUSISUNCERTAIN>`
  );
}

/** One rate and HSN/SAC of a bill or return (paise; rate in hundredths, null: no GST). */
export interface GstGroup {
  rate: number | null;
  hsn: string | null;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** Its place of supply is not the site's state: no credit (4(D)(2)). */
  barred: boolean;
}

export interface BillGst {
  /** The bill's place of supply (a return: its delivery's); null reads as the site's state. */
  placeOfSupply: string | null;
  groups: GstGroup[];
}

/** The GST groups of one chunk's bills, bookings and returns, by record id. */
export interface GstDetails {
  deliveries: Map<string, BillGst>;
  bookings: Map<string, BillGst>;
  returns: Map<string, BillGst>;
}

function byOwner(rows: repo.GroupRow[]): Map<string, BillGst> {
  const map = new Map<string, BillGst>();
  for (const row of rows) {
    const rate = row.gst_rate === null ? null : Number(row.gst_rate);
    const barred = placeOfSupplyBarsCredit(row.site_state, row.place_of_supply);
    // Without a rate the line has no GST: its HSN says nothing to Tally.
    const hsn = rate === null ? null : row.hsn || null;
    const bill = map.get(row.owner) ?? { placeOfSupply: row.place_of_supply, groups: [] };
    let group = bill.groups.find((g) => g.rate === rate && g.hsn === hsn && g.barred === barred);
    if (!group) {
      group = { rate, hsn, taxable: 0, cgst: 0, sgst: 0, igst: 0, barred };
      bill.groups.push(group);
    }
    group.taxable += Number(row.taxable);
    group.cgst += Number(row.cgst);
    group.sgst += Number(row.sgst);
    group.igst += Number(row.igst);
    map.set(row.owner, bill);
  }
  // No rate first, then by rate and HSN: the same order on both databases.
  for (const bill of map.values()) {
    bill.groups.sort(
      (a, b) =>
        (a.rate ?? -1) - (b.rate ?? -1) ||
        (a.hsn ?? '').localeCompare(b.hsn ?? '') ||
        Number(a.barred) - Number(b.barred),
    );
  }
  return map;
}

/**
 * A bill's groups with the per-rate heads set to the supplier's invoice (issue 40 item 8): what
 * an override moves a rate's heads by goes to that rate's first group, so the voucher's Input
 * ledgers carry the credit the supplier charged, as the bill, register and 3B do.
 */
export function withOverrides(
  groups: GstGroup[],
  overrides: readonly { gst_rate: number; cgst: number; sgst: number; igst: number }[],
): GstGroup[] {
  const out = groups.map((g) => ({ ...g }));
  for (const o of overrides) {
    const of = out.filter((g) => g.rate === o.gst_rate);
    const first = of[0];
    if (!first) continue;
    const sum = (pick: (g: GstGroup) => number) => of.reduce((s, g) => s + pick(g), 0);
    first.cgst += o.cgst - sum((g) => g.cgst);
    first.sgst += o.sgst - sum((g) => g.sgst);
    first.igst += o.igst - sum((g) => g.igst);
  }
  return out;
}

export async function gstDetails(db: Kysely<Database>, lines: LedgerLine[]): Promise<GstDetails> {
  const ids = (type: string) => lines.filter((l) => l.type === type).map((l) => l.id);
  const [deliveries, bookings, returns] = await Promise.all([
    repo.deliveryGroups(db, ids('delivery')),
    repo.bookingGroups(db, ids('service_booking')),
    repo.returnGroups(db, ids('return')),
  ]);
  return {
    deliveries: byOwner(deliveries),
    bookings: byOwner(bookings),
    returns: byOwner(returns),
  };
}

const trimRate = (n: number) => String(Number(n.toFixed(4)));

/**
 * A ledger entry's GST details: before its amount, the ineligibility override (credit blocked:
 * the site adds GST to cost, or the place of supply bars it), taxability, type of supply, HSN/SAC
 * and the assessable value (signed as the entry); after it, the rate of each duty head.
 */
function entryGst(
  group: GstGroup,
  ineligible: boolean,
  supply: 'Goods' | 'Services',
  debit: boolean,
): Pick<VoucherLine, 'gstHead' | 'gstTail'> {
  if (group.rate === null) return {};
  const rate = rateFromStored(group.rate);
  const head =
    (ineligible && rate > 0 ? `<GSTOVRDNINELIGIBLEITC>Applicable</GSTOVRDNINELIGIBLEITC>` : '') +
    `<GSTOVRDNTAXABILITY>${rate > 0 ? 'Taxable' : 'Nil Rated'}</GSTOVRDNTAXABILITY>` +
    `<GSTOVRDNTYPEOFSUPPLY>${supply}</GSTOVRDNTYPEOFSUPPLY>` +
    `<GSTRATEINFERAPPLICABILITY>Specify Details Here</GSTRATEINFERAPPLICABILITY>` +
    (group.hsn
      ? `<GSTHSNINFERAPPLICABILITY>Specify Details Here</GSTHSNINFERAPPLICABILITY>` +
        el('GSTHSNNAME', group.hsn)
      : '') +
    `<GSTOVRDNASSESSABLEVALUE>${plainRupees(debit ? -group.taxable : group.taxable)}` +
    `</GSTOVRDNASSESSABLEVALUE>`;
  const detail = (duty: string, percent: number) =>
    `<RATEDETAILS.LIST><GSTRATEDUTYHEAD>${duty}</GSTRATEDUTYHEAD>` +
    `<GSTRATEVALUATIONTYPE>Based on Value</GSTRATEVALUATIONTYPE>` +
    `<GSTRATE>${trimRate(percent)}</GSTRATE></RATEDETAILS.LIST>`;
  const tail = detail('CGST', rate / 2) + detail('SGST/UTGST', rate / 2) + detail('IGST', rate);
  return { gstHead: head, gstTail: tail };
}

export interface TaxedEntries {
  /** One entry per rate and HSN/SAC on `ledger`. */
  lines: VoucherLine[];
  /** The tax that goes to the Input ledgers (claimed and not barred), by head. */
  heads: { cgst_amount: number; sgst_amount: number; igst_amount: number };
}

/**
 * The purchase (or services, or purchase-returns) entries of a bill: one per rate and HSN/SAC,
 * each with its GST details. Claimed tax goes to the Input ledgers (returned as `heads`); tax not
 * claimed — the site adds GST to cost, or the place of supply bars the credit — stays in the
 * entry's amount (the cost includes it) and the entry is marked ineligible, so TallyPrime
 * reports that tax as ineligible credit rather than leaving it out.
 */
export function taxedEntries(opts: {
  ledger: string;
  debit: boolean;
  costCentre: string;
  claim: boolean;
  supply: 'Goods' | 'Services';
  groups: GstGroup[];
}): TaxedEntries {
  const heads = { cgst_amount: 0, sgst_amount: 0, igst_amount: 0 };
  const lines: VoucherLine[] = [];
  for (const group of opts.groups) {
    const tax = group.cgst + group.sgst + group.igst;
    const claimed = opts.claim && !group.barred;
    if (claimed) {
      heads.cgst_amount += group.cgst;
      heads.sgst_amount += group.sgst;
      heads.igst_amount += group.igst;
    }
    const paise = claimed ? group.taxable : group.taxable + tax;
    if (paise === 0) continue;
    lines.push({
      ledger: opts.ledger,
      debit: opts.debit,
      paise,
      costCentre: opts.costCentre,
      ...entryGst(group, !claimed, opts.supply, opts.debit),
    });
  }
  return { lines, heads };
}
