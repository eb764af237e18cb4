import { XMLParser } from 'fast-xml-parser';
import { expect } from 'vitest';

/** The parts of a TallyPrime import file the export tests read (fast-xml-parser's shape). */
export interface Bill {
  NAME?: string;
  BILLTYPE: string;
  AMOUNT: string;
}
export interface Line {
  LEDGERNAME: string;
  ISDEEMEDPOSITIVE: 'Yes' | 'No';
  ISPARTYLEDGER: 'Yes' | 'No';
  AMOUNT: string;
  'BILLALLOCATIONS.LIST'?: Bill[];
}
export interface Voucher {
  '@_REMOTEID': string;
  '@_VCHTYPE': string;
  DATE: string;
  VOUCHERTYPENAME: string;
  VOUCHERNUMBER?: string;
  PARTYLEDGERNAME: string;
  'ALLLEDGERENTRIES.LIST': Line[];
}
export interface Ledger {
  '@_NAME': string;
  '@_REMOTEID': string;
  PARENT: string;
  ISBILLWISEON: string;
  PARTYGSTIN?: string;
}
export interface Message {
  VOUCHER?: Voucher;
  LEDGER?: Ledger;
}
export interface Envelope {
  ENVELOPE: {
    HEADER: { TALLYREQUEST: string };
    BODY: {
      IMPORTDATA: {
        REQUESTDESC: { REPORTNAME: string };
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
