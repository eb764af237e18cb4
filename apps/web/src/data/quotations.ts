/** Quotations of the current site (API.md "Site records"). */
import type {
  Quotation,
  QuotationCreate,
  QuotationType,
  QuotationUpdate,
} from '@siteledger/domain';
import { defineCollection } from './collection';

export const QUOTATIONS = 'quotations';

/** A page of quotations with vendor, item and service inlined. */
const quotations = defineCollection<Quotation, QuotationCreate, QuotationUpdate>(QUOTATIONS, {
  expand: 'vendor,item,service',
  detailExpand: '',
});

export const useQuotations = quotations.useList;
/** One quotation as saved (an order prefilled from it, `?fromQuotation=`). */
export const useQuotation = quotations.useOne;
export const useCreateQuotation = quotations.useCreate;
export const useUpdateQuotation = quotations.useUpdate;
export const useDeleteQuotation = quotations.useDelete;

/** How many quotations an item's or a service's page shows (cheapest first). */
export const DETAIL_QUOTATIONS = 20;

/** The quotations for one item (or service), cheapest first, with the vendor inlined. */
export function useQuotationsFor(type: QuotationType, id: string | undefined, perPage: number) {
  return quotations.useWhere(
    { [type]: id, sort: 'unit_price', expand: 'vendor', perPage },
    { enabled: Boolean(id) },
  );
}

/** Every quotation for one item (or service), to compare them. */
export const useComparedQuotations = (type: QuotationType, id: string) =>
  useQuotationsFor(type, id, 100);
