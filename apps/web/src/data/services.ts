/** Services of the current site (API.md "Site records"). */
import type { Service, ServiceCreate, ServiceStats, ServiceUpdate } from '@siteledger/domain';
import { defineCollection } from './collection';
import { DETAIL_QUOTATIONS, useQuotationsFor } from './quotations';

export const SERVICES = 'services';

/** Services with their tag records inlined (`expand=tags`), in lists and one by one. */
const services = defineCollection<Service, ServiceCreate, ServiceUpdate>(SERVICES, {
  expand: 'tags',
});

export const useServices = services.useList;
export const useService = services.useOne;
// Tags' usage counts change with a service's tags.
export const useCreateService = services.useCreate;
export const useUpdateService = services.useUpdate;
export const useDeleteService = services.useDelete;

/**
 * GET …/services/{id}/stats: bookings that are not cancelled (newest first), rate range and
 * trend. Cached under the services collection, so writes that refresh services refresh it too.
 */
export const useServiceStats = (id: string | undefined) =>
  services.useSub<ServiceStats>(id, 'stats');

export { DETAIL_QUOTATIONS };

/** The service's quotations, cheapest first, with the vendor inlined. */
export const useServiceQuotations = (id: string | undefined) =>
  useQuotationsFor('service', id, DETAIL_QUOTATIONS);
