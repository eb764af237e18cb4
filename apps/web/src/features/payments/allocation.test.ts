import { describe, expect, it } from 'vitest';
import { creditProblem, fillOldestFirst, inputOf, paiseOf, summarize } from './allocation';

const notes = [
  { id: 'old', reference: 'CN-1', issue_date: '2026-01-01', expiry_date: null, balance: 1000 },
  { id: 'new', reference: 'CN-2', issue_date: '2026-02-01', expiry_date: null, balance: 500 },
];

describe('payment allocation helpers', () => {
  it('fills oldest first up to the amount, in paise', () => {
    const caps = [
      { key: 'a', cap: 4000 },
      { key: 'b', cap: 6000.5 },
      { key: 'c', cap: 100 },
    ];
    expect(fillOldestFirst(caps, 800_025)).toEqual({ a: '4000', b: '4000.25', c: '' });
    expect(fillOldestFirst(caps, 2_000_000)).toEqual({ a: '4000', b: '6000.50', c: '100' });
  });

  it('parses and prints amounts without float drift', () => {
    expect(paiseOf('1,234.56')).toBe(123_456);
    expect(paiseOf('abc')).toBe(0);
    expect(inputOf(10)).toBe('0.10');
    expect(summarize('0.3', { x: '0.1', y: '0.2' }, {}).account).toBe(0);
  });

  it('mirrors the credit-note priority rules', () => {
    const s = (amount: string, credits: Record<string, string>) =>
      creditProblem(notes, credits, summarize(amount, credits, {}));
    expect(s('1200', { old: '1000', new: '200' })).toBeNull();
    expect(s('2000', { old: '1000', new: '500' })).toBeNull();
    expect(s('600', { old: '100', new: '500' })).toEqual({ kind: 'older_first', note: 'old' });
    expect(s('1200', { old: '1000', new: '' })).toEqual({
      kind: 'account_before_credit',
      note: 'new',
    });
    expect(s('2000', { old: '1200' })).toEqual({ kind: 'over_balance', note: 'old' });
    expect(s('500', { old: '1000' })).toEqual({ kind: 'exceeds_amount' });
  });
});
