import { describe, expect, it } from 'vitest';
import { monthLabel, quarterOf, recentQuarters } from './tds-quarters';

describe('TDS quarters', () => {
  it('names the financial year and quarter of a date', () => {
    expect(quarterOf('2026-04-01')).toBe('2026-27-Q1');
    expect(quarterOf('2026-09-30')).toBe('2026-27-Q2');
    expect(quarterOf('2026-11-30')).toBe('2026-27-Q3');
    expect(quarterOf('2027-03-31')).toBe('2026-27-Q4');
  });

  it('lists the current quarter and the ones before it, across a year boundary', () => {
    expect(recentQuarters('2026-05-15', 4)).toEqual([
      '2026-27-Q1',
      '2025-26-Q4',
      '2025-26-Q3',
      '2025-26-Q2',
    ]);
  });

  it('names a month of credits in the reader’s language', () => {
    expect(monthLabel('2026-11', 'en')).toBe('Nov 2026');
    expect(monthLabel('2027-03', 'hi')).toMatch(/2027/);
  });
});
