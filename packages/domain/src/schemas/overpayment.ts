import { z } from 'zod';

/**
 * A record lowered below what was paid (API.md "A record that drops below what was paid"). Sent
 * with a PATCH of a delivery, a delivery line or a service booking (or a DELETE of a delivery
 * line, in its body or query), `release_overpayment: true` shrinks the allocations to it, newest payment first, until paid = the new total.
 */
export const zReleaseOverpayment = z.boolean().optional();

/** What each payment gave back, in rupees; it stays on the payment as advance. */
export const zReleased = z.object({ payment: z.string(), amount: z.number() });
export type Released = z.infer<typeof zReleased>;

/**
 * The reply to a DELETE of a delivery line that released an overpayment (200; 204 and no body when
 * nothing was released), directly or as its step in /api/batch.
 */
export const zReleasedReply = z.object({ released: z.array(zReleased) });
export type ReleasedReply = z.infer<typeof zReleasedReply>;

/** `data` of 409 TOTAL_BELOW_PAID: the new total, the paid amount, and who paid it. */
export const zTotalBelowPaidData = z.object({
  total: z.number(),
  paid: z.number(),
  payments: z.array(z.object({ id: z.string(), amount_allocated: z.number() })),
});
export type TotalBelowPaidData = z.infer<typeof zTotalBelowPaidData>;
