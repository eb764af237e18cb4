import { describe, expect, it } from 'vitest';
import {
  isValidPeriod,
  isWholeMonth,
  monthLabel,
  monthOf,
  periodFromSearch,
  shiftMonth,
} from './month-period';

describe('report periods by the month', () => {
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
