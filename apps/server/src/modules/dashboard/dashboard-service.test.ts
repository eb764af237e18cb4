import { describe, expect, it } from 'vitest';
import { businessToday } from '../../platform/business-time.js';
import { dashboardWindow } from './dashboard-service.js';

describe('dashboard date window', () => {
  it('the business day follows TIMEZONE across a month boundary', () => {
    // 18:30 UTC on 28 Feb is 00:00 on 1 March in Asia/Kolkata: a new month there, not in UTC.
    const instant = new Date('2025-02-28T18:30:00Z');
    expect(businessToday('Asia/Kolkata', instant)).toBe('2025-03-01');
    expect(businessToday('UTC', instant)).toBe('2025-02-28');
    expect(businessToday('Asia/Kolkata', new Date('2025-02-28T18:29:59Z'))).toBe('2025-02-28');
  });

  it('bounds the current month, the last 7 days and a 12-month chart', () => {
    expect(dashboardWindow('2025-03-01')).toEqual({
      today: '2025-03-01',
      monthStart: '2025-03-01',
      nextMonthStart: '2025-04-01',
      weekStart: '2025-02-23',
      chartStart: '2024-04-01',
      months: [
        '2024-04',
        '2024-05',
        '2024-06',
        '2024-07',
        '2024-08',
        '2024-09',
        '2024-10',
        '2024-11',
        '2024-12',
        '2025-01',
        '2025-02',
        '2025-03',
      ],
    });
    const leap = dashboardWindow('2024-03-05');
    expect(leap.weekStart).toBe('2024-02-28');
    const december = dashboardWindow('2024-12-31');
    expect(december.nextMonthStart).toBe('2025-01-01');
    expect(december.monthStart).toBe('2024-12-01');
    expect(december.chartStart).toBe('2024-01-01');
  });
});
