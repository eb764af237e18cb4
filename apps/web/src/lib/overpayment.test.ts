import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { releasedTotal, totalBelowPaid } from './overpayment';

const below = { total: 700, paid: 1000, payments: [{ id: 'p1', amount_allocated: 1000 }] };

describe('a bill lowered below what was paid (issue 18)', () => {
  it('reads TOTAL_BELOW_PAID from a PATCH and from a batch step, nothing else', () => {
    expect(totalBelowPaid(new ApiError(409, 'TOTAL_BELOW_PAID', 'below', below))).toEqual(below);
    const batch = new ApiError(400, 'BATCH_FAILED', 'failed', {
      index: 0,
      error: { code: 'TOTAL_BELOW_PAID', message: 'below', data: below },
    });
    expect(totalBelowPaid(batch)).toEqual(below);
    expect(totalBelowPaid(new ApiError(400, 'VALIDATION_FAILED', 'x', {}))).toBeNull();
    expect(
      totalBelowPaid(new ApiError(409, 'TOTAL_BELOW_PAID', 'old shape', { total: 1 })),
    ).toBeNull();
    expect(totalBelowPaid(new Error('network'))).toBeNull();
  });

  it('sums what a save released, from a record or a batch reply', () => {
    expect(releasedTotal({ id: 'd1', released: [{ payment: 'p', amount: 300 }] })).toBe(300);
    expect(
      releasedTotal({
        responses: [
          { status: 200, body: { released: [{ payment: 'a', amount: 1.5 }] } },
          { status: 204, body: null },
          { status: 200, body: { released: [{ payment: 'b', amount: 2 }] } },
        ],
      }),
    ).toBe(3.5);
    expect(releasedTotal({ id: 'd1' })).toBe(0);
    expect(
      releasedTotal({
        released: [
          { payment: 'a', amount: 0.1 },
          { payment: 'b', amount: 0.2 },
        ],
      }),
    ).toBe(0.3);
  });
});
