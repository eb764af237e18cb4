import { describe, expect, it } from 'vitest';
import {
  formatInr,
  fromMilli,
  hasAtMostDecimals,
  lineTotalPaise,
  rupeesMinus,
  sumRupees,
  toMilli,
  toPaise,
  toRupees,
  toUnits,
} from './money.js';

describe('money', () => {
  it('converts rupees to integer paise without float noise', () => {
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise(1234.5)).toBe(123450);
    expect(toPaise(19.99)).toBe(1999);
    expect(toPaise(1e11)).toBe(1e13);
    expect(toRupees(123450)).toBe(1234.5);
    expect(toRupees(1)).toBe(0.01);
  });

  it('adds and subtracts rupees in paise, to the paisa', () => {
    // In floats 0.1 + 0.2 is 0.30000000000000004 and 1.1 − 0.3 is 0.8000000000000002.
    expect(sumRupees([0.1, 0.2])).toBe(0.3);
    expect(sumRupees([0.1, 0.2, 0.3, 1234.56])).toBe(1235.16);
    expect(sumRupees([])).toBe(0);
    expect(sumRupees(new Set([19.99, 0.01]))).toBe(20);
    expect(rupeesMinus(1.1, 0.3)).toBe(0.8);
    expect(rupeesMinus(100, 100.01)).toBe(-0.01);
    expect(sumRupees([1e11, 1e11])).toBe(2e11);
  });

  it('checks decimals', () => {
    expect(hasAtMostDecimals(1.25, 2)).toBe(true);
    expect(hasAtMostDecimals(0.1 + 0.2, 2)).toBe(true);
    expect(hasAtMostDecimals(1.255, 2)).toBe(false);
    expect(hasAtMostDecimals(1.125, 3)).toBe(true);
    expect(hasAtMostDecimals(Number.NaN, 2)).toBe(false);
    expect(hasAtMostDecimals(Number.POSITIVE_INFINITY, 2)).toBe(false);
  });

  it('judges decimals on the integer they convert to, not with an absolute tolerance', () => {
    expect(toUnits(1e-9, 2)).toBeNull();
    expect(toUnits(0.0049999999, 2)).toBeNull();
    expect(toUnits(0.01, 2)).toBe(1);
    expect(toUnits(0.1 + 0.2, 2)).toBe(30);
    expect(toUnits(1e11, 2)).toBe(1e13);
    expect(toUnits(99999999999.99, 2)).toBe(9999999999999);
    expect(toUnits(1e9, 3)).toBe(1e12);
    expect(toUnits(0.0004999, 3)).toBeNull();
    expect(toUnits(-12.345, 3)).toBe(-12345);
  });

  it('rounds a line total to the paisa once', () => {
    // 2.5 bags × ₹385.50 = ₹963.75
    expect(lineTotalPaise(toMilli(2.5), toPaise(385.5))).toBe(96375);
    // 0.333 m3 × ₹10.01 = ₹3.33333 → ₹3.33
    expect(lineTotalPaise(toMilli(0.333), toPaise(10.01))).toBe(333);
    // 1.005 t × ₹1.00 = ₹1.005 → ₹1.01 (half away from zero at the paisa)
    expect(lineTotalPaise(toMilli(1.005), 100)).toBe(101);
    expect(fromMilli(toMilli(12.345))).toBe(12.345);
  });

  it('formats rupees the Indian way with two decimals', () => {
    expect(formatInr(12345678)).toBe('₹1,23,456.78');
    expect(formatInr(0)).toBe('₹0.00');
    expect(formatInr(5)).toBe('₹0.05');
    expect(formatInr(1_00_00_000_00)).toBe('₹1,00,00,000.00');
  });
});
