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
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import {
  invalidateRecords,
  recordsPath,
  useCreateRecord,
  useDeleteRecord,
  useRecord,
  useRecordList,
  useSiteId,
  useUpdateRecord,
  type ListQuery,
} from '../../lib/site-records';

/** Vendor returns, their refunds and credit notes of the current site (API.md, issue 4). */
export const RETURNS = 'vendor_returns';
export const CREDIT_NOTES = 'vendor_credit_notes';
const REFUNDS = 'vendor_refunds';
/** Every write here moves stock, balances and the vendor's ledger. */
const AFFECTED = [
  RETURNS,
  CREDIT_NOTES,
  REFUNDS,
  'items',
  'deliveries',
  'vendors',
  'accounts',
  'account_transactions',
  'returnable_items',
];

export function useVendorReturns(query: ListQuery) {
  return useRecordList<VendorReturn>(RETURNS, { ...query, expand: 'vendor,items.delivery_item' });
}

/** One return with its lines (line → item and delivery) and vendor. */
export function useVendorReturn(id: string | undefined) {
  return useRecord<VendorReturn>(RETURNS, id, { expand: 'vendor,items.delivery_item' });
}

/** Money refunds of one return (read-only list). */
export function useReturnRefunds(returnId: string | undefined, enabled: boolean) {
  return useRecordList<VendorRefund>(
    REFUNDS,
    { vendor_return: returnId, expand: 'account', perPage: 50 },
    { enabled: enabled && Boolean(returnId) },
  );
}

/** Credit notes issued for one return. */
export function useReturnCreditNotes(returnId: string | undefined, enabled: boolean) {
  return useRecordList<CreditNote>(
    CREDIT_NOTES,
    { return_id: returnId, perPage: 50 },
    { enabled: enabled && Boolean(returnId) },
  );
}

export function useCreditNotes(query: ListQuery, enabled: boolean) {
  return useRecordList<CreditNote>(CREDIT_NOTES, { ...query, expand: 'vendor' }, { enabled });
}

/** GET …/returnable_items?vendor=…: the vendor's lines that can still be returned. */
export function useReturnableItems(vendor: string) {
  const siteId = useSiteId();
  return useQuery({
    queryKey: [...queryKeys.records(siteId, 'returnable_items'), vendor],
    queryFn: ({ signal }) =>
      api.get<{ items: ReturnableItem[]; totalItems: number }>(
        `${recordsPath(siteId, 'returnable_items')}?vendor=${encodeURIComponent(vendor)}&perPage=200`,
        { signal },
      ),
    enabled: Boolean(siteId && vendor),
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
      queryKey: [...queryKeys.records(siteId, 'returnable_items'), 'line', id],
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

const writes = { alsoInvalidate: AFFECTED } as const;

export const useCreateReturn = () =>
  useCreateRecord<VendorReturnCreate, VendorReturn>(RETURNS, writes);
export const useDeleteReturn = () => useDeleteRecord(RETURNS, writes);
/** PATCH …/vendor_returns/{id}: header fields and, before a refund, its lines. */
export const useUpdateReturn = () =>
  useUpdateRecord<VendorReturnUpdate, VendorReturn>(RETURNS, writes);
/** PATCH …/vendor_credit_notes/{id}: amount (never below what was used), dates and texts. */
export const useUpdateCreditNote = () =>
  useUpdateRecord<CreditNoteUpdate, CreditNote>(CREDIT_NOTES, writes);
export const useCreateCreditNote = () =>
  useCreateRecord<CreditNoteCreate, CreditNote>(CREDIT_NOTES, writes);
export const useDeleteCreditNote = () => useDeleteRecord(CREDIT_NOTES, writes);

export type ReturnAction = 'approve' | 'reject' | 'complete';

/** POST …/vendor_returns/{id}/approve | reject | complete. */
export function useReturnAction(id: string) {
  const siteId = useSiteId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: ReturnAction) =>
      api.post<VendorReturn>(recordsPath(siteId, RETURNS, id, action), {}),
    onSuccess: () => invalidateRecords(qc, siteId, AFFECTED),
  });
}

/** POST …/vendor_returns/{id}/refunds: money back to an account. */
export function useRecordRefund(id: string) {
  const siteId = useSiteId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundCreate) =>
      api.post<VendorReturn>(recordsPath(siteId, RETURNS, id, 'refunds'), body),
    onSuccess: () => invalidateRecords(qc, siteId, AFFECTED),
  });
}
