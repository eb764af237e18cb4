import {
  sumRupees,
  zReleased,
  zTotalBelowPaidData,
  type TotalBelowPaidData,
} from '@siteledger/domain';
import { z } from 'zod';
import { isApiError } from './api-client';

/** The error of a batch's failed step, as `data.error` carries it. */
const zBatchInner = z.object({ code: z.string(), data: z.unknown() });

/**
 * The 409 TOTAL_BELOW_PAID payload of a failed save (API.md "A record that drops below what was
 * paid"), read through the domain's schema: from a PATCH itself, or from the failed step of a
 * batch. Null for any other failure.
 */
export function totalBelowPaid(error: unknown): TotalBelowPaidData | null {
  if (!isApiError(error)) return null;
  let code: unknown = error.code;
  let data: unknown = error.data;
  if (error.code === 'BATCH_FAILED') {
    const inner = zBatchInner.safeParse(error.data.error);
    if (!inner.success) return null;
    code = inner.data.code;
    data = inner.data.data;
  }
  if (code !== 'TOTAL_BELOW_PAID') return null;
  const parsed = zTotalBelowPaidData.safeParse(data);
  return parsed.success ? parsed.data : null;
}

const zReleasedReply = z.object({ released: z.array(zReleased).optional() });
const zBatchReplies = z.object({
  responses: z.array(z.object({ body: zReleasedReply.nullable() })),
});

/**
 * Σ rupees a save released to advance: the reply's `released` (a PATCH), or every `released` on
 * the replies of a batch.
 */
export function releasedTotal(reply: unknown): number {
  const batch = zBatchReplies.safeParse(reply);
  const lists = batch.success
    ? batch.data.responses.map((r) => r.body?.released ?? [])
    : [zReleasedReply.safeParse(reply).data?.released ?? []];
  return sumRupees(lists.flat().map((r) => r.amount));
}
