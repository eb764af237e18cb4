import { describe, expect, it } from 'vitest';
import { zPaymentCreate, zPaymentUpdate } from './payments.js';
import { zVendorLedgerQuery } from './ledger.js';

const ID = 'abcdefghij12345';
const ID2 = 'abcdefghij12346';

describe('payment schemas', () => {
  it('a payment needs a vendor, a positive amount of at most 2 decimals and a real date', () => {
    const base = { vendor: ID, amount: 100.5, payment_date: '2026-03-10' };
    expect(zPaymentCreate.parse(base)).toEqual(base);
    for (const bad of [
      { ...base, amount: 0 },
      { ...base, amount: -1 },
      { ...base, amount: 1.005 },
      { ...base, amount: 1e12 },
      { ...base, payment_date: '2026-02-30' },
      { ...base, vendor: 'x' },
    ]) {
      expect(zPaymentCreate.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('refuses a delivery, booking or credit note named twice, on the second entry', () => {
    const result = zPaymentCreate.safeParse({
      vendor: ID,
      amount: 10,
      payment_date: '2026-03-10',
      delivery_allocations: [
        { delivery: ID, amount: 1 },
        { delivery: ID2, amount: 1 },
        { delivery: ID, amount: 1 },
      ],
      credit_note_allocations: [
        { credit_note: ID, amount: 1 },
        { credit_note: ID, amount: 1 },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual([
      'delivery_allocations.2.delivery',
      'credit_note_allocations.1.credit_note',
    ]);
  });

  it('an edit takes money and labels (API.md "Correcting a payment"); the vendor is fixed', () => {
    expect(zPaymentUpdate.parse({ reference: ' R ', notes: null })).toEqual({
      reference: 'R',
      notes: null,
    });
    expect(
      zPaymentUpdate.parse({
        amount: 250,
        account: null,
        delivery_allocations: [],
        credit_note_allocations: [{ credit_note: 'abcdefghijklmno', amount: 50 }],
      }),
    ).toMatchObject({ amount: 250, account: null, delivery_allocations: [] });
    const vendor = zPaymentUpdate.safeParse({ vendor: 'abcdefghijklmno' });
    expect(vendor.success).toBe(false);
    expect(vendor.error?.issues[0]?.message).toMatch(/vendor of a payment cannot change/);
    const twice = zPaymentUpdate.safeParse({
      delivery_allocations: [
        { delivery: 'abcdefghijklmno', amount: 1 },
        { delivery: 'abcdefghijklmno', amount: 2 },
      ],
    });
    expect(twice.success).toBe(false);
  });

  it('ledger query defaults and limits', () => {
    expect(zVendorLedgerQuery.parse({})).toEqual({ page: 1, perPage: 500, sort: 'date' });
    expect(zVendorLedgerQuery.safeParse({ perPage: '6000' }).success).toBe(false);
    expect(zVendorLedgerQuery.safeParse({ sort: 'amount' }).success).toBe(false);
  });
});
