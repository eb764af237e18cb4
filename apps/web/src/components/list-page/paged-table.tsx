import { useState } from 'react';
import { DataTable, type DataTableProps } from '../ui/data-table';
import { Pagination, type PaginationProps } from '../ui/pagination';
import type { ListQueryResult } from './list-types';

/** Which page of a list is shown: the URL's list parameters or a component's own (usePaging). */
export interface Paging {
  page: number;
  perPage: number;
  setPage: (page: number) => void;
  /** Absent: the page size is fixed. */
  setPerPage?: ((perPage: number) => void) | undefined;
}

/**
 * Page and page size held by a component (a tab or card whose list is not in the URL). A new
 * page size starts again at page 1; so does `restart`, for a filter that changed.
 */
export function usePaging(initialPerPage = 20): Paging & {
  setPerPage: (perPage: number) => void;
  restart: () => void;
} {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(initialPerPage);
  return {
    page,
    perPage,
    setPage,
    setPerPage: (value) => {
      setPerPage(value);
      setPage(1);
    },
    restart: () => setPage(1),
  };
}

export type PagedTableProps<T> = Omit<
  DataTableProps<T>,
  'rows' | 'fetching' | 'error' | 'onRetry'
> & {
  query: ListQueryResult<T>;
  paging: Paging;
  /** The rows' page when not the query's own (e.g. a deferred copy of it). */
  data?: ListQueryResult<T>['data'];
  /** The pagination's own options; `hideSingle` hides it while there is one page only. */
  pagination?: Pick<PaginationProps, 'className' | 'testId' | 'allOption'> & {
    hideSingle?: boolean;
  };
};

/** A list query's page of rows as a DataTable (cards on phones), with its pagination below. */
export function PagedTable<T>({
  query,
  paging,
  data = query.data,
  pagination: { hideSingle = false, ...pagination } = {},
  loading = query.isPending,
  ...table
}: PagedTableProps<T>) {
  return (
    <>
      <DataTable
        {...table}
        rows={data?.items}
        loading={loading}
        fetching={query.isPlaceholderData}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
      {data && !(hideSingle && data.totalPages <= 1) ? (
        <Pagination
          page={paging.page}
          perPage={paging.perPage}
          totalItems={data.totalItems}
          totalPages={data.totalPages}
          onPageChange={paging.setPage}
          onPerPageChange={paging.setPerPage}
          disabled={query.isPlaceholderData}
          {...pagination}
        />
      ) : null}
    </>
  );
}
