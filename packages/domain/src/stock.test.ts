import { describe, expect, it } from 'vitest';
import { averageCost, countNeedsApproval, isLowStock, outValue, stockValue } from './stock.js';

const sums = (quantity: number, value: number, inQuantity = quantity, inValue = value) => ({
  quantity,
  value,
  inQuantity,
  inValue,
});

describe('stock average', () => {
  it('is value over quantity per unit, and the in-average once stock runs out', () => {
    expect(averageCost(sums(150_000, 6_150_000))).toBe(41_000);
    expect(averageCost(sums(0, 0, 150_000, 6_150_000))).toBe(41_000);
    expect(averageCost(sums(0, 0, 0, 0))).toBe(0);
  });

  it('takes out at the average, the whole value when stock empties, and rounds half away', () => {
    const s = sums(150_000, 6_150_000);
    expect(outValue(s, 10_000)).toBe(410_000);
    expect(outValue(s, 150_000)).toBe(6_150_000);
    expect(outValue(s, 160_000)).toBe(6_560_000);
    // 1 of 3 units worth ₹1.00: 33.333… paise → 33; 2 of 3 → 67 (66.67 rounds up).
    expect(outValue(sums(3000, 100), 1000)).toBe(33);
    expect(outValue(sums(3000, 100), 2000)).toBe(67);
    expect(outValue(sums(-5000, -100, 10_000, 5000), 1000)).toBe(500);
  });

  it('is exact past 2^53', () => {
    // ₹1e11 of stock, 999,999,999.999 units: a product far past 2^53.
    expect(outValue(sums(999_999_999_999, 10_000_000_000_000), 333_333_333_333)).toBe(
      3_333_333_333_333,
    );
  });

  it('values stock only while there is some', () => {
    expect(stockValue(sums(10, 500))).toBe(500);
    expect(stockValue(sums(0, 3))).toBe(0);
    expect(stockValue(sums(-10, -500))).toBe(0);
  });

  it('flags low stock and counts that need an owner', () => {
    expect(isLowStock(4_000, 5_000)).toBe(true);
    expect(isLowStock(5_000, 5_000)).toBe(false);
    expect(isLowStock(0, null)).toBe(false);
    expect(countNeedsApproval(-600_000, 500_000, false)).toBe(true);
    expect(countNeedsApproval(-600_000, 500_000, true)).toBe(false);
    expect(countNeedsApproval(500_000, 500_000, false)).toBe(false);
    expect(countNeedsApproval(9e9, null, false)).toBe(false);
  });
});
