import type {
  Quotation,
  Service,
  ServiceCreate,
  ServiceStats,
  ServiceUpdate,
} from '@siteledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import {
  recordsPath,
  useCreateRecord,
  useDeleteRecord,
  useRecord,
  useRecordList,
  useSiteId,
  useUpdateRecord,
  type ListQuery,
} from '../../lib/site-records';

/** Services of the current site (API.md "Site records"). */
export const SERVICES = 'services';
const QUOTATIONS = 'quotations';

/** A page of services with their tag records inlined (`expand=tags`). */
export function useServices(query: ListQuery) {
  return useRecordList<Service>(SERVICES, { ...query, expand: 'tags' });
}

/** One service with its tags. */
export function useService(id: string | undefined) {
  return useRecord<Service>(SERVICES, id, { expand: 'tags' });
}

/**
 * GET …/services/{id}/stats: bookings that are not cancelled (newest first), rate range and
 * trend. Cached under the services collection, so writes that refresh services refresh it too.
 */
export function useServiceStats(id: string | undefined) {
  const siteId = useSiteId();
  return useQuery({
    queryKey: [...queryKeys.records(siteId, SERVICES), 'stats', id ?? ''],
    queryFn: ({ signal }) =>
      api.get<ServiceStats>(recordsPath(siteId, SERVICES, id ?? '', 'stats'), { signal }),
    enabled: Boolean(siteId && id),
    staleTime: 15_000,
  });
}

/** How many quotations the detail page shows (cheapest first). */
export const DETAIL_QUOTATIONS = 20;

/** The service's quotations, cheapest first, with the vendor inlined. */
export function useServiceQuotations(id: string | undefined) {
  return useRecordList<Quotation>(
    QUOTATIONS,
    { service: id, sort: 'unit_price', expand: 'vendor', perPage: DETAIL_QUOTATIONS },
    { enabled: Boolean(id) },
  );
}

// Tags' usage counts change with a service's tags.

export const useCreateService = () => useCreateRecord<ServiceCreate, Service>(SERVICES);
export const useUpdateService = () => useUpdateRecord<ServiceUpdate, Service>(SERVICES);
export const useDeleteService = () => useDeleteRecord(SERVICES);
