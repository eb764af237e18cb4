import { describe, expect, it } from 'vitest';
import { availableFrom, firstShortfall, lowersSomeDay } from './stock-balance.js';

const d = (date: string, quantity: number) => ({ date, quantity });

describe('the running balance, day by day', () => {
  // 10 in on the 10th, 10 out on the 12th, 10 in on the 15th: 10 today, none on the 12th–14th.
  const ledger = [d('2026-10-10', 10), d('2026-10-12', -10), d('2026-10-15', 10)];

  it('available on a day is the lowest balance from then on', () => {
    expect(availableFrom(ledger, '2026-10-11')).toBe(0);
    expect(availableFrom(ledger, '2026-10-09')).toBe(0);
    expect(availableFrom(ledger, '2026-10-15')).toBe(10);
    expect(availableFrom(ledger, '2026-10-20')).toBe(10);
    expect(availableFrom([d('2026-10-10', 10), d('2026-10-12', -3)], '2026-10-11')).toBe(7);
    expect(availableFrom([], '2026-10-11')).toBe(0);
  });

  it('a change is refused only on a day it takes below zero, or further below', () => {
    // Deleting the first delivery: −10 on the 10th leaves −10 on the 12th.
    const removed = [d('2026-10-10', -10)];
    expect(lowersSomeDay(removed)).toBe(true);
    expect(firstShortfall([d('2026-10-12', -10), d('2026-10-15', 10)], removed)).toEqual({
      date: '2026-10-12',
      balance: -10,
    });
    // Moving it from the 10th to the 11th harms no day.
    const moved = [d('2026-10-10', -10), d('2026-10-11', 10)];
    expect(
      firstShortfall([d('2026-10-11', 10), d('2026-10-12', -10), d('2026-10-15', 10)], moved),
    ).toBeNull();
    // A day already below zero may rise, or stay.
    expect(lowersSomeDay([d('2026-10-11', 5)])).toBe(false);
    expect(
      firstShortfall([d('2026-10-10', -5), d('2026-10-11', 2)], [d('2026-10-11', 2)]),
    ).toBeNull();
    expect(
      firstShortfall([d('2026-10-10', -5), d('2026-10-11', -1)], [d('2026-10-11', -1)]),
    ).toEqual({ date: '2026-10-11', balance: -6 });
  });
});
