import type { Item, QuotationType, Service, Vendor } from '@siteledger/domain';
import type { ComboOption } from '../../components/pickers/combobox';
import { useEntityRecords } from '../../lib/entity-options';

/** The item or service a quotation is for: its name and the unit it is bought in ('' unknown). */
export function useQuotationTarget(type: QuotationType, id: string) {
  const [target] = useEntityRecords(type === 'item' ? 'items' : 'services', [id]);
  return { name: target?.name ?? '', unit: target?.unit ?? '' };
}

/** A vendor in the quotation pickers: company and contact person on the second line. */
export function quotationVendorOption(vendor: Vendor): ComboOption {
  return {
    value: vendor.id,
    label: vendor.name,
    detail: [vendor.company_name, vendor.contact_person].filter(Boolean).join(' · '),
  };
}

/** An item or service in the quotation pickers: its unit on the second line. */
export function quotationTargetOption(target: Item | Service): ComboOption {
  return { value: target.id, label: target.name, detail: target.unit };
}
