import { XMLParser } from 'fast-xml-parser';
import { expect } from 'vitest';

/** The parts of a TallyPrime import file the export tests read (fast-xml-parser's shape). */
export interface Bill {
  NAME?: string;
  BILLTYPE: string;
  AMOUNT: string;
}
export interface CostCentreAllocation {
  NAME: string;
  AMOUNT: string;
}
export interface CategoryAllocation {
  CATEGORY: string;
  ISDEEMEDPOSITIVE: 'Yes' | 'No';
  'COSTCENTREALLOCATIONS.LIST': CostCentreAllocation[];
}
export interface Line {
  LEDGERNAME: string;
  ISDEEMEDPOSITIVE: 'Yes' | 'No';
  ISPARTYLEDGER: 'Yes' | 'No';
  AMOUNT: string;
  'BILLALLOCATIONS.LIST'?: Bill[];
  'CATEGORYALLOCATIONS.LIST'?: CategoryAllocation[];
}
export interface Voucher {
  '@_REMOTEID': string;
  '@_VCHTYPE': string;
  '@_VCHKEY'?: string;
  GUID?: string;
  DATE: string;
  REFERENCE?: string;
  REFERENCEDATE?: string;
  VOUCHERTYPENAME: string;
  VOUCHERNUMBER?: string;
  PARTYLEDGERNAME: string;
  'ALLLEDGERENTRIES.LIST': Line[];
}
export interface Ledger {
  '@_NAME': string;
  '@_REMOTEID': string;
  '@_ACTION': string;
  PARENT: string;
  ISBILLWISEON: string;
  ISCOSTCENTRESON?: string;
  PARTYGSTIN?: string;
  GSTREGISTRATIONTYPE?: string;
  LEDSTATENAME?: string;
  COUNTRYNAME?: string;
  TAXTYPE?: string;
  GSTDUTYHEAD?: string;
  OPENINGBALANCE?: string;
  'LEDGSTREGDETAILS.LIST'?: Record<string, string>;
  'LEDMAILINGDETAILS.LIST'?: Record<string, unknown>;
}
export interface CostCentre {
  '@_NAME': string;
  '@_REMOTEID': string;
  CATEGORY: string;
}
export interface Message {
  VOUCHER?: Voucher;
  LEDGER?: Ledger;
  COSTCENTRE?: CostCentre;
}
export interface Envelope {
  ENVELOPE: {
    HEADER: { TALLYREQUEST: string };
    BODY: {
      IMPORTDATA: {
        REQUESTDESC: { REPORTNAME: string; STATICVARIABLES?: { IMPORTDUPS?: string } };
        REQUESTDATA: { TALLYMESSAGE: Message[] };
      }[];
    };
  };
}

const LISTS = new Set([
  'IMPORTDATA',
  'TALLYMESSAGE',
  'ALLLEDGERENTRIES.LIST',
  'BILLALLOCATIONS.LIST',
  'CATEGORYALLOCATIONS.LIST',
  'COSTCENTREALLOCATIONS.LIST',
  'ADDRESS',
]);
export const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  isArray: (name) => LISTS.has(name),
});

/** Tally amounts ("-1234.50") as integer paise, so sums are exact. */
export const paise = (amount: string) => {
  expect(amount).toMatch(/^-?\d+\.\d{2}$/);
  return Math.round(Number(amount) * 100);
};
