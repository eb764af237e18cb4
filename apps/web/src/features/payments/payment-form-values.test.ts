import type { Payment, VendorPayables } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import { inputOf, paiseOf } from './allocation';
import {
  amountsOf,
  createBody,
  creditProblemOf,
  paymentStartValues,
  rowsFor,
  suggestedAllocations,
  suggestedCredits,
  summarize,
  updateBody,
  validatePayment,
  type PaymentFormValues,
} from './payment-form-values';

const TODAY = '2026-12-01';
const data: VendorPayables = {
  deliveries: [
    {
      id: 'd1',
      delivery_date: '2026-10-01',
      delivery_reference: 'CH-1',
      total_amount: 4000,
      paid_amount: 0,
      due: 4000,
    },
    {
      id: 'd2',
      delivery_date: '2026-10-15',
      delivery_reference: 'CH-2',
      total_amount: 6000.5,
      paid_amount: 0,
      due: 6000.5,
    },
  ],
  service_bookings: [
    {
      id: 'b1',
      start_date: '2026-10-10',
      service_name: 'Crane',
      total_amount: 100,
      paid_amount: 0,
      due: 100,
    },
  ],
  credit_notes: [
    { id: 'old', reference: 'CN-1', issue_date: '2026-01-01', expiry_date: null, balance: 1000 },
    { id: 'new', reference: 'CN-2', issue_date: '2026-02-01', expiry_date: null, balance: 500 },
  ],
  total_due: 10100.5,
  credit_balance: 1500,
  truncated: false,
  advance: 0,
  advances: [],
};

const base = (
  amount: string,
  amounts: Record<string, string>,
  account = '',
): PaymentFormValues => ({
  vendor: 'v1',
  amount,
  account,
  payment_date: '2026-11-01',
  reference: '',
  notes: '',
  ...rowsFor(data, amounts),
});

describe('payment form values', () => {
  it('parses and prints amounts without float drift', () => {
    expect(paiseOf('1,234.56')).toBe(123_456);
    expect(paiseOf('abc')).toBe(0);
    expect(inputOf(10)).toBe('0.10');
    expect(summarize(base('0.3', { old: '0.1', new: '0.2' })).account).toBe(0);
  });

  it('suggests oldest first with the domain rule, a preferred record first, on top of a base', () => {
    expect(suggestedAllocations(data, 800_025)).toEqual({
      'd:d1': '4000',
      'b:b1': '100',
      'd:d2': '3900.25',
    });
    expect(suggestedAllocations(data, 500_000, 'd:d2')).toEqual({ 'd:d2': '5000' });
    // An advance of ₹3,000 on a payment that already pays ₹2,000 of CH-1.
    expect(suggestedAllocations(data, 300_000, null, { 'd:d1': '2000' })).toEqual({
      'd:d1': '4000',
      'b:b1': '100',
      'd:d2': '900',
    });
    expect(suggestedCredits(data, 120_000, TODAY)).toEqual({ old: '1000', new: '200' });
  });

  it('explains the credit-note priority with planCreditNotes', () => {
    const check = (amount: string, credits: Record<string, string>) =>
      creditProblemOf(base(amount, credits), data, TODAY);
    expect(check('1200', { old: '1000', new: '200' })).toBeNull();
    expect(check('2000', { old: '1000', new: '500' })).toBeNull();
    expect(check('600', { old: '100', new: '500' })).toEqual({ kind: 'older_first', note: 'old' });
    expect(check('1200', { old: '1000' })).toEqual({ kind: 'account_before_credit', note: 'new' });
    expect(check('2000', { old: '1200' })).toEqual({ kind: 'over_balance', note: 'old' });
    expect(check('500', { old: '1000' })).toEqual({ kind: 'exceeds_amount' });
  });

  it('validates before sending, keyed by row', () => {
    const errors = validatePayment(
      base('5000', { 'd:d1': '4500', old: '1000', new: '500' }),
      data,
      TODAY,
    );
    expect(errors).toEqual({
      'd:d1': 'payments.validation.overDue',
      account: 'payments.validation.account',
    });
    expect(
      validatePayment(base('100', { 'd:d1': '200', old: '100' }), data, TODAY).allocations,
    ).toBe('payments.validation.overAllocated');
  });

  it('builds the create body in the request shape, without empty rows or an unneeded account', () => {
    const body = createBody(base('1000', { 'b:b1': '100', old: '1000' }, 'acc'));
    expect(body).toMatchObject({
      account: null,
      amount: 1000,
      delivery_allocations: [],
      service_booking_allocations: [{ service_booking: 'b1', amount: 100 }],
      credit_note_allocations: [{ credit_note: 'old', amount: 1000 }],
    });
  });

  it('sends only what changed in an edit, re-planning when money changes', () => {
    const payment: Payment = {
      id: 'p1',
      site: 's1',
      vendor: 'v1',
      account: 'acc',
      amount: 4000,
      payment_date: '2026-11-01',
      reference: 'UTR 1',
      notes: null,
      allocation_state: 'fully_allocated',
      allocated_amount: 4000,
      credit_note_amount: 0,
      account_amount: 4000,
      deliveries: ['d1'],
      service_bookings: [],
      credit_notes: [],
      payment_allocations: [
        {
          id: 'a1',
          site: 's1',
          payment: 'p1',
          delivery: 'd1',
          service_booking: null,
          allocated_amount: 4000,
          created: '',
          updated: '',
        },
      ],
      credit_note_usage: [],
      work_order: null,
      ra_bill_allocations: [],
      wage_sheet_allocations: [],
      tds_section: null,
      tds_base: 0,
      tds_rate: null,
      tds_amount: 0,
      created: '',
      updated: '',
    };
    const { values: initial, amounts } = paymentStartValues(payment);
    expect(amounts).toEqual({ 'd:d1': '4000' });
    const same = { ...initial, ...rowsFor(data, amounts) };
    expect(updateBody(same, initial)).toEqual({});
    expect(updateBody({ ...same, reference: 'UTR 2' }, initial)).toEqual({ reference: 'UTR 2' });
    const moved = { ...same, ...rowsFor(data, amountsOf(rowsFor(data, { 'd:d2': '4000' }))) };
    expect(updateBody(moved, initial)).toEqual({
      amount: 4000,
      account: 'acc',
      delivery_allocations: [{ delivery: 'd2', amount: 4000 }],
    });
  });
});
