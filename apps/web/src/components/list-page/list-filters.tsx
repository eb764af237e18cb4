import { useTranslation } from 'react-i18next';
import type { EntityCollection } from '../../lib/entity-search';
import type { ListParams } from '../../lib/list-params';
import { EntityFilter } from '../pickers/entity-picker';
import type { SelectOption } from '../ui/select-field';
import { FilterSelect } from '../ui/toolbar-controls';
import type { ListNames } from './list-types';

/**
 * One equality filter of a list, kept in the URL as `param`. Its strings are
 * `{ns}.fields.{label}` and `{ns}.filters.{all}`, its test id `{many}-filter-{id}`.
 */
export interface ListFilterSpec {
  param: string;
  id: string;
  label: string;
  all: string;
  /** The label's whole locale key, where it is not `{ns}.fields.{label}`. */
  labelKey?: string;
  /** The control's width class (e.g. `md:w-40`). */
  className?: string;
  /** Records searched on the server as the person types (vendors, services…)… */
  entity?: EntityCollection;
  /** …or a fixed list of choices. */
  options?: readonly SelectOption[];
}

interface Keys {
  /** Default: `param`. */
  id?: string;
  /** Default: `id`. */
  label?: string;
  all: string;
  labelKey?: string;
  className?: string;
}

const spec = (param: string, keys: Keys) => {
  const id = keys.id ?? param;
  const { labelKey, className } = keys;
  return { param, id, label: keys.label ?? id, all: keys.all, labelKey, className };
};

/** A filter over records searched on the server, e.g. `entityFilter('vendor', 'vendors', …)`. */
export function entityFilter(param: string, entity: EntityCollection, keys: Keys): ListFilterSpec {
  return { ...spec(param, keys), entity };
}

/** A filter over fixed choices. */
export function selectFilter(
  param: string,
  options: readonly SelectOption[],
  keys: Keys,
): ListFilterSpec {
  return { ...spec(param, keys), options };
}

/** A list page's filters, in order, reading and writing the list's URL parameters. */
export function ListFilters({
  list,
  names,
  filters,
}: {
  list: ListParams;
  names: Pick<ListNames, 'ns' | 'many'>;
  filters: readonly ListFilterSpec[];
}) {
  const { t } = useTranslation();
  return (
    <>
      {filters.map((filter) => {
        const common = {
          label: t(filter.labelKey ?? `${names.ns}.fields.${filter.label}`),
          allLabel: t(`${names.ns}.filters.${filter.all}`),
          value: list.filters[filter.param] ?? '',
          onChange: (value: string) => list.setFilter(filter.param, value),
          testId: `${names.many}-filter-${filter.id}`,
          className: filter.className,
        };
        return filter.entity ? (
          <EntityFilter key={filter.param} entity={filter.entity} {...common} />
        ) : (
          <FilterSelect key={filter.param} options={filter.options ?? []} {...common} />
        );
      })}
    </>
  );
}
