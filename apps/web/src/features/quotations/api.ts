import type {
  Quotation,
  QuotationCreate,
  QuotationType,
  QuotationUpdate,
} from '@siteledger/domain';
import {
  useCreateRecord,
  useDeleteRecord,
  useRecordList,
  useUpdateRecord,
  type ListQuery,
} from '../../lib/site-records';

/** Quotations of the current site (API.md "Site records"). */
export const QUOTATIONS = 'quotations';

/** A page of quotations with vendor, item and service inlined. */
export function useQuotations(query: ListQuery) {
  return useRecordList<Quotation>(QUOTATIONS, { ...query, expand: 'vendor,item,service' });
}

/** Every quotation for one item (or service), cheapest first, with the vendor inlined. */
export function useComparedQuotations(type: QuotationType, id: string) {
  return useRecordList<Quotation>(
    QUOTATIONS,
    { [type]: id, sort: 'unit_price', expand: 'vendor', perPage: 100 },
    { enabled: Boolean(id) },
  );
}

export const useCreateQuotation = () => useCreateRecord<QuotationCreate, Quotation>(QUOTATIONS);
export const useUpdateQuotation = () => useUpdateRecord<QuotationUpdate, Quotation>(QUOTATIONS);
export const useDeleteQuotation = () => useDeleteRecord(QUOTATIONS);
