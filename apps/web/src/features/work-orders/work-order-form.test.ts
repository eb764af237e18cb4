import type { RaBill, WorkOrder } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import { amountDue, paymentRequest } from './wo-payment-dialog';
import { woBody, woDefaults, woFormSchema, woTotalPaise } from './work-order-form';

const VENDOR = 'vendor000000001';

describe('work order form', () => {
  it('adds the lines in paise and sends the terms, leaving TDS to the vendor by default', () => {
    const values = woFormSchema.parse({
      ...woDefaults(null),
      vendor: VENDOR,
      title: 'Brickwork',
      order_date: '2026-05-01',
      lines: [
        { description: 'Brick masonry', unit: 'cum', quantity: 12.5, rate: 5600.55 },
        { description: 'Plaster', unit: 'sqm', quantity: 3, rate: 0.1 },
      ],
    });
    expect(woTotalPaise(values.lines)).toBe(70_006_88 + 30);
    const body = woBody(values);
    expect(body).toMatchObject({ vendor: VENDOR, retention_percent: 5, retention_due_days: 365 });
    expect(body).not.toHaveProperty('tds_section');
    expect(woBody({ ...values, tds_section: 'none' }).tds_section).toBeNull();
    expect(woBody({ ...values, tds_section: '194J' }).tds_section).toBe('194J');
  });

  it('asks for the vendor, a title and a described line', () => {
    const result = woFormSchema.safeParse(woDefaults(null));
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['vendor', 'title', 'lines.0.description']));
  });
});

describe('work order payments', () => {
  const order = {
    id: 'wo0000000000001',
    vendor: VENDOR,
    advance_amount: 1e5,
    advance_paid: 25_000.5,
  } as WorkOrder;
  const bill = {
    id: 'ra0000000000001',
    number: 'RA-1',
    net_payable: 404_800,
    paid_amount: 4_800.1,
  } as RaBill;
  const values = {
    account: 'acct00000000001',
    amount: 1000,
    payment_date: '2026-05-10',
    reference: '',
  };

  it('defaults to what is still due, in paise', () => {
    expect(amountDue({ kind: 'advance', order })).toBe(74_999.5);
    expect(amountDue({ kind: 'bill', order, bill })).toBe(399_999.9);
  });

  it('pays the advance through its work order and a bill through the bill', () => {
    expect(paymentRequest({ kind: 'advance', order }, values)).toEqual({
      target: 'advance',
      id: 'wo0000000000001',
      body: {
        account: 'acct00000000001',
        amount: 1000,
        payment_date: '2026-05-10',
        reference: null,
      },
    });
    expect(paymentRequest({ kind: 'bill', order, bill }, values)).toMatchObject({
      target: 'bill',
      id: 'ra0000000000001',
    });
  });
});
