/** How the site's records read in a picker's list (components/pickers/entity-picker.tsx). */
import type { Item, Service, Vendor } from '@siteledger/domain';
import type { ComboOption } from './combobox-list';

/** A vendor with its company and phone on the second line. */
export function vendorOption(vendor: Vendor): ComboOption {
  const detail = [vendor.company_name, vendor.phone].filter(Boolean).join(' · ');
  return { value: vendor.id, label: vendor.name, detail: detail || undefined };
}

/** An item with its description, and its unit at the end of the row. */
export function itemOption(item: Item): ComboOption {
  return {
    value: item.id,
    label: item.name,
    detail: item.description ?? undefined,
    badge: item.unit,
  };
}

/** A service with its unit at the end of the row. */
export function serviceOption(service: Service): ComboOption {
  return { value: service.id, label: service.name, badge: service.unit };
}
