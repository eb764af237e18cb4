import { describe, expect, it } from 'vitest';
import {
  amountBelowUsed,
  balanceAfterPaise,
  creditNoteChanges,
  creditNoteSchema,
  usedPaiseOf,
} from './credit-note-form';

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
