import { describe, expect, it } from 'vitest';
import { formatDecimal, formatInteger, formatRupees, initialsOf } from './format';

describe('formatting', () => {
  it('shows rupees with Indian grouping and two decimals', () => {
    expect(formatRupees(123456.78)).toBe('₹1,23,456.78');
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(0.1 + 0.2)).toBe('₹0.30');
    expect(formatRupees(Number.NaN)).toBe('₹0.00');
  });

  it('groups units and areas the Indian way', () => {
    expect(formatInteger(1234567)).toBe('12,34,567');
    expect(formatDecimal(26500.5)).toBe('26,500.5');
  });

  it('makes at most two initials, or U', () => {
    expect(initialsOf('Asha Verma')).toBe('AV');
    expect(initialsOf('asha')).toBe('A');
    expect(initialsOf('Asha Rani Verma')).toBe('AR');
    expect(initialsOf('  ')).toBe('U');
    expect(initialsOf(null)).toBe('U');
  });
});
