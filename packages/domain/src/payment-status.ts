import type { Paise } from './money.js';

export type DeliveryPaymentStatus = 'pending' | 'partial' | 'paid';
export type BookingPaymentStatus = 'pending' | 'partial' | 'currently_paid_up' | 'paid';
export type AllocationState = 'unallocated' | 'partially_allocated' | 'fully_allocated';

/** Spec part 4: pending when nothing is paid; paid when paid ≥ total; otherwise partial. */
export function deliveryPaymentStatus(total: Paise, paid: Paise): DeliveryPaymentStatus {
  if (paid <= 0) return 'pending';
  if (paid >= total) return 'paid';
  return 'partial';
}

/** The part of a booking's total that its completion has earned, rounded to the paisa. */
export function progressAmount(total: Paise, percentCompleted: number): Paise {
  const percent = Math.min(100, Math.max(0, percentCompleted));
  return Math.round((total * percent) / 100);
}

/**
 * Spec part 4: pending (nothing paid); paid (paid ≥ total); currently_paid_up (paid ≥ the
 * progress-based amount while completion is under 100%); otherwise partial.
 */
export function bookingPaymentStatus(
  total: Paise,
  paid: Paise,
  percentCompleted: number,
): BookingPaymentStatus {
  if (paid <= 0) return 'pending';
  if (paid >= total) return 'paid';
  if (percentCompleted < 100 && paid >= progressAmount(total, percentCompleted)) {
    return 'currently_paid_up';
  }
  return 'partial';
}

/** How much of a payment its allocations cover. */
export function allocationState(amount: Paise, allocated: Paise): AllocationState {
  if (allocated <= 0) return 'unallocated';
  if (allocated >= amount) return 'fully_allocated';
  return 'partially_allocated';
}
