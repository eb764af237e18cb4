import { describe, expect, it } from 'vitest';
import { recentDuplicateOf } from './recent-duplicate';

const now = Date.parse('2026-11-28T10:30:00.000Z');
const recorded = (minutesAgo: number, total: number, date = '2026-11-28') => ({
  delivery_date: date,
  total_amount: total,
  created: new Date(now - minutesAgo * 60_000).toISOString(),
});

describe('recentDuplicateOf', () => {
  const wanted = { date: '2026-11-28', totalPaise: 420_000 };

  it('finds a delivery of the same date and total recorded minutes ago', () => {
    expect(recentDuplicateOf([recorded(3, 4200)], wanted, now)).toEqual({
      amount: 420_000,
      minutes: 3,
    });
    // Just now still says a minute.
    expect(recentDuplicateOf([recorded(0.2, 4200)], wanted, now)?.minutes).toBe(1);
  });

  it('ignores another total, another date and anything older than the window', () => {
    expect(recentDuplicateOf([recorded(3, 4200.01)], wanted, now)).toBeNull();
    expect(recentDuplicateOf([recorded(3, 4200, '2026-11-27')], wanted, now)).toBeNull();
    expect(recentDuplicateOf([recorded(16, 4200)], wanted, now)).toBeNull();
    expect(recentDuplicateOf([], wanted, now)).toBeNull();
  });
});
