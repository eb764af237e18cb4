import type { ReturnableItem } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  buildBody,
  emptyDraft,
  serverErrors,
  totalPaise,
  validateItems,
  validateRefund,
  type ReturnDraft,
} from './return-form';

const row = (id: string, delivered: number, returned: number): ReturnableItem => ({
  delivery_item: id,
  delivered,
  returned,
  available: Math.max(0, delivered - returned),
  line: {
    id,
    site: 's',
    delivery: 'd',
    item: 'i',
    quantity: delivered,
    unit_price: 412.5,
    total_amount: delivered * 412.5,
    gst_rate: null,
    cgst_amount: 0,
    sgst_amount: 0,
    igst_amount: 0,
    notes: null,
    created: '',
    updated: '',
  },
});

const rows = [row('a', 10, 3), row('b', 5, 0)];

function draft(patch: Partial<ReturnDraft> = {}): ReturnDraft {
  return {
    ...emptyDraft('2026-11-22'),
    vendor: 'v',
    reason: 'damaged',
    lines: {
      a: { selected: true, quantity: '2', rate: '412.5', condition: 'damaged' },
      b: { selected: false, quantity: '', rate: '412.5', condition: '' },
    },
    ...patch,
  };
}

describe('return form', () => {
  it('totals the selected lines to the paisa', () => {
    expect(totalPaise(draft(), rows)).toBe(82_500);
  });

  it('refuses more than the available quantity with the spec message values', () => {
    const d = draft();
    d.lines.a = { selected: true, quantity: '8', rate: '412.5', condition: 'damaged' };
    expect(validateItems(d, rows)['line.a.quantity']).toEqual({
      key: 'vendorReturns.validation.quantityExceeded',
      values: { available: 7, returned: 3 },
    });
    expect(validateItems(draft({ lines: {} }), rows).lines).toBe(
      'vendorReturns.validation.linesRequired',
    );
  });

  it('keeps the refund within the return total and asks for account and method', () => {
    const errors = validateRefund(
      draft({ refundType: 'split', amount: '500', creditAmount: '400' }),
      82_500,
    );
    expect(errors.account).toBe('vendorReturns.validation.accountRequired');
    expect(errors.method).toBe('vendorReturns.validation.methodRequired');
    expect(errors.creditAmount).toMatchObject({ key: 'vendorReturns.validation.refundAboveTotal' });
    expect(validateRefund(draft({ refundType: 'credit', amount: '825' }), 82_500)).toEqual({});
  });

  it('builds one body with a credit-note refund', () => {
    const body = buildBody(
      draft({ refundType: 'credit', amount: '825', creditReference: 'CN-7' }),
      rows,
    );
    expect(body.items).toEqual([
      { delivery_item: 'a', quantity_returned: 2, return_rate: 412.5, condition: 'damaged' },
    ]);
    expect(body.refund).toMatchObject({
      type: 'credit',
      amount: 825,
      account: null,
      method: null,
      credit_note_reference: 'CN-7',
    });
  });

  it('maps server errors to their step and field', () => {
    const quantity = new ApiError(400, 'RETURN_QUANTITY_EXCEEDED', 'Only 7 units', {
      field: 'items.0.quantity_returned',
    });
    expect(serverErrors(quantity, draft(), rows)).toEqual({
      step: 0,
      errors: { 'line.a.quantity': { text: 'Only 7 units' } },
    });
    const invalid = new ApiError(400, 'VALIDATION_FAILED', 'Check', {
      'refund.account': { code: 'x', message: 'Choose the account' },
      reason: { code: 'x', message: 'Bad reason' },
    });
    expect(serverErrors(invalid, draft(), rows)).toEqual({
      step: 1,
      errors: { account: { text: 'Choose the account' }, reason: { text: 'Bad reason' } },
    });
  });
});
