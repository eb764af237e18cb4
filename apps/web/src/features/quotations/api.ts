import type {
  Item,
  Quotation,
  QuotationCreate,
  QuotationType,
  QuotationUpdate,
  Service,
  Vendor,
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

/** Largest page the API serves: pickers load every vendor, item or service of the site at once. */
const ALL = 500;

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

const pickerOptions = { staleTime: 60_000 } as const;

/** The site's vendors, items and services by name (for pickers and filters). */
export function useVendorChoices() {
  return useRecordList<Vendor>('vendors', { perPage: ALL, sort: 'name' }, pickerOptions);
}

export function useItemChoices() {
  return useRecordList<Item>('items', { perPage: ALL, sort: 'name' }, pickerOptions);
}

export function useServiceChoices() {
  return useRecordList<Service>('services', { perPage: ALL, sort: 'name' }, pickerOptions);
}

export const useCreateQuotation = () => useCreateRecord<QuotationCreate, Quotation>(QUOTATIONS);
export const useUpdateQuotation = () => useUpdateRecord<QuotationUpdate, Quotation>(QUOTATIONS);
export const useDeleteQuotation = () => useDeleteRecord(QUOTATIONS);
