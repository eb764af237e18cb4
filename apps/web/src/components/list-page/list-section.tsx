import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../ui/data-table';
import { ListToolbar } from '../ui/list-toolbar';
import type { ListParams } from '../../lib/list-params';
import { ListEmpty, type EmptyTexts } from './list-empty';
import { ListFilters, type ListFilterSpec } from './list-filters';
import { PagedTable } from './paged-table';
import type { ListNames, ListQueryResult } from './list-types';

export interface ListSectionProps<T extends { id: string }> {
  list: ListParams;
  names: ListNames;
  query: ListQueryResult<T>;
  columns: DataTableColumn<T>[];
  /** The card a row shows as below 768 px. */
  mobileCard: (row: T) => ReactNode;
  rowHref?: (row: T) => string;
  onRowClick?: ((row: T) => void) | undefined;
  /** The toolbar's filters by convention (see ListFilters), before any `filters`. */
  filterBy?: readonly ListFilterSpec[];
  /** Other filter controls (FilterSelect…), bound to `list.filters`. */
  filters?: ReactNode;
  /** Offer from/to dates (`list.from`, `list.to`). */
  dateRange?: boolean;
  /** Shown when the page has no rows; default a ListEmpty of `emptyIcon`, `emptyAction`… */
  empty?: ReactNode;
  emptyIcon?: ReactNode;
  emptyAction?: ReactNode;
  emptyTexts?: EmptyTexts;
  /** The table's accessible name; default `pages.{ns}.title`. */
  label?: string;
  /** The headline when loading fails; default "Failed to load". */
  errorTitle?: string;
}

/** Search and filters, the table (cards on phones) and its pagination, all kept in the URL. */
export function ListSection<T extends { id: string }>({
  list,
  names,
  query,
  filterBy,
  filters,
  dateRange = false,
  empty,
  emptyIcon,
  emptyAction,
  emptyTexts,
  label,
  ...table
}: ListSectionProps<T>) {
  const { t } = useTranslation();
  return (
    <>
      <ListToolbar
        search={list.search}
        onSearchChange={list.setSearch}
        searchPlaceholder={t(`${names.ns}.searchPlaceholder`)}
        hasFilters={list.hasFilters}
        onClear={list.clearFilters}
        activeFilters={Object.values(list.filters).filter(Boolean).length}
        dateRange={
          dateRange
            ? { from: list.from, to: list.to, onFromChange: list.setFrom, onToChange: list.setTo }
            : undefined
        }
        testId={`${names.many}-toolbar`}
        filters={
          filterBy ? (
            <>
              <ListFilters list={list} names={names} filters={filterBy} />
              {filters}
            </>
          ) : (
            filters
          )
        }
      />
      <PagedTable
        {...table}
        query={query}
        paging={list}
        rowKey={(row) => row.id}
        sort={list.sort}
        onSortChange={list.toggleSort}
        label={label ?? t(`pages.${names.ns}.title`)}
        testId={`${names.many}-table`}
        rowTestId={(row) => `${names.one}-row-${row.id}`}
        empty={
          empty ?? (
            <ListEmpty
              list={list}
              ns={names.ns}
              icon={emptyIcon}
              action={emptyAction}
              texts={emptyTexts}
            />
          )
        }
      />
    </>
  );
}
