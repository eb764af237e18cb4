import { describe, expect, it } from 'vitest';
import { grandTotals, rowHref, rowKey, taxOf } from './register-figures';
import {
  isValidPeriod,
  isWholeMonth,
  monthLabel,
  monthOf,
  periodFromSearch,
  shiftMonth,
} from './register-period';

describe('purchase register period', () => {
  it('a month runs from the 1st to its last day, leap years included', () => {
    expect(monthOf('2026-11-27')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthOf('2024-02-10')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthOf('2025-02-10')).toEqual({ from: '2025-02-01', to: '2025-02-28' });
  });

  it('steps a month back and forward across a year end', () => {
    expect(shiftMonth('2026-01-15', -1)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(shiftMonth('2025-12-31', 1)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(shiftMonth('2026-03-01', -13)).toEqual({ from: '2025-02-01', to: '2025-02-28' });
  });

  it('tells a whole month from a custom range', () => {
    expect(isWholeMonth({ from: '2026-04-01', to: '2026-04-30' })).toBe(true);
    expect(isWholeMonth({ from: '2026-04-01', to: '2026-04-29' })).toBe(false);
    expect(isWholeMonth({ from: '2026-04-01', to: '2026-05-31' })).toBe(false);
  });

  it('reads the period from the address, else the current month', () => {
    const today = '2026-11-27';
    const read = (query: string) => periodFromSearch(new URLSearchParams(query), today);
    expect(read('')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(read('from=2026-04-01&to=2026-06-15')).toEqual({ from: '2026-04-01', to: '2026-06-15' });
    // Reversed, impossible or half-given ranges fall back to this month.
    expect(read('from=2026-06-15&to=2026-04-01')).toEqual(monthOf(today));
    expect(read('from=2026-02-30&to=2026-03-01')).toEqual(monthOf(today));
    expect(read('from=2026-04-01')).toEqual(monthOf(today));
    expect(isValidPeriod({ from: '2026-04-01', to: '2026-04-01' })).toBe(true);
  });

  it('names a month in English and Hindi', () => {
    expect(monthLabel({ from: '2026-11-01', to: '2026-11-30' }, 'en')).toBe('November 2026');
    expect(monthLabel({ from: '2026-11-01', to: '2026-11-30' }, 'hi')).toBe('नवंबर 2026');
  });
});

describe('purchase register figures', () => {
  const at = (rate: number | null, taxable: number, igst: number, cgst = 0, other = 0) => ({
    gst_rate: rate,
    taxable_amount: taxable,
    cgst_amount: cgst,
    sgst_amount: cgst,
    igst_amount: igst,
    other_tax_amount: other,
  });

  it('adds tax heads and rates in paise, without float drift', () => {
    expect(taxOf(at(18, 100.1, 18.02))).toBe(18.02);
    expect(taxOf(at(5, 0.1, 0, 0.1, 0.2))).toBe(0.4);
    const grand = grandTotals([at(18, 1000.1, 180.02), at(28, 2000.2, 560.06), at(null, 0.3, 0)]);
    expect(grand).toEqual({
      taxable_amount: 3000.6,
      cgst_amount: 0,
      sgst_amount: 0,
      igst_amount: 740.08,
      other_tax_amount: 0,
    });
  });

  it('opens a delivery on its page and bookings and returns from their lists', () => {
    expect(rowHref({ kind: 'delivery', id: 'd1' })).toBe('/deliveries/d1');
    expect(rowHref({ kind: 'booking', id: 'b1' })).toBe('/service-bookings');
    expect(rowHref({ kind: 'return', id: 'r1' })).toBe('/vendor-returns');
    expect(rowKey({ kind: 'delivery', id: 'd1', gst_rate: 18 })).not.toBe(
      rowKey({ kind: 'delivery', id: 'd1', gst_rate: 28 }),
    );
  });
});
