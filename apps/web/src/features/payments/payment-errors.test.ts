import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { allocationErrorKey } from './payment-errors';

describe('where a server ALLOCATION_EXCEEDS_DUE goes in the form', () => {
  it('under the row of the delivery or booking whose due it passes', () => {
    const over = (data: Record<string, unknown>) =>
      new ApiError(400, 'ALLOCATION_EXCEEDS_DUE', 'An allocation exceeds…', data);
    expect(
      allocationErrorKey(over({ delivery: 'd1', field: 'delivery_allocations.0.amount', due: 5 })),
    ).toBe('d:d1');
    expect(allocationErrorKey(over({ service_booking: 'b1', requested: 9, due: 5 }))).toBe('b:b1');
    expect(allocationErrorKey(over({ allocated: 120, amount: 100 }))).toBe('allocations');
    expect(allocationErrorKey(new ApiError(400, 'ACCOUNT_REQUIRED', 'x', {}))).toBeNull();
  });
});
