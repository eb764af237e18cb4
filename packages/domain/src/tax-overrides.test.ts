import { describe, expect, it } from 'vitest';
import { headsBeyondTolerance } from './tax-overrides.js';

describe('headsBeyondTolerance', () => {
  const computed = { cgst: 9000, sgst: 9000, igst: 0 };
  it('accepts each head within ₹1.00 either way, ₹1.00 itself included', () => {
    expect(headsBeyondTolerance(computed, { cgst: 8900, sgst: 9100, igst: 0 })).toEqual([]);
    expect(headsBeyondTolerance(computed, { cgst: 9000, sgst: 9000, igst: 100 })).toEqual([]);
  });
  it('names every head a paisa beyond', () => {
    expect(headsBeyondTolerance(computed, { cgst: 9101, sgst: 8899, igst: 101 })).toEqual([
      'cgst',
      'sgst',
      'igst',
    ]);
    expect(headsBeyondTolerance(computed, { cgst: 9000, sgst: 9000, igst: 150 })).toEqual(['igst']);
  });
});
