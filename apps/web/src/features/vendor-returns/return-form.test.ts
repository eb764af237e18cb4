import type { ReturnableItem } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  buildBody,
  emptyDraft,
  gstPaise,
  lineGst,
  owedTotalPaise,
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
    purchase_order_line: null,
    notes: null,
    created: '',
    updated: '',
  },
});

const rows = [row('a', 10, 3), row('b', 5, 0)];

/** A delivery line taxed at `rate`: IGST across states, else CGST + SGST. */
function rated(id: string, unitPrice: number, rate: number, igst: boolean): ReturnableItem {
  const base = row(id, 10, 0);
  return {
    ...base,
    line: {
      ...base.line,
      unit_price: unitPrice,
      gst_rate: rate,
      cgst_amount: igst ? 0 : 1,
      sgst_amount: igst ? 0 : 1,
      igst_amount: igst ? 2 : 0,
    },
  };
}

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

  it("reverses GST per line at the delivery line's rate and split, and owes back value + GST", () => {
    const gstRows = [rated('g', 61.37, 18, true), rated('h', 99.99, 18, false), ...rows];
    const d = draft({
      lines: {
        g: { selected: true, quantity: '3', rate: '61.37', condition: 'damaged' },
        h: { selected: false, quantity: '1', rate: '99.99', condition: 'opened' },
        a: { selected: false, quantity: '', rate: '412.5', condition: '' },
      },
    });
    // 3 × 61.37 = 184.11; IGST 18 % = 33.1398 → 33.14; to get back 217.25.
    expect(totalPaise(d, gstRows)).toBe(18_411);
    expect(gstPaise(d, gstRows)).toEqual({ cgst: 0, sgst: 0, igst: 3_314 });
    expect(owedTotalPaise(d, gstRows)).toBe(21_725);
    // Same state: 99.99 × 18 % = 17.9982 → CGST 9.00 + SGST 9.00 (each half rounded).
    expect(lineGst(gstRows[1]!, d.lines.h)).toEqual({ cgst: 900, sgst: 900, igst: 0 });
    // A line without a rate reverses nothing; an unreadable one neither.
    expect(lineGst(rows[0]!, d.lines.g)).toEqual({ cgst: 0, sgst: 0, igst: 0 });
    expect(lineGst(gstRows[0]!, { ...d.lines.g!, quantity: 'x' })).toEqual({
      cgst: 0,
      sgst: 0,
      igst: 0,
    });
    // Both lines: the heads add up per line.
    const both = { ...d, lines: { ...d.lines, h: { ...d.lines.h!, selected: true } } };
    expect(gstPaise(both, gstRows)).toEqual({ cgst: 900, sgst: 900, igst: 3_314 });
    expect(owedTotalPaise(both, gstRows)).toBe(18_411 + 9_999 + 900 + 900 + 3_314);
    // The refund may reach value + GST, not a paisa more.
    const owed = owedTotalPaise(d, gstRows);
    expect(validateRefund(draft({ refundType: 'credit', amount: '217.25' }), owed)).toEqual({});
    expect(
      validateRefund(draft({ refundType: 'credit', amount: '217.26' }), owed).amount,
    ).toMatchObject({
      key: 'vendorReturns.validation.refundAboveTotal',
      values: { total: '₹217.25' },
    });
    expect(
      validateRefund(draft({ refundType: 'split', amount: '200', creditAmount: '17.25' }), owed)
        .creditAmount,
    ).toBeUndefined();
  });

  it('refuses a return rate above the purchase rate (issue 40: that is a debit note)', () => {
    const d = draft();
    expect(validateItems(d, rows)['line.a.rate']).toBeUndefined();
    d.lines.a = { selected: true, quantity: '2', rate: '412.51', condition: 'damaged' };
    expect(validateItems(d, rows)['line.a.rate']).toEqual({
      key: 'vendorReturns.validation.rateAbovePurchase',
      values: { rate: '₹412.50' },
    });
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
    const used = new ApiError(409, 'STOCK_WOULD_GO_NEGATIVE', 'Would go below zero', {
      item: 'i',
    });
    expect(serverErrors(used, draft(), rows)).toEqual({
      step: 0,
      errors: { 'line.a.quantity': { text: 'Would go below zero' } },
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
