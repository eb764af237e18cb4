import { describe, expect, it } from 'vitest';
import { planInvoiceNumber, planInvoiceTax } from './plan-invoice.js';

describe('planInvoiceTax', () => {
  it('takes 18 % GST out of the price, within a state as CGST + SGST', () => {
    // ₹999 → taxable 846.61, tax 152.39 (76.19 + 76.20).
    expect(planInvoiceTax(99_900, '27', '27')).toEqual({
      taxable: 84_661,
      cgst: 7_619,
      sgst: 7_620,
      igst: 0,
    });
  });
  it('across states as IGST; an unknown buyer state is the seller’s', () => {
    expect(planInvoiceTax(118_000, '27', '29')).toEqual({
      taxable: 100_000,
      cgst: 0,
      sgst: 0,
      igst: 18_000,
    });
    expect(planInvoiceTax(118_000, '27', null).cgst).toBe(9_000);
  });
  it('always adds up to the total', () => {
    for (const total of [1, 99, 100, 4_999, 9_999_999, 123_456_789]) {
      const t = planInvoiceTax(total, '07', total % 2 ? '07' : '09');
      expect(t.taxable + t.cgst + t.sgst + t.igst).toBe(total);
    }
  });
  it('numbers invoices per financial year with six digits', () => {
    expect(planInvoiceNumber('SL', '2026-27', 42)).toBe('SL/2026-27/000042');
  });
});
