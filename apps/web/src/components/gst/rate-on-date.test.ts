import { describe, expect, it } from 'vitest';
import { defaultRateOn } from './rate-on-date';

describe('default rate on a date', () => {
  const cement = {
    gst_rate: 18,
    gst_rate_history: [
      { gst_rate: 28, effective_from: null },
      { gst_rate: 18, effective_from: '2025-09-22' },
    ],
  };
  it('follows the date of the bill', () => {
    expect(defaultRateOn(cement, '2025-09-21')).toBe(28);
    expect(defaultRateOn(cement, '2025-09-22')).toBe(18);
  });
  it('keeps the one rate without a history or a date', () => {
    expect(defaultRateOn({ gst_rate: 5 }, '2025-01-01')).toBe(5);
    expect(defaultRateOn(cement, undefined)).toBe(18);
    expect(defaultRateOn(undefined, '2025-01-01')).toBeNull();
  });
});
