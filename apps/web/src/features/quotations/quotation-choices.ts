import type { QuotationType } from '@siteledger/domain';
import { useMemo } from 'react';
import { useItemChoices, useServiceChoices, useVendorChoices } from './api';
import type { SearchOption } from './search-select';

/** Vendors, items and services of the site as picker options, plus the unit of each target. */
export function useQuotationChoices() {
  const vendors = useVendorChoices();
  const items = useItemChoices();
  const services = useServiceChoices();
  return useMemo(() => {
    const vendorOptions: SearchOption[] = (vendors.data?.items ?? []).map((vendor) => ({
      value: vendor.id,
      label: vendor.name,
      description: [vendor.company_name, vendor.contact_person].filter(Boolean).join(' · '),
    }));
    const itemOptions: SearchOption[] = (items.data?.items ?? []).map((item) => ({
      value: item.id,
      label: item.name,
      description: item.unit,
    }));
    const serviceOptions: SearchOption[] = (services.data?.items ?? []).map((service) => ({
      value: service.id,
      label: service.name,
      description: service.unit,
    }));
    const units = new Map<string, string>();
    for (const item of items.data?.items ?? []) units.set(`item:${item.id}`, item.unit);
    for (const service of services.data?.items ?? [])
      units.set(`service:${service.id}`, service.unit);
    const names = new Map<string, string>();
    for (const option of [...itemOptions, ...serviceOptions]) names.set(option.value, option.label);
    return {
      vendorOptions,
      itemOptions,
      serviceOptions,
      vendorsLoading: vendors.isPending,
      itemsLoading: items.isPending,
      servicesLoading: services.isPending,
      /** The unit the target is bought in ('' when unknown). */
      unitOf: (type: QuotationType, id: string) => units.get(`${type}:${id}`) ?? '',
      /** The item's or service's name ('' when unknown). */
      nameOf: (id: string) => names.get(id) ?? '',
    };
  }, [
    vendors.data,
    vendors.isPending,
    items.data,
    items.isPending,
    services.data,
    services.isPending,
  ]);
}
