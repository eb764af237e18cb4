import { describe, expect, it } from 'vitest';
import {
  availableMilli,
  canTransition,
  checkCreditNoteAmount,
  checkReturnQuantity,
  creditNoteStatusForBalance,
  creditNoteUsedPaise,
  isCountedReturnStatus,
  isRefundableReturnStatus,
  isUsableCreditNote,
  refundParts,
  refundTypeOf,
  returnedWithoutOwnMilli,
  returnLineAmountPaise,
  returnLinesEditProblem,
  returnTotalPaise,
  statusAfterRefunds,
} from './returns.js';
import {
  zCreditNoteCreate,
  zReturnRefundCreate,
  zVendorReturnCreate,
  zVendorReturnUpdate,
} from './schemas/returns.js';

describe('returnable quantity (spec part 5)', () => {
  it('available = delivered − returned, never below zero', () => {
    expect(availableMilli(10_000, 2_500)).toBe(7_500);
    expect(availableMilli(10_000, 12_000)).toBe(0);
  });

  it('refuses more than available, and anything once fully returned', () => {
    expect(checkReturnQuantity(7_500, 10_000, 2_500)).toBeNull();
    expect(checkReturnQuantity(7_501, 10_000, 2_500)).toEqual({
      code: 'RETURN_QUANTITY_EXCEEDED',
      availableMilli: 7_500,
      returnedMilli: 2_500,
    });
    expect(checkReturnQuantity(1, 10_000, 10_000)).toEqual({ code: 'ALREADY_FULLY_RETURNED' });
  });

  it('counts approved, completed and refunded returns only', () => {
    expect(['approved', 'completed', 'refunded'].every(isCountedReturnStatus)).toBe(true);
    expect(['initiated', 'rejected'].some(isCountedReturnStatus)).toBe(false);
  });
});

describe('return amounts', () => {
  it('a line is quantity × rate rounded to the paisa once; the total sums the lines', () => {
    expect(returnLineAmountPaise(2.345, 62.25)).toBe(14_598);
    expect(returnLineAmountPaise(0.1, 0.05)).toBe(1);
    expect(
      returnTotalPaise([
        { quantity_returned: 2.345, return_rate: 62.25 },
        { quantity_returned: 1, return_rate: 349.99 },
      ]),
    ).toBe(49_597);
  });

  it('splits a refund into money and credit by type', () => {
    expect(refundParts({ type: 'monetary', amount: 100.5, credit_amount: 20 })).toEqual({
      moneyPaise: 10_050,
      creditPaise: 0,
    });
    expect(refundParts({ type: 'credit', amount: 100.5, credit_amount: 20 })).toEqual({
      moneyPaise: 0,
      creditPaise: 10_050,
    });
    expect(refundParts({ type: 'split', amount: 100.5, credit_amount: 20 })).toEqual({
      moneyPaise: 10_050,
      creditPaise: 2_000,
    });
    expect(refundTypeOf(1, 1)).toBe('split');
    expect(refundTypeOf(1, 0)).toBe('monetary');
    expect(refundTypeOf(0, 1)).toBe('credit');
    expect(refundTypeOf(0, 0)).toBeNull();
  });
});

describe('return statuses', () => {
  it('allows approve from initiated/rejected, reject from initiated/approved, complete from approved', () => {
    expect(canTransition('approve', 'initiated')).toBe(true);
    expect(canTransition('approve', 'rejected')).toBe(true);
    expect(canTransition('approve', 'approved')).toBe(false);
    expect(canTransition('reject', 'approved')).toBe(true);
    expect(canTransition('reject', 'completed')).toBe(false);
    expect(canTransition('complete', 'approved')).toBe(true);
    for (const action of ['approve', 'reject', 'complete'] as const)
      expect(canTransition(action, 'refunded')).toBe(false);
    expect(isRefundableReturnStatus('completed')).toBe(true);
    expect(isRefundableReturnStatus('rejected')).toBe(false);
  });

  it('is refunded while anything is refunded, and falls back when the last refund goes', () => {
    expect(statusAfterRefunds('approved', 1, null)).toBe('refunded');
    expect(statusAfterRefunds('refunded', 0, null)).toBe('approved');
    expect(statusAfterRefunds('refunded', 0, '2025-01-02')).toBe('completed');
    expect(statusAfterRefunds('approved', 0, null)).toBe('approved');
  });
});

describe('credit notes (spec part 4, API.md)', () => {
  it('fully_used at a balance of zero or below; usable while active, positive and unexpired', () => {
    expect(creditNoteStatusForBalance(1)).toBe('active');
    expect(creditNoteStatusForBalance(0)).toBe('fully_used');
    expect(creditNoteStatusForBalance(-5)).toBe('fully_used');
    const note = { status: 'active', balance: 100, expiry_date: '2025-03-31' };
    expect(isUsableCreditNote(note, '2025-03-31')).toBe(true);
    expect(isUsableCreditNote(note, '2025-04-01')).toBe(false);
    expect(isUsableCreditNote({ ...note, expiry_date: null }, '2099-01-01')).toBe(true);
    expect(isUsableCreditNote({ ...note, balance: 0 }, '2025-01-01')).toBe(false);
    expect(isUsableCreditNote({ ...note, status: 'fully_used' }, '2025-01-01')).toBe(false);
  });
});

