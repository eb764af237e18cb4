import type { ReactNode } from 'react';
import type { ListQueryResult } from '../list-page/list-types';
import { useListPage, type ListPageOptions } from '../list-page/use-list-page';
import type { DataTableColumn } from '../ui/data-table';
import type { ListParams } from '../../lib/list-params';

/**
 * A record list page's state and rows: `useListPage`, the records for the URL's list query and
 * the record type's columns. `table` is what `<ListPage {...table} />` takes of them.
 */
export function useListPageData<T extends { id: string }>(
  options: ListPageOptions<T>,
  api: {
    useRecords: (query: ListParams['query']) => ListQueryResult<T>;
    useColumns: () => { columns: DataTableColumn<T>[]; mobileCard: (row: T) => ReactNode };
  },
) {
  const page = useListPage<T>(options);
  const query = api.useRecords(page.list.query);
  const { columns, mobileCard } = api.useColumns();
  return { page, form: page.form, table: { page, query, columns, mobileCard } };
}
