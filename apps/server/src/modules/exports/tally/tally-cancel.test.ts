import { describe, expect, it } from 'vitest';
import { cancellationXml, deletedVouchers } from './tally-cancel.js';

/** An audit entry of a delete: every field old, in API units (platform/audit.ts). */
const gone = (entity: string, old: Record<string, unknown>) => ({
  entity,
  record_id: 'rec1',
  action: 'delete',
  changes: JSON.stringify(
    Object.fromEntries(Object.entries(old).map(([key, value]) => [key, { old: value, new: null }])),
  ),
});

describe('the vouchers a deleted record had in Tally', () => {
  it('a bill: a Purchase by its GUID, date and number', () => {
    expect(
      deletedVouchers(
        gone('deliveries', { delivery_date: '2026-04-14', delivery_reference: 'CH-1' }),
        '2026-05-01',
      ),
    ).toEqual([
      {
        remoteId: 'siteledger-deliveries-rec1',
        type: 'Purchase',
        date: '2026-04-14',
        number: 'CH-1',
        narration: 'Deleted in SiteLedger',
      },
    ]);
  });

  it('a bill with TDS and an RA bill: the TDS journal goes too (issue 43)', () => {
    const deleted = deletedVouchers(
      gone('deliveries', {
        delivery_date: '2026-04-14',
        delivery_reference: 'CH-2',
        tds_amount: 800,
      }),
      '2026-05-01',
    );
    expect(deleted.map((v) => [v.remoteId, v.type])).toEqual([
      ['siteledger-deliveries-rec1', 'Purchase'],
      ['siteledger-tds-rec1', 'Journal'],
    ]);
    const bill = deletedVouchers(
      gone('ra_bills', { kind: 'bill', bill_date: '2026-06-30', number: 'RA-2', tds_amount: 7200 }),
      '2026-07-01',
    );
    expect(bill.map((v) => [v.remoteId, v.type, v.number])).toEqual([
      ['siteledger-ra_bills-rec1', 'Purchase', 'RA-2'],
      ['siteledger-tds-rec1', 'Journal', 'RA-2'],
    ]);
    const release = deletedVouchers(
      gone('ra_bills', { kind: 'retention_release', bill_date: '2027-07-01', number: 'RA-3' }),
      '2027-07-02',
    );
    expect(release.map((v) => v.type)).toEqual(['Journal']);
  });

  it('a payment made wholly with credit notes was a Journal', () => {
    const [voucher] = deletedVouchers(
      gone('payments', {
        payment_date: '2026-04-15',
        amount: 500,
        reference: null,
        credit_notes: [{ credit_note: 'n1', used_amount: 500 }],
      }),
      '2026-05-01',
    );
    expect(voucher).toMatchObject({ type: 'Journal', number: null, date: '2026-04-15' });
    const [paid] = deletedVouchers(
      gone('payments', { payment_date: '2026-04-15', amount: 500, credit_notes: [] }),
      '2026-05-01',
    );
    expect(paid!.type).toBe('Payment');
  });

  it('nothing for a return that never counted or a booking already cancelled', () => {
    const ret = { return_date: '2026-04-10', total_return_amount: 100, cgst_amount: 0 };
    expect(
      deletedVouchers(gone('vendor_returns', { ...ret, status: 'pending' }), '2026-05-01'),
    ).toEqual([]);
    expect(
      deletedVouchers(gone('vendor_returns', { ...ret, status: 'approved' }), '2026-05-01'),
    ).toHaveLength(1);
    expect(
      deletedVouchers(
        gone('service_bookings', { start_date: '2026-04-10', status: 'cancelled' }),
        '2026-05-01',
      ),
    ).toEqual([]);
  });

  it("a standalone credit note's Debit Note, and its lapse journal when it had lapsed", () => {
    const note = {
      issue_date: '2026-03-01',
      reference: 'CN-1',
      return_id: null,
      expiry_date: '2026-03-31',
      status: 'active',
      balance: 50,
    };
    expect(
      deletedVouchers(gone('credit_notes', note), '2026-05-01').map((v) => v.remoteId),
    ).toEqual(['siteledger-vendor_credit_notes-rec1', 'siteledger-vendor_credit_notes-rec1-lapse']);
    // Not lapsed yet on the day of the export; a note of a return has no voucher of its own.
    expect(deletedVouchers(gone('credit_notes', note), '2026-03-31')).toHaveLength(1);
    expect(
      deletedVouchers(gone('credit_notes', { ...note, return_id: 'r1' }), '2026-03-15'),
    ).toEqual([]);
  });

  it('writes ACTION="Cancel" with the GUID, escaped', () => {
    expect(
      cancellationXml({
        remoteId: 'siteledger-deliveries-rec1',
        type: 'Purchase',
        date: '2026-04-14',
        number: 'A&B',
        narration: 'Deleted in SiteLedger',
      }),
    ).toBe(
      '<TALLYMESSAGE xmlns:UDF="TallyUDF"><VOUCHER REMOTEID="siteledger-deliveries-rec1" ' +
        'VCHTYPE="Purchase" ACTION="Cancel"><GUID>siteledger-deliveries-rec1</GUID>' +
        '<DATE>20260414</DATE><EFFECTIVEDATE>20260414</EFFECTIVEDATE>' +
        '<VOUCHERTYPENAME>Purchase</VOUCHERTYPENAME><VOUCHERNUMBER>A&amp;B</VOUCHERNUMBER>' +
        '<NARRATION>Deleted in SiteLedger</NARRATION></VOUCHER></TALLYMESSAGE>\n',
    );
  });
});
