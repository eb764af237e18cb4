import { describe, expect, it } from 'vitest';
import { businessMonth, businessToday } from './business-time.js';

describe('business time', () => {
  it('reckons the day in the business time zone', () => {
    // 20:00 UTC on 30 Nov is already 1 Dec in India.
    const late = new Date('2026-11-30T20:00:00.000Z');
    expect(businessToday('Asia/Kolkata', late)).toBe('2026-12-01');
    expect(businessToday('UTC', late)).toBe('2026-11-30');
  });

  it('gives the calendar month as instants, first moment to last millisecond', () => {
    expect(businessMonth('Asia/Kolkata', new Date('2026-11-30T20:00:00.000Z'))).toEqual({
      start: '2026-11-30T18:30:00.000Z',
      end: '2026-12-31T18:29:59.999Z',
    });
    expect(businessMonth('UTC', new Date('2026-02-10T00:00:00.000Z'))).toEqual({
      start: '2026-02-01T00:00:00.000Z',
      end: '2026-02-28T23:59:59.999Z',
    });
  });

  it('follows daylight saving where the zone has it', () => {
    // New York: EST (-5) on 1 Mar, EDT (-4) from 8 Mar, so April starts at 04:00 UTC.
    expect(businessMonth('America/New_York', new Date('2026-03-15T12:00:00.000Z'))).toEqual({
      start: '2026-03-01T05:00:00.000Z',
      end: '2026-04-01T03:59:59.999Z',
    });
  });
});
