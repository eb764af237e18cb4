import { describe, expect, it } from 'vitest';
import { bookingGstPreview, bookingOwes, bookingTax } from './booking-gst';

const saved = {
  total_amount: 1000,
  cgst_amount: 90,
  sgst_amount: 90,
  igst_amount: 0,
  paid_amount: 1000,
};
const regular = { state_code: '27', registration_type: 'regular' as const };

describe('booking GST', () => {
  it('owes the total (taxable) plus the heads, in paise', () => {
    expect(bookingTax(saved)).toEqual({
      taxable: 100_000,
      cgst: 9_000,
      sgst: 9_000,
      igst: 0,
      tax: 18_000,
      owed: 118_000,
    });
    // ₹1,000 paid of ₹1,180: still owes; the taxable total alone would say it is paid.
    expect(bookingOwes(saved)).toBe(true);
    expect(bookingOwes({ ...saved, paid_amount: 1180 })).toBe(false);
    expect(bookingOwes({ ...saved, cgst_amount: 0, sgst_amount: 0 })).toBe(false);
  });

  it('splits CGST + SGST in the same state and IGST across states', () => {
    const same = bookingGstPreview(100_000, 18, regular, '27');
    expect([same.cgst, same.sgst, same.igst, same.owed]).toEqual([9_000, 9_000, 0, 118_000]);
    expect(same.sameState).toBe(true);
    const other = bookingGstPreview(100_000, 18, regular, '29');
    expect([other.cgst, other.sgst, other.igst, other.owed]).toEqual([0, 0, 18_000, 118_000]);
    // ₹333.33 × 5 % = ₹16.67 IGST, or ₹8.33 (rounded half away from zero) each head.
    expect(bookingGstPreview(33_333, 5, regular, '29').igst).toBe(1_667);
    expect(bookingGstPreview(33_333, 5, regular, '27').cgst).toBe(833);
  });

  it('adds nothing without a rate, and says why a rate cannot be charged', () => {
    expect(bookingGstPreview(100_000, null, regular, '27').owed).toBe(100_000);
    expect(bookingGstPreview(null, 18, regular, '27').owed).toBe(0);
    expect(bookingGstPreview(100_000, 18, undefined, '27').problem).toBeNull();
    expect(
      bookingGstPreview(100_000, 18, { ...regular, registration_type: 'composition' }, '27')
        .problem,
    ).toBe('vendor-not-regular');
    expect(bookingGstPreview(100_000, 18, { ...regular, state_code: null }, '27').problem).toBe(
      'vendor-no-state',
    );
    const noSite = bookingGstPreview(100_000, 18, regular, null);
    expect([noSite.problem, noSite.sameState, noSite.tax]).toEqual(['no-site-state', null, 0]);
    // 0 % is a rate any vendor may carry.
    expect(
      bookingGstPreview(100_000, 0, { state_code: null, registration_type: 'unregistered' }, null)
        .problem,
    ).toBeNull();
  });
});
