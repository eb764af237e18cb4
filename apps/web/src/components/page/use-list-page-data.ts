import type { ReactNode } from 'react';
import type { ListQueryResult } from '../list-page/list-types';
import { useListPage, type ListPageOptions, type ListPageState } from '../list-page/use-list-page';
import type { DataTableColumn } from '../ui/data-table';
import type { ListParams } from '../../lib/list-params';

/**
 * A record list page's state and rows: `useListPage`, the records for the URL's list query and
 * the record type's columns: the page's state, and `table`, what `<ListPage {...table} />` takes of them.
 */
export function useListPageData<T extends { id: string }>(
  options: ListPageOptions<T>,
  api: {
    useRecords: (query: ListParams['query']) => ListQueryResult<T>;
    /** Given the row actions and their column, for lists that edit and delete in place. */
    useColumns: (
      actions: ListPageState<T>['actions'],
      actionsColumn: ListPageState<T>['actionsColumn'],
    ) => { columns: DataTableColumn<T>[]; mobileCard: (row: T) => ReactNode };
  },
) {
  const page = useListPage<T>(options);
  const query = api.useRecords(page.list.query);
  const { columns, mobileCard } = api.useColumns(page.actions, page.actionsColumn);
  return { ...page, table: { page, query, columns, mobileCard } };
}
