import { plainRupees } from '../format.js';

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

export type BillType = 'New Ref' | 'Agst Ref' | 'On Account';

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
}

export interface Voucher {
  remoteId: string;
  type: 'Purchase' | 'Payment' | 'Receipt' | 'Debit Note' | 'Journal';
  date: string;
  number: string | null;
  party: string;
  narration: string;
  lines: VoucherLine[];
}

/** Tally's sign convention: a debit is "deemed positive" and carries a negative AMOUNT. */
function signed(debit: boolean, paise: number): string {
  return plainRupees(debit ? -paise : paise);
}

function lineXml(line: VoucherLine): string {
  const bills = (line.bills ?? [])
    .map(
      (bill) =>
        `<BILLALLOCATIONS.LIST>${el('NAME', bill.name)}<BILLTYPE>${bill.type}</BILLTYPE>` +
        `<AMOUNT>${signed(line.debit, bill.paise)}</AMOUNT></BILLALLOCATIONS.LIST>`,
    )
    .join('');
  return (
    `<ALLLEDGERENTRIES.LIST>${el('LEDGERNAME', line.ledger)}` +
    `<ISDEEMEDPOSITIVE>${line.debit ? 'Yes' : 'No'}</ISDEEMEDPOSITIVE>` +
    `<ISPARTYLEDGER>${line.party ? 'Yes' : 'No'}</ISPARTYLEDGER>` +
    `<AMOUNT>${signed(line.debit, line.paise)}</AMOUNT>${bills}</ALLLEDGERENTRIES.LIST>`
  );
}

export function voucherXml(v: Voucher): string {
  const date = tallyDate(v.date);
  return (
    `<TALLYMESSAGE xmlns:UDF="TallyUDF">` +
    `<VOUCHER REMOTEID="${xmlEscape(v.remoteId)}" VCHTYPE="${v.type}" ACTION="Create" ` +
    `OBJVIEW="Accounting Voucher View">` +
    `<DATE>${date}</DATE><EFFECTIVEDATE>${date}</EFFECTIVEDATE>` +
    `<VOUCHERTYPENAME>${v.type}</VOUCHERTYPENAME>` +
    el('VOUCHERNUMBER', v.number) +
    el('REFERENCE', v.number) +
    el('PARTYLEDGERNAME', v.party) +
    `<PERSISTEDVIEW>Accounting Voucher View</PERSISTEDVIEW><ISINVOICE>No</ISINVOICE>` +
    el('NARRATION', v.narration) +
    v.lines.map(lineXml).join('') +
    `</VOUCHER></TALLYMESSAGE>\n`
  );
}

export interface LedgerMaster {
  remoteId: string;
  name: string;
  parent: string;
  billWise?: boolean;
  gstin?: string | null;
  address?: string | null;
  phone?: string | null;
  email?: string | null;
  contact?: string | null;
}

export function ledgerXml(m: LedgerMaster): string {
  const address = (m.address ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => el('ADDRESS', line))
    .join('');
  return (
    `<TALLYMESSAGE xmlns:UDF="TallyUDF">` +
    `<LEDGER NAME="${xmlEscape(m.name)}" REMOTEID="${xmlEscape(m.remoteId)}" ACTION="Create">` +
    `<NAME.LIST TYPE="String">${el('NAME', m.name)}</NAME.LIST>` +
    el('PARENT', m.parent) +
    `<ISBILLWISEON>${m.billWise ? 'Yes' : 'No'}</ISBILLWISEON>` +
    (address ? `<ADDRESS.LIST TYPE="String">${address}</ADDRESS.LIST>` : '') +
    (m.gstin ? `<GSTREGISTRATIONTYPE>Regular</GSTREGISTRATIONTYPE>` : '') +
    el('PARTYGSTIN', m.gstin) +
    el('LEDGERPHONE', m.phone) +
    el('EMAIL', m.email) +
    el('LEDGERCONTACT', m.contact) +
    `</LEDGER></TALLYMESSAGE>\n`
  );
}

/** Opens one IMPORTDATA section of the envelope ("All Masters" or "Vouchers"). */
export function importDataOpen(report: 'All Masters' | 'Vouchers'): string {
  return (
    `<IMPORTDATA><REQUESTDESC><REPORTNAME>${report}</REPORTNAME></REQUESTDESC>` + `<REQUESTDATA>\n`
  );
}

export const IMPORTDATA_CLOSE = `</REQUESTDATA></IMPORTDATA>\n`;

export const ENVELOPE_OPEN =
  `<?xml version="1.0" encoding="UTF-8"?>\n` +
  `<ENVELOPE><HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER><BODY>\n`;

export const ENVELOPE_CLOSE = `</BODY></ENVELOPE>\n`;