describe('return form schemas', () => {
  const line = {
    delivery_item: 'aaaaaaaaaaaaaaa',
    quantity_returned: 1,
    return_rate: 10,
    condition: 'damaged',
  };
  const base = { vendor: 'bbbbbbbbbbbbbbb', return_date: '2025-04-01', reason: 'damaged' };
  const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
    result.error?.issues.map((i) => i.path.join('.')) ?? [];

  it('accepts the spec enumerations and refuses a delivery line twice', () => {
    expect(zVendorReturnCreate.safeParse({ ...base, items: [line] }).success).toBe(true);
    const twice = zVendorReturnCreate.safeParse({ ...base, items: [line, line] });
    expect(issues(twice)).toEqual(['items.1.delivery_item']);
    expect(zVendorReturnCreate.safeParse({ ...base, items: [] }).success).toBe(false);
    expect(
      zVendorReturnCreate.safeParse({ ...base, reason: 'specification_mismatch', items: [line] })
        .success,
    ).toBe(true);
  });

  it('a money refund needs an account and a method; a split needs a credit amount', () => {
    const refund = { amount: 10, refund_date: '2025-04-01' };
    expect(issues(zReturnRefundCreate.safeParse({ ...refund, type: 'monetary' }))).toEqual([
      'account',
      'method',
    ]);
    expect(
      issues(
        zReturnRefundCreate.safeParse({
          ...refund,
          type: 'split',
          account: 'ccccccccccccccc',
          method: 'cash',
        }),
      ),
    ).toEqual(['credit_amount']);
    expect(zReturnRefundCreate.safeParse({ ...refund, type: 'credit' }).success).toBe(true);
    expect(
      issues(
        zReturnRefundCreate.safeParse({
          ...refund,
          type: 'credit',
          credit_note_expiry: '2025-03-31',
        }),
      ),
    ).toEqual(['credit_note_expiry']);
  });

  it('a credit note cannot expire before it is issued', () => {
    const note = { vendor: 'bbbbbbbbbbbbbbb', credit_amount: 5, issue_date: '2025-04-02' };
    expect(zCreditNoteCreate.safeParse({ ...note, expiry_date: '2025-04-02' }).success).toBe(true);
    expect(issues(zCreditNoteCreate.safeParse({ ...note, expiry_date: '2025-04-01' }))).toEqual([
      'expiry_date',
    ]);
  });
});

describe('corrections (issue 18)', () => {
  const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
    result.error?.issues.map((i) => i.path.join('.')) ?? [];
  it('a credit note amount may change down to what payments used, never below', () => {
    expect(creditNoteUsedPaise({ credit_amount: 50_000, balance: 20_000 })).toBe(30_000);
    expect(creditNoteUsedPaise({ credit_amount: 50_000, balance: 50_000 })).toBe(0);
    expect(creditNoteUsedPaise({ credit_amount: 50_000, balance: -100 })).toBe(50_100);
    expect(checkCreditNoteAmount(30_000, 30_000)).toBeNull();
    expect(checkCreditNoteAmount(90_000, 30_000)).toBeNull();
    expect(checkCreditNoteAmount(29_999, 30_000)).toEqual({
      code: 'CREDIT_NOTE_AMOUNT_BELOW_USED',
      usedPaise: 30_000,
    });
  });

  it("a return's lines may be corrected before a refund, not once refunded or rejected", () => {
    expect(returnLinesEditProblem('initiated')).toBeNull();
    expect(returnLinesEditProblem('approved')).toBeNull();
    expect(returnLinesEditProblem('completed')).toBeNull();
    expect(returnLinesEditProblem('refunded')).toBe('RETURN_REFUNDED');
    expect(returnLinesEditProblem('rejected')).toBe('INVALID_STATUS_TRANSITION');
  });

  it("an edit is checked against the line's returned quantity without the return's own", () => {
    expect(returnedWithoutOwnMilli(5_000, 2_000, 'approved')).toBe(3_000);
    expect(returnedWithoutOwnMilli(5_000, 2_000, 'completed')).toBe(3_000);
    // An initiated return does not count yet: nothing of its own is in "returned".
    expect(returnedWithoutOwnMilli(5_000, 2_000, 'initiated')).toBe(5_000);
    expect(returnedWithoutOwnMilli(1_000, 2_000, 'approved')).toBe(0);
  });

  it('PATCH of a return names each corrected line once', () => {
    const line = { id: 'aaaaaaaaaaaaaaa', quantity_returned: 2 };
    expect(zVendorReturnUpdate.safeParse({ notes: 'x' }).success).toBe(true);
    expect(zVendorReturnUpdate.safeParse({ items: [line] }).success).toBe(true);
    expect(issues(zVendorReturnUpdate.safeParse({ items: [line, line] }))).toEqual(['items.1.id']);
    expect(
      issues(zVendorReturnUpdate.safeParse({ items: [{ ...line, quantity_returned: 0 }] })),
    ).toEqual(['items.0.quantity_returned']);
  });
});
