import { describe, expect, it } from 'vitest';
import {
  amountBelowUsed,
  balanceAfterPaise,
  creditNoteChanges,
  creditNoteSchema,
  usedPaiseOf,
} from './credit-note-form';
import { headEntries, headsOf, leftPaise, owedPaise } from './return-gst';

const note = {
  credit_amount: 825,
  balance: 325,
  issue_date: '2026-11-02',
  expiry_date: null,
  reference: 'CN-SGC-07',
  reason: null,
};
const values = {
  vendor: 'v',
  credit_amount: 825,
  issue_date: '2026-11-02',
  expiry_date: undefined,
  reference: 'CN-SGC-07',
  reason: '',
};

describe('credit note edit form', () => {
  it('knows what payments used, and refuses an amount below it, as the server does', () => {
    expect(usedPaiseOf(note)).toBe(50_000);
    expect(amountBelowUsed(note, 500)).toBeNull();
    expect(amountBelowUsed(note, 499.99)).toBe(50_000);
    expect(amountBelowUsed({ credit_amount: 100, balance: 100 }, 0.01)).toBeNull();
    expect(balanceAfterPaise(note, 900.5)).toBe(40_050);
    expect(balanceAfterPaise(note, 500)).toBe(0);
  });

  it('sends only the fields that changed', () => {
    expect(creditNoteChanges(note, values)).toEqual({});
    expect(
      creditNoteChanges(note, {
        ...values,
        credit_amount: 900.5,
        expiry_date: '2026-12-31',
        reference: '',
        reason: 'Rate agreed',
      }),
    ).toEqual({
      credit_amount: 900.5,
      expiry_date: '2026-12-31',
      reference: null,
      reason: 'Rate agreed',
    });
    expect(
      creditNoteChanges(
        { ...note, expiry_date: '2026-12-31' },
        { ...values, expiry_date: undefined },
      ),
    ).toEqual({ expiry_date: null });
    expect(creditNoteChanges(note, { ...values, issue_date: '2026-11-03' })).toEqual({
      issue_date: '2026-11-03',
    });
  });

  it('refuses an expiry before the issue date', () => {
    const result = creditNoteSchema.safeParse({
      ...values,
      issue_date: '2026-11-02',
      expiry_date: '2026-11-01',
    });
    expect(result.error?.issues[0]?.message).toBe('vendorReturns.validation.expiryBeforeIssue');
  });
});

describe("a return's ceiling for refunds and credit notes", () => {
  // 3 × 61.37 at 18 % IGST: value 184.11, IGST 33.14.
  const igst = { total_return_amount: 184.11, cgst_amount: 0, sgst_amount: 0, igst_amount: 33.14 };
  // 1 × 99.99 at 18 % within the state: CGST 9.00 + SGST 9.00.
  const local = { total_return_amount: 99.99, cgst_amount: 9, sgst_amount: 9, igst_amount: 0 };

  it('is the value plus the GST it reverses, less what was refunded or credited', () => {
    expect(owedPaise(igst)).toBe(21_725);
    expect(leftPaise(igst, 0)).toBe(21_725);
    expect(leftPaise(igst, 184.11)).toBe(3_314);
    expect(leftPaise(igst, 217.25)).toBe(0);
    expect(leftPaise(igst, 300)).toBe(0);
    expect(owedPaise(local)).toBe(11_799);
    expect(owedPaise({ ...local, cgst_amount: 0, sgst_amount: 0 })).toBe(9_999);
  });

  it('lists only the heads with tax', () => {
    expect(headEntries(headsOf(igst))).toEqual([{ head: 'igst', paise: 3_314 }]);
    expect(headEntries(headsOf(local))).toEqual([
      { head: 'cgst', paise: 900 },
      { head: 'sgst', paise: 900 },
    ]);
  });
});
