/**
 * A picker of one of the site's vendors, items or services that searches on the server as the
 * person types (lib/entity-options.ts): the form's field, or a list page's filter.
 *
 *   <EntityPicker entity="vendors" toOption={vendorOption} label={t('…')} value={field.value}
 *     onChange={field.onChange} placeholder={…} searchPlaceholder={…} emptyText={…}
 *     testId="delivery-vendor" />
 *   <EntityFilter entity="vendors" label={t('…')} allLabel={t('…')} value={list.filters.vendor ?? ''}
 *     onChange={(v) => list.setFilter('vendor', v)} testId="deliveries-filter-vendor" />
 */
import { startTransition, useMemo, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import {
  nameOption,
  useEntityOptions,
  type EntityCollection,
  type EntityTypes,
} from '../../lib/entity-options';
import type { ListQuery } from '../../lib/site-records';
import { Combobox, type ComboboxProps, type ComboOption } from './combobox';

export interface EntityPickerProps<C extends EntityCollection> extends Omit<
  ComboboxProps,
  'options' | 'selected' | 'search' | 'onSearchChange' | 'loading'
> {
  entity: C;
  /** How a record reads in the list (label, detail line, badge). */
  toOption: (record: EntityTypes[C]) => ComboOption;
  /** Equality filters of the list (e.g. `{ is_active: true }`). */
  filters?: ListQuery;
  /** Fetch only once the popover opens (list filters: nothing loads with the page). */
  lazy?: boolean;
  /** Options listed above the records while nothing is typed (e.g. a filter's "All vendors"). */
  leading?: readonly ComboOption[];
  ref?: Ref<HTMLButtonElement>;
}

const NONE: readonly ComboOption[] = [];

export function EntityPicker<C extends EntityCollection>({
  entity,
  toOption,
  filters,
  lazy = false,
  leading = NONE,
  ref,
  ...rest
}: EntityPickerProps<C>) {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(!lazy);
  const records = useEntityOptions(entity, {
    search,
    selectedIds: [rest.value],
    enabled: opened,
    ...(filters ? { filters } : {}),
  });
  const chosen = records.byId(rest.value);
  const options = useMemo(
    () => [...(search.trim() ? [] : leading), ...records.options.map(toOption)],
    [search, leading, records.options, toOption],
  );
  const selected =
    (chosen ? toOption(chosen) : undefined) ??
    leading.find((option) => option.value === rest.value);
  return (
    <Combobox
      {...rest}
      ref={ref}
      options={options}
      selected={selected}
      search={search}
      onSearchChange={setSearch}
      // A lazy picker shows "loading" until its first page is asked for.
      loading={records.isLoading || !opened || records.isPending}
      onOpenChange={(open) => {
        // Out of the click's frame: the popover paints first, then the query starts and the
        // options render (the tap's interaction stays short).
        if (open && !opened) startTransition(() => setOpened(true));
        rest.onOpenChange?.(open);
      }}
    />
  );
}

/** A list page's filter by one record: "All …" first, then the records as the person types. */
export function EntityFilter<C extends EntityCollection>({
  entity,
  label,
  allLabel,
  value,
  onChange,
  className,
  testId,
}: {
  entity: C;
  label: string;
  /** The '' choice, e.g. "All vendors". */
  allLabel: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const leading = useMemo(() => [{ value: '', label: allLabel }], [allLabel]);
  return (
    <EntityPicker
      entity={entity}
      toOption={nameOption}
      lazy
      leading={leading}
      look="filter"
      label={label}
      value={value}
      onChange={onChange}
      placeholder={allLabel}
      searchPlaceholder={t('kit.picker.search')}
      emptyText={t('kit.picker.noMatch')}
      {...(className ? { className } : {})}
      {...(testId ? { testId } : {})}
    />
  );
}
