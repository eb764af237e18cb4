import type { VendorReturn } from '@siteledger/domain';

/**
 * The status a return's badge shows: a return settled only by a credit note is `refunded` on the
 * server, but no money came back yet (the note may be unused), so it reads "Credit note issued"
 * (`credited`) instead of "Refunded" (issue 38).
 */
export function returnBadgeStatus(ret: Pick<VendorReturn, 'status' | 'refund_type'>): string {
  return ret.status === 'refunded' && ret.refund_type === 'credit' ? 'credited' : ret.status;
}
