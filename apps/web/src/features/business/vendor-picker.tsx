/**
 * The statement's party: every vendor of the business's sites, the ones that are one party
 * (domain mergeGroups: the same GSTIN, or the same name without one) as one choice, with a search
 * box over names and GSTINs. The choice's value is one of its vendors' ids.
 */
import { mergeGroups } from '@siteledger/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import type { SiteVendor } from '../../data/businesses';

export interface Party {
  vendor: string;
  name: string;
  gstin: string | null;
  sites: string[];
  /** Every vendor id of the party (a link may name any of them). */
  ids: string[];
}

/** One choice per party, by name. */
export function partiesOf(vendors: readonly SiteVendor[]): Party[] {
  const grouped = new Set<string>();
  const parties: Party[] = [];
  for (const group of mergeGroups(vendors)) {
    for (const vendor of group.vendors) grouped.add(vendor.id);
    parties.push({
      vendor: group.keep.id,
      name: group.keep.name,
      gstin: group.keep.gstin,
      sites: [...new Set(group.vendors.map((vendor) => vendor.site_name))],
      ids: group.vendors.map((vendor) => vendor.id),
    });
  }
  for (const vendor of vendors) {
    if (grouped.has(vendor.id)) continue;
    parties.push({
      vendor: vendor.id,
      name: vendor.name,
      gstin: vendor.gstin,
      sites: [vendor.site_name],
      ids: [vendor.id],
    });
  }
  return parties.sort((a, b) => a.name.localeCompare(b.name));
}

export function VendorPicker({
  vendors,
  value,
  onChange,
}: {
  vendors: readonly SiteVendor[];
  value: string | null;
  onChange: (vendor: string) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const parties = useMemo(() => partiesOf(vendors), [vendors]);
  const chosen = value ? parties.find((party) => party.ids.includes(value)) : undefined;
  const needle = search.trim().toLowerCase();
  // The chosen party stays listed whatever is typed, so the picker never shows a stale choice.
  const shown = parties.filter(
    (party) =>
      !needle ||
      party === chosen ||
      party.name.toLowerCase().includes(needle) ||
      (party.gstin?.toLowerCase().includes(needle) ?? false),
  );
  return (
    <div className="grid gap-3 sm:grid-cols-2" data-testid="business-vendor-picker">
      <TextField
        type="search"
        label={t('business.vendor.search')}
        className="h-11 sm:h-10"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t('business.vendor.searchPlaceholder')}
        data-testid="business-vendor-search"
      />
      <SelectField
        label={t('business.vendor.party')}
        value={chosen?.vendor ?? ''}
        placeholder={t('business.vendor.choose', { count: shown.length })}
        options={shown.map((party) => ({
          value: party.vendor,
          label:
            party.sites.length > 1
              ? t('business.vendor.partyOnSites', { name: party.name, count: party.sites.length })
              : `${party.name} · ${party.sites[0] ?? ''}`,
        }))}
        onChange={(event) => {
          if (event.target.value) onChange(event.target.value);
        }}
        data-testid="business-vendor-select"
      />
    </div>
  );
}
