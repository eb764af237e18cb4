import { describe, expect, it } from 'vitest';
import { csvRow, money } from '../src/documents/csv-writer.js';
import { contentDisposition } from '../src/documents/download.js';
import { indianDate, periodText, plainRupees } from '../src/documents/format.js';
import { ledgerXml, voucherXml, xmlEscape } from '../src/modules/exports/tally/tally-xml.js';
import { parseCsv } from './helpers/csv-parse.js';
import { parser, type Envelope } from './helpers/tally-parse.js';

describe('CSV writer', () => {
  it('quotes what RFC 4180 asks, doubles quotes and ends records with CRLF', () => {
    const row = csvRow(['plain', 'a,b', 'say "hi"', 'two\nlines', 'cr\rhere', null, '']);
    expect(row).toBe('plain,"a,b","say ""hi""","two\nlines","cr\rhere",,\r\n');
    expect(parseCsv(row)).toEqual([['plain', 'a,b', 'say "hi"', 'two\nlines', 'cr\rhere', '', '']]);
  });

  it('guards text that a spreadsheet would run as a formula, never numbers', () => {
    const cells = ['=1+1', '+91 98765', '-5 bags', '@SUM(A1)', '\tx', '\rx', 'ok=1'];
    expect(parseCsv(csvRow(cells))[0]).toEqual([
      "'=1+1",
      "'+91 98765",
      "'-5 bags",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
      'ok=1',
    ]);
    expect(csvRow([money(-15000), money(5), money(0), money(123456789)])).toBe(
      '-150.00,0.05,0.00,1234567.89\r\n',
    );
  });

  it('writes paise as rupees exactly, without float drift', () => {
    expect(plainRupees(-5)).toBe('-0.05');
    expect(plainRupees(1_000_000_000_001)).toBe('10000000000.01');
    expect(plainRupees(29)).toBe('0.29');
    expect(indianDate('2026-03-09')).toBe('09-03-2026');
    expect(periodText('2026-04-01', undefined)).toBe('From 01-04-2026');
  });
});

describe('download names', () => {
  it('gives an ASCII name and the UTF-8 original (RFC 5987) for a Hindi name', () => {
    const header = contentDisposition('vendor-ledger', 'शर्मा "A/B" (1)', '2026-01-31', 'pdf', 'x');
    expect(header).toBe(
      `attachment; filename="vendor-ledger-A-B-1-2026-01-31.pdf"; ` +
        `filename*=UTF-8''vendor-ledger-%E0%A4%B6%E0%A4%B0%E0%A5%8D%E0%A4%AE%E0%A4%BE-A-B-%281%29-2026-01-31.pdf`,
    );
    expect(contentDisposition('account-statement', 'नकद', 'today', 'csv', 'account')).toMatch(
      /^attachment; filename="account-statement-account-today\.csv"; filename\*=UTF-8''account-statement-%E0/,
    );
  });
});

describe('Tally XML writer', () => {
  it('escapes & < > " \' and drops characters XML cannot carry', () => {
    expect(xmlEscape(`A&B <C> "D" 'E'\u0001`)).toBe(
      'A&amp;B &lt;C&gt; &quot;D&quot; &apos;E&apos;',
    );
  });

  it('writes debit lines deemed positive with negative amounts, and reads back', () => {
    const name = `M/s <Rao> & "Sons" 'Ltd'`;
    const xml =
      `<ENVELOPE><BODY><IMPORTDATA><REQUESTDESC><REPORTNAME>All Masters</REPORTNAME>` +
      `</REQUESTDESC><REQUESTDATA>` +
      ledgerXml({ remoteId: 'r-1', name, parent: 'Sundry Creditors', billWise: true }) +
      `</REQUESTDATA></IMPORTDATA><IMPORTDATA><REQUESTDESC><REPORTNAME>Vouchers</REPORTNAME>` +
      `</REQUESTDESC><REQUESTDATA>` +
      voucherXml({
        remoteId: 'r-2',
        type: 'Purchase',
        date: '2026-01-05',
        number: 'A&1',
        party: name,
        narration: 'n',
        lines: [
          {
            ledger: name,
            debit: false,
            paise: 1050,
            party: true,
            bills: [{ type: 'New Ref', name: 'A&1', paise: 1050 }],
          },
          { ledger: 'Purchase', debit: true, paise: 1050 },
        ],
      }) +
      `</REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>`;
    const doc = parser.parse(xml) as Envelope;
    const [masters, vouchers] = doc.ENVELOPE.BODY.IMPORTDATA;
    expect(masters!.REQUESTDATA.TALLYMESSAGE[0]!.LEDGER!['@_NAME']).toBe(name);
    const voucher = vouchers!.REQUESTDATA.TALLYMESSAGE[0]!.VOUCHER!;
    expect(voucher).toMatchObject({ DATE: '20260105', VOUCHERNUMBER: 'A&1' });
    expect(voucher['ALLLEDGERENTRIES.LIST']).toEqual([
      {
        LEDGERNAME: name,
        ISDEEMEDPOSITIVE: 'No',
        ISPARTYLEDGER: 'Yes',
        AMOUNT: '10.50',
        'BILLALLOCATIONS.LIST': [{ NAME: 'A&1', BILLTYPE: 'New Ref', AMOUNT: '10.50' }],
      },
      { LEDGERNAME: 'Purchase', ISDEEMEDPOSITIVE: 'Yes', ISPARTYLEDGER: 'No', AMOUNT: '-10.50' },
    ]);
  });
});
