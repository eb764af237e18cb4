import { describe, expect, it } from 'vitest';
import {
  allocationState,
  bookingPaymentStatus,
  deliveryPaymentStatus,
  progressAmount,
} from './payment-status.js';

describe('delivery payment status (spec part 4)', () => {
  it('pending when nothing paid, paid when paid ≥ total, otherwise partial', () => {
    expect(deliveryPaymentStatus(100_000, 0)).toBe('pending');
    expect(deliveryPaymentStatus(100_000, 1)).toBe('partial');
    expect(deliveryPaymentStatus(100_000, 99_999)).toBe('partial');
    expect(deliveryPaymentStatus(100_000, 100_000)).toBe('paid');
    expect(deliveryPaymentStatus(100_000, 150_000)).toBe('paid');
  });
});

describe('service booking payment status (spec part 4)', () => {
  it('pending when nothing paid', () => {
    expect(bookingPaymentStatus(50_000, 0, 0)).toBe('pending');
    expect(bookingPaymentStatus(50_000, 0, 80)).toBe('pending');
  });
  it('paid when paid ≥ total, whatever the progress', () => {
    expect(bookingPaymentStatus(50_000, 50_000, 10)).toBe('paid');
    expect(bookingPaymentStatus(50_000, 60_000, 100)).toBe('paid');
  });
  it('currently_paid_up when paid covers the progress-based amount under 100 %', () => {
    expect(bookingPaymentStatus(50_000, 25_000, 50)).toBe('currently_paid_up');
    expect(bookingPaymentStatus(50_000, 30_000, 50)).toBe('currently_paid_up');
  });
  it('partial when paid is below the progress-based amount, or at 100 % below the total', () => {
    expect(bookingPaymentStatus(50_000, 24_999, 50)).toBe('partial');
    expect(bookingPaymentStatus(50_000, 49_999, 100)).toBe('partial');
  });
  it('progress amount rounds to the paisa and clamps the percentage', () => {
    expect(progressAmount(10_001, 50)).toBe(5_001);
    expect(progressAmount(10_000, 150)).toBe(10_000);
    expect(progressAmount(10_000, -5)).toBe(0);
  });
});

describe('payment allocation state', () => {
  it('unallocated, partially or fully allocated', () => {
    expect(allocationState(10_000, 0)).toBe('unallocated');
    expect(allocationState(10_000, 5_000)).toBe('partially_allocated');
    expect(allocationState(10_000, 10_000)).toBe('fully_allocated');
  });
});
