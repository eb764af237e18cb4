/** Vendor returns, their refunds and credit notes of the current site (API.md, issue 4). */
import type {
  CreditNote,
  CreditNoteCreate,
  CreditNoteUpdate,
  RefundCreate,
  Returnable,
  ReturnableItem,
  VendorRefund,
  VendorReturn,
  VendorReturnCreate,
  VendorReturnUpdate,
} from '@siteledger/domain';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';
import { invalidateRecords, recordsPath, useSiteId, type ListQuery } from '../lib/site-records';
import { defineCollection } from './collection';
import { useSiteQuery } from './site-query';

export const RETURNS = 'vendor_returns';
export const CREDIT_NOTES = 'vendor_credit_notes';
const REFUNDS = 'vendor_refunds';
const RETURNABLES = 'returnable_items';

/** Returns with their lines (line → item and delivery) and vendor, in lists and one by one. */
const returns = defineCollection<VendorReturn, VendorReturnCreate, VendorReturnUpdate>(RETURNS, {
  expand: 'vendor,items.delivery_item',
});
const creditNotes = defineCollection<CreditNote, CreditNoteCreate, CreditNoteUpdate>(CREDIT_NOTES);
const refunds = defineCollection<VendorRefund>(REFUNDS);

export const useVendorReturns = returns.useList;
export const useVendorReturn = returns.useOne;
export const useCreateReturn = returns.useCreate;
export const useDeleteReturn = returns.useDelete;
/** PATCH …/vendor_returns/{id}: header fields and, before a refund, its lines. */
export const useUpdateReturn = returns.useUpdate;

/** Money refunds of one return (read-only list). */
export function useReturnRefunds(returnId: string | undefined, enabled: boolean) {
  return refunds.useWhere(
    { vendor_return: returnId, expand: 'account', perPage: 50 },
    { enabled: enabled && Boolean(returnId) },
  );
}

/** Credit notes issued for one return. */
export function useReturnCreditNotes(returnId: string | undefined, enabled: boolean) {
  return creditNotes.useWhere(
    { return_id: returnId, perPage: 50 },
    { enabled: enabled && Boolean(returnId) },
  );
}

export function useCreditNotes(query: ListQuery, enabled: boolean) {
  return creditNotes.useWhere({ ...query, expand: 'vendor' }, { enabled });
}

/** PATCH …/vendor_credit_notes/{id}: amount (never below what was used), dates and texts. */
export const useUpdateCreditNote = creditNotes.useUpdate;
export const useCreateCreditNote = creditNotes.useCreate;
export const useDeleteCreditNote = creditNotes.useDelete;

/** GET …/returnable_items?vendor=…: the vendor's lines that can still be returned. */
export function useReturnableItems(vendor: string) {
  return useSiteQuery<{ items: ReturnableItem[]; totalItems: number }>({
    key: [RETURNABLES, vendor],
    path: [RETURNABLES],
    query: { vendor, perPage: 200 },
    enabled: Boolean(vendor),
    staleTime: 0,
  });
}

/**
 * GET …/delivery_items/{id}/returnable for each line of a return being corrected: delivered,
 * returned (this return's own lines included while it counts) and available. Kept under
 * returnable_items, so every return write refreshes them. Answers by delivery line id.
 */
export function useLineReturnables(deliveryItems: readonly string[], enabled: boolean) {
  const siteId = useSiteId();
  const results = useQueries({
    queries: deliveryItems.map((id) => ({
      queryKey: [...queryKeys.records(siteId, RETURNABLES), 'line', id],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<Returnable>(recordsPath(siteId, 'delivery_items', id, 'returnable'), { signal }),
      enabled: enabled && Boolean(siteId && id),
    })),
  });
  const byLine = new Map<string, Returnable>();
  results.forEach((result, index) => {
    const id = deliveryItems[index];
    if (id && result.data) byLine.set(id, result.data);
  });
  return { byLine, loading: results.some((result) => result.isPending && enabled) };
}

export type ReturnAction = 'approve' | 'reject' | 'complete';

/** POST …/vendor_returns/{id}/{action}: every such write refreshes what a return moves. */
function useReturnPost<TBody>(
  id: string,
  suffix: (body: TBody) => string,
  payload: (body: TBody) => unknown,
) {
  const siteId = useSiteId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody, write) =>
      api.post<VendorReturn>(recordsPath(siteId, RETURNS, id, suffix(body)), payload(body), {
        write,
      }),
    // What else a return moves (stock, balances, the vendor's ledger) the server's answer names.
    onSuccess: (_saved, _body, _context, write) => invalidateRecords(qc, siteId, [RETURNS], write),
  });
}

/** POST …/vendor_returns/{id}/approve | reject | complete. */
export const useReturnAction = (id: string) =>
  useReturnPost<ReturnAction>(
    id,
    (action) => action,
    () => ({}),
  );

/** POST …/vendor_returns/{id}/refunds: money back to an account. */
export const useRecordRefund = (id: string) =>
  useReturnPost<RefundCreate>(
    id,
    () => 'refunds',
    (body) => body,
  );
