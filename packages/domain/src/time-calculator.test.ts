import { describe, expect, it } from 'vitest';
import {
  calculateHours,
  checkTimeRange,
  parseTimeOfDay,
  TIME_CALCULATOR_MESSAGES,
  TimeCalculatorError,
} from './time-calculator.js';

describe('time calculator (spec parts 5 and 9)', () => {
  it('gives the hours between two times of the same day, to 2 decimals', () => {
    expect(calculateHours('09:00', '17:30', false)).toBe(8.5);
    expect(calculateHours('09:00', '09:20', false)).toBe(0.33);
    expect(calculateHours('08:10', '10:00', false)).toBe(1.83);
    expect(calculateHours('00:00', '23:59', false)).toBe(23.98);
  });

  it('refuses an end that is not after the start on the same day, with the spec message', () => {
    expect(checkTimeRange('17:00', '09:00', false)).toBe('END_BEFORE_START');
    expect(checkTimeRange('09:00', '09:00', false)).toBe('END_BEFORE_START');
    expect(() => calculateHours('17:00', '09:00', false)).toThrow(
      'End time must be after start time',
    );
    expect(TIME_CALCULATOR_MESSAGES.END_BEFORE_START).toBe('End time must be after start time');
  });

  it('supports an end time on the next day', () => {
    expect(calculateHours('22:00', '06:00', true)).toBe(8);
    expect(calculateHours('18:30', '02:15', true)).toBe(7.75);
  });

  it('allows exactly 24 hours and refuses more', () => {
    expect(calculateHours('08:00', '08:00', true)).toBe(24);
    expect(checkTimeRange('08:00', '08:01', true)).toBe('DURATION_TOO_LONG');
    try {
      calculateHours('08:00', '09:00', true);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(TimeCalculatorError);
      expect((error as TimeCalculatorError).code).toBe('DURATION_TOO_LONG');
    }
  });

  it('refuses malformed times', () => {
    expect(parseTimeOfDay('24:00')).toBeNull();
    expect(parseTimeOfDay('9:00')).toBeNull();
    expect(parseTimeOfDay('09:60')).toBeNull();
    expect(parseTimeOfDay('23:59')).toBe(1439);
    expect(checkTimeRange('ab:cd', '10:00', false)).toBe('INVALID_TIME');
  });
});
