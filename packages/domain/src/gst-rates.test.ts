import { describe, expect, it } from 'vitest';
import { latestRate, RATE_FROM_THE_START, rateOnDate, withRatePeriod } from './gst-rates.js';

describe('rate on a date', () => {
  const cement = withRatePeriod([], 2800, 1800, '2025-09-22');

  it('keeps the old rate as the period from the beginning', () => {
    expect(cement).toEqual([
      { gst_rate: 2800, effective_from: RATE_FROM_THE_START },
      { gst_rate: 1800, effective_from: '2025-09-22' },
    ]);
  });

  it('takes the period in force on the date: the day before and the day of the change', () => {
    expect(rateOnDate(cement, '2025-09-21')).toBe(2800);
    expect(rateOnDate(cement, '2025-09-22')).toBe(1800);
    expect(rateOnDate(cement, '2030-01-01')).toBe(1800);
    expect(rateOnDate(cement, '2017-07-01')).toBe(2800);
  });

  it('is undefined without periods or before all of them', () => {
    expect(rateOnDate([], '2025-09-22')).toBeUndefined();
    expect(rateOnDate([{ gst_rate: 500, effective_from: '2025-01-01' }], '2024-12-31')).toBe(
      undefined,
    );
  });

  it('replaces a period of the same date, keeps others, sorts by date', () => {
    const again = withRatePeriod(cement, 2800, 1200, '2025-09-22');
    expect(again.map((p) => p.gst_rate)).toEqual([2800, 1200]);
    const earlier = withRatePeriod(cement, 2800, null, '2020-01-01');
    expect(earlier.map((p) => p.effective_from)).toEqual([
      RATE_FROM_THE_START,
      '2020-01-01',
      '2025-09-22',
    ]);
    expect(rateOnDate(earlier, '2021-06-01')).toBeNull();
    expect(latestRate(earlier)).toBe(1800);
  });

  it('latest rate of no periods is undefined', () => {
    expect(latestRate([])).toBeUndefined();
  });
});
