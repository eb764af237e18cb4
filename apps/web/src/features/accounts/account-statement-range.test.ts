import { describe, expect, it } from 'vitest';
import { isValidRange, presetRange } from './account-statement-range';

describe('account statement ranges', () => {
  it('this month runs from the 1st to today', () => {
    expect(presetRange('thisMonth', '2025-06-18')).toEqual({
      from: '2025-06-01',
      to: '2025-06-18',
    });
  });

  it('last month is the whole previous month, across a year end and in a leap year', () => {
    expect(presetRange('lastMonth', '2025-01-09')).toEqual({
      from: '2024-12-01',
      to: '2024-12-31',
    });
    expect(presetRange('lastMonth', '2024-03-02')).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    });
    expect(presetRange('lastMonth', '2025-07-31')).toEqual({
      from: '2025-06-01',
      to: '2025-06-30',
    });
  });

  it('the financial year starts on 1 April', () => {
    expect(presetRange('thisYear', '2025-06-18')).toEqual({ from: '2025-04-01', to: '2025-06-18' });
    expect(presetRange('thisYear', '2026-03-31')).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(presetRange('thisYear', '2025-04-01')).toEqual({ from: '2025-04-01', to: '2025-04-01' });
  });

  it('accepts a range whose start is on or before its end', () => {
    expect(isValidRange({ from: '2025-06-01', to: '2025-06-01' })).toBe(true);
    expect(isValidRange({ from: '2025-06-02', to: '2025-06-01' })).toBe(false);
    expect(isValidRange({ from: '', to: '2025-06-01' })).toBe(false);
  });
});
