import { plainRupees } from '../../../documents/format.js';

/*
 * The TallyPrime import format, written as TallyPrime's published sample vouchers and the open
 * integrations that follow them write it (TallyPrime Developer Reference, "Understanding
 * Integration – Transactions / Masters"; excel2tally; the ERPNext Tally migrator, which reads
 * Tally's own export). The tests in test/exports-tally*.test.ts name them and hold the rules.
 */

// XML 1.0 refuses most control characters even when escaped; record text could hold them.
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Text or attribute value with & < > " ' escaped (names like `Patel & "Sons"`). */
export function xmlEscape(text: string): string {
  return text
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** `<TAG>text</TAG>`, or nothing when there is no text. */
export function el(tag: string, text: string | null | undefined): string {
  return text ? `<${tag}>${xmlEscape(text)}</${tag}>` : '';
}

/** YYYY-MM-DD → YYYYMMDD (Tally's import date). */
export function tallyDate(date: string): string {
  return date.replace(/-/g, '');
}

/** Tally's bill-wise types: a new bill, a settlement of one, an advance, or unallocated. */
export type BillType = 'New Ref' | 'Agst Ref' | 'Advance' | 'On Account';

/** A bill-wise allocation of a party line; paise, on the line's side. */
export interface Bill {
  type: BillType;
  name: string | null;
  paise: number;
}

/** One ledger line of a voucher; `paise` is positive, `debit` says the side. */
export interface VoucherLine {
  ledger: string;
  debit: boolean;
  paise: number;
  party?: boolean;
  bills?: Bill[];
  /** The site's cost centre, for the whole amount of the line. */
  costCentre?: string;
  /** GST details of the entry (issue 40, tally-gst-particulars.ts): before and after AMOUNT. */
  gstHead?: string;
  gstTail?: string;
  /** The line's reverse-charge override (GSTOVRDNISREVCHARGEAPPL), issue 40 item 10. */
  reverseCharge?: boolean;
}

export type VoucherType = 'Purchase' | 'Payment' | 'Receipt' | 'Debit Note' | 'Journal';

export interface Voucher {
  /** Stable id from the record's id: Tally alters the voucher it already has with this id. */
  remoteId: string;
  type: VoucherType;
  date: string;
  number: string | null;
  /** Supplier's invoice number and date (Tally's "Supplier Invoice No." and date). */
  reference?: string | null;
  referenceDate?: string | null;
  party: string;
  narration: string;
  lines: VoucherLine[];
  /** The voucher's GST particulars (issue 40, tally-gst-particulars.ts), as written. */
  gst?: string;
  /** ISREVERSECHARGEAPPLICABLE: the site pays the tax (issue 40 item 10). */
  reverseCharge?: boolean;
}

/** Tally's sign convention: a debit is "deemed positive" and carries a negative AMOUNT. */
function signed(debit: boolean, paise: number): string {
  return plainRupees(debit ? -paise : paise);
}

/** The default cost category every TallyPrime company has. */
export const COST_CATEGORY = 'Primary Cost Category';

function lineXml(line: VoucherLine): string {
  const bills = (line.bills ?? [])
    .map(
      (bill) =>
        `<BILLALLOCATIONS.LIST>${el('NAME', bill.name)}<BILLTYPE>${bill.type}</BILLTYPE>` +
        `<AMOUNT>${signed(line.debit, bill.paise)}</AMOUNT></BILLALLOCATIONS.LIST>`,
    )
    .join('');
  const costCentre = line.costCentre
    ? `<CATEGORYALLOCATIONS.LIST><CATEGORY>${COST_CATEGORY}</CATEGORY>` +
      `<ISDEEMEDPOSITIVE>${line.debit ? 'Yes' : 'No'}</ISDEEMEDPOSITIVE>` +
      `<COSTCENTREALLOCATIONS.LIST>${el('NAME', line.costCentre)}` +
      `<AMOUNT>${signed(line.debit, line.paise)}</AMOUNT></COSTCENTREALLOCATIONS.LIST>` +
      `</CATEGORYALLOCATIONS.LIST>`
    : '';
  return (
    `<ALLLEDGERENTRIES.LIST>${el('LEDGERNAME', line.ledger)}${line.gstHead ?? ''}` +
    `<ISDEEMEDPOSITIVE>${line.debit ? 'Yes' : 'No'}</ISDEEMEDPOSITIVE>` +
    `<ISPARTYLEDGER>${line.party ? 'Yes' : 'No'}</ISPARTYLEDGER>` +
    (line.reverseCharge ? `<GSTOVRDNISREVCHARGEAPPL>Applicable</GSTOVRDNISREVCHARGEAPPL>` : '') +
    `<AMOUNT>${signed(line.debit, line.paise)}</AMOUNT>${bills}${costCentre}` +
    (line.gstTail ?? '') +
    `</ALLLEDGERENTRIES.LIST>`
  );
}

/**
 * One voucher. REMOTEID and GUID carry the same stable id (no VCHKEY, which is Tally's own
 * internal key): on a second import of the same period TallyPrime finds the voucher it already
 * has by that id and alters it instead of adding a copy.
 */
export function voucherXml(v: Voucher): string {
  const date = tallyDate(v.date);
  const id = xmlEscape(v.remoteId);
  const reference = v.reference ?? v.number;
  return (
    `<TALLYMESSAGE xmlns:UDF="TallyUDF">` +
    `<VOUCHER REMOTEID="${id}" VCHTYPE="${v.type}" ACTION="Create" ` +
    `OBJVIEW="Accounting Voucher View">` +
    `<GUID>${id}</GUID>` +
    `<DATE>${date}</DATE><EFFECTIVEDATE>${date}</EFFECTIVEDATE>` +
    `<VOUCHERTYPENAME>${v.type}</VOUCHERTYPENAME>` +
    el('VOUCHERNUMBER', v.number) +
    el('REFERENCE', reference) +
    (reference && v.referenceDate ? el('REFERENCEDATE', tallyDate(v.referenceDate)) : '') +
    el('PARTYLEDGERNAME', v.party) +
    (v.gst ?? '') +
    `<PERSISTEDVIEW>Accounting Voucher View</PERSISTEDVIEW><ISINVOICE>No</ISINVOICE>` +
    (v.reverseCharge ? `<ISREVERSECHARGEAPPLICABLE>Yes</ISREVERSECHARGEAPPLICABLE>` : '') +
    el('NARRATION', v.narration) +
    v.lines.map(lineXml).join('') +
    `</VOUCHER></TALLYMESSAGE>\n`
  );
}

export type GstRegistration = 'Regular' | 'Composition' | 'Unregistered';
export type GstDutyHead = 'Central Tax' | 'State Tax' | 'Integrated Tax';

export interface LedgerMaster {
  remoteId: string;
  name: string;
  parent: string;
  billWise?: boolean;
  costCentres?: boolean;
  gstin?: string | null;
  /** GST state name (GST_STATES), e.g. "Maharashtra". */
  state?: string | null;
  registration?: GstRegistration;
  address?: string | null;
  phone?: string | null;
  email?: string | null;
  contact?: string | null;
  /** Paise, credit positive (what the site owes a supplier), as Tally signs it. */
  openingBalance?: number;
  /** The opening balance bill-wise (issue 40): its pending bills, adding up to it. */
  openingBills?: OpeningBill[];
  /** A typed GST ledger under Duties & Taxes. */
  dutyHead?: GstDutyHead;
}

/** One bill of a ledger's opening balance: paise, signed as OPENINGBALANCE. */
export interface OpeningBill {
  name: string;
  date: string;
  paise: number;
  advance: boolean;
}

/** LEDGER/BILLALLOCATIONS.LIST, as Tally's own ledger export writes the opening bills. */
const openingBillsXml = (bills: OpeningBill[] = []) =>
  bills
    .map(
      (b) =>
        `<BILLALLOCATIONS.LIST>${el('NAME', b.name)}<BILLDATE>${tallyDate(b.date)}</BILLDATE>` +
        `<OPENINGBALANCE>${plainRupees(b.paise)}</OPENINGBALANCE>` +
        `<ISADVANCE>${b.advance ? 'Yes' : 'No'}</ISADVANCE></BILLALLOCATIONS.LIST>`,
    )
    .join('');

/** The date from which the GST details written on a party ledger apply (GST's start). */
const GST_APPLICABLE_FROM = '20170701';

/**
 * A ledger master. ACTION="Create" with the envelope's IMPORTDUPS "@@DUPIGNORE": TallyPrime creates
 * the ledger when the company lacks it and leaves a ledger of that name alone when it has one (the
 * accountant's own Purchase or GST ledgers are never altered, nor duplicated). A party ledger
 * carries its state, GSTIN and registration both as the flat tags older releases read
 * (LEDSTATENAME, PARTYGSTIN, GSTREGISTRATIONTYPE) and in the dated lists TallyPrime 3+ keeps
 * (LEDMAILINGDETAILS.LIST, LEDGSTREGDETAILS.LIST).
 */
export function ledgerXml(m: LedgerMaster): string {
  const addressLines = (m.address ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => el('ADDRESS', line))
    .join('');
  const address = addressLines ? `<ADDRESS.LIST TYPE="String">${addressLines}</ADDRESS.LIST>` : '';
  const party = m.registration !== undefined;
  const partyXml = party
    ? el('LEDSTATENAME', m.state) +
      `<COUNTRYNAME>India</COUNTRYNAME>` +
      `<GSTREGISTRATIONTYPE>${m.registration}</GSTREGISTRATIONTYPE>` +
      el('PARTYGSTIN', m.gstin) +
      `<LEDMAILINGDETAILS.LIST><APPLICABLEFROM>${GST_APPLICABLE_FROM}</APPLICABLEFROM>` +
      el('MAILINGNAME', m.name) +
      address +
      el('STATE', m.state) +
      `<COUNTRY>India</COUNTRY></LEDMAILINGDETAILS.LIST>` +
      `<LEDGSTREGDETAILS.LIST><APPLICABLEFROM>${GST_APPLICABLE_FROM}</APPLICABLEFROM>` +
      `<GSTREGISTRATIONTYPE>${m.registration}</GSTREGISTRATIONTYPE>` +
      el('PLACEOFSUPPLY', m.state) +
      el('GSTIN', m.gstin) +
      `</LEDGSTREGDETAILS.LIST>`
    : '';
  const gstXml = m.dutyHead ? `<TAXTYPE>GST</TAXTYPE><GSTDUTYHEAD>${m.dutyHead}</GSTDUTYHEAD>` : '';
  return (
    `<TALLYMESSAGE xmlns:UDF="TallyUDF">` +
    `<LEDGER NAME="${xmlEscape(m.name)}" REMOTEID="${xmlEscape(m.remoteId)}" ACTION="Create">` +
    `<NAME.LIST TYPE="String">${el('NAME', m.name)}</NAME.LIST>` +
    el('PARENT', m.parent) +
    `<ISBILLWISEON>${m.billWise ? 'Yes' : 'No'}</ISBILLWISEON>` +
    (m.costCentres ? `<ISCOSTCENTRESON>Yes</ISCOSTCENTRESON>` : '') +
    gstXml +
    (party ? '' : address) +
    partyXml +
    el('LEDGERPHONE', m.phone) +
    el('EMAIL', m.email) +
    el('LEDGERCONTACT', m.contact) +
    (m.openingBalance !== undefined
      ? `<OPENINGBALANCE>${plainRupees(m.openingBalance)}</OPENINGBALANCE>`
      : '') +
    openingBillsXml(m.openingBills) +
    `</LEDGER></TALLYMESSAGE>\n`
  );
}

/** A cost centre master under the company's Primary Cost Category (one per site). */
export function costCentreXml(remoteId: string, name: string): string {
  return (
    `<TALLYMESSAGE xmlns:UDF="TallyUDF">` +
    `<COSTCENTRE NAME="${xmlEscape(name)}" REMOTEID="${xmlEscape(remoteId)}" ACTION="Create">` +
    `<NAME.LIST TYPE="String">${el('NAME', name)}</NAME.LIST>` +
    `<CATEGORY>${COST_CATEGORY}</CATEGORY>` +
    `</COSTCENTRE></TALLYMESSAGE>\n`
  );
}

/**
 * The envelope and its one IMPORTDATA. Masters and vouchers share one REQUESTDATA: TallyPrime
 * imports the TALLYMESSAGEs of a request in order whatever its REPORTNAME (the published samples
 * carry vouchers under "All Masters" and masters under "Vouchers"), so the masters come first and
 * every voucher finds its ledgers. IMPORTDUPS "@@DUPIGNORE" is "Ignore Duplicates" for masters
 * that already exist.
 */
export const ENVELOPE_OPEN =
  `<?xml version="1.0" encoding="UTF-8"?>\n` +
  `<ENVELOPE><HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER><BODY>\n` +
  `<IMPORTDATA><REQUESTDESC><REPORTNAME>Vouchers</REPORTNAME>` +
  `<STATICVARIABLES><IMPORTDUPS>@@DUPIGNORE</IMPORTDUPS></STATICVARIABLES></REQUESTDESC>` +
  `<REQUESTDATA>\n`;

export const ENVELOPE_CLOSE = `</REQUESTDATA></IMPORTDATA>\n</BODY></ENVELOPE>\n`;
