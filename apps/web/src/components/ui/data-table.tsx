/**
 * A typed list: a table from 768 px (md), a stack of cards below it (`mobileCard`).
 *
 *   <DataTable<Item>
 *     columns={[
 *       { key: 'name', header: t('items.fields.name'), sortKey: 'name', cell: (i) => i.name },
 *       { key: 'price', header: t('…'), align: 'right', hideBelow: 'lg', cell: (i) => formatRupees(i.average_price) },
 *     ]}
 *     rows={list.data?.items} rowKey={(i) => i.id} loading={list.isPending} error={list.error}
 *     onRetry={() => list.refetch()} sort={params.sort} onSortChange={params.toggleSort}
 *     rowHref={(i) => `/items/${i.id}`} mobileCard={(i) => <ItemCard item={i} />}
 *     empty={<EmptyState … />} testId="items-table" rowTestId={(i) => `item-row-${i.id}`} />
 *
 * Row clicks ignore clicks on buttons, links and inputs inside the row (put edit/delete buttons in a
 * cell or the card freely). `fetching` dims the rows while the next page loads.
 */
import { ArrowDown, ArrowUp, ArrowUpDown, RefreshCw, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { Skeleton } from './skeleton';
import { useVirtualRows } from './virtual-rows';

export type Breakpoint = 'sm' | 'md' | 'lg' | 'xl';

export interface DataTableColumn<T> {
  key: string;
  /** Header text; also the label of the sort choice on phones. */
  header: string;
  cell: (row: T) => ReactNode;
  /** Server sort field; makes the header a sort button (`sort` ⇄ `-sort`). */
  sortKey?: string;
  /** First direction when this column becomes the sort (default asc). */
  firstDirection?: 'asc' | 'desc';
  /** Right for money and quantities. */
  align?: 'left' | 'right' | 'center';
  /** Hide the column below this width (tables start at md). */
  hideBelow?: 'lg' | 'xl';
  className?: string;
  headerClassName?: string;
}

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  /** First load: skeleton rows. */
  loading?: boolean;
  /** Refetching (another page): rows dimmed. */
  fetching?: boolean;
  error?: unknown;
  /** The headline when loading failed (spec part 8 wording, e.g. "Failed to load deliveries"). */
  errorTitle?: string;
  onRetry?: () => void;
  sort?: string;
  onSortChange?: (sortKey: string, firstDirection?: 'asc' | 'desc') => void;
  rowHref?: (row: T) => string;
  onRowClick?: (row: T) => void;
  /** The card shown for each row below 768 px; defaults to the columns as label/value pairs. */
  mobileCard?: (row: T) => ReactNode;
  /** Shown when `rows` is an empty array. */
  empty?: ReactNode;
  skeletonRows?: number;
  /** Accessible name of the table. */
  label?: string;
  testId?: string;
  rowTestId?: (row: T) => string;
}

/** True while the media query matches (re-renders on change). */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() =>
    typeof window === 'undefined' ? true : window.matchMedia(query).matches,
  );
  useEffect(() => {
    const media = window.matchMedia(query);
    const onChange = () => setMatches(media.matches);
    onChange();
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}

const INTERACTIVE = 'a,button,input,select,textarea,label,[role="menuitem"],[data-row-action]';

const alignClass = { left: 'text-left', right: 'text-right', center: 'text-center' } as const;
const hideClass = { lg: 'hidden lg:table-cell', xl: 'hidden xl:table-cell' } as const;

function sortState(sort: string | undefined, key: string | undefined) {
  if (!key || !sort) return null;
  if (sort === key) return 'ascending' as const;
  if (sort === `-${key}`) return 'descending' as const;
  return null;
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const desktop = useMediaQuery('(min-width: 768px)');
  const { rows, rowHref, onRowClick, error, errorTitle, loading, onRetry, empty, testId } = props;

  const activate = (row: T) => {
    if (onRowClick) onRowClick(row);
    else if (rowHref) void navigate(rowHref(row));
  };
  const clickable = Boolean(onRowClick || rowHref);
  const onClick = (row: T) => (event: MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    const hit = target.closest(INTERACTIVE);
    if (hit && hit !== event.currentTarget) return;
    activate(row);
  };
  const onKeyDown = (row: T) => (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      activate(row);
    }
  };

  if (error && !rows?.length) {
    return (
      <div
        data-testid={testId ? `${testId}-error` : undefined}
        role="alert"
        className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-surface px-6 py-12 text-center shadow-card"
      >
        <span className="flex size-12 items-center justify-center rounded-2xl bg-danger-soft text-danger-soft-fg">
          <TriangleAlert className="size-6" aria-hidden="true" />
        </span>
        <p className="text-base font-semibold text-fg">{errorTitle ?? t('kit.table.loadFailed')}</p>
        <p className="max-w-md text-sm text-fg-muted">{errorMessage(error, t)}</p>
        {onRetry ? (
          <Button
            variant="secondary"
            onClick={onRetry}
            icon={<RefreshCw className="size-4" aria-hidden="true" />}
          >
            {t('common.retry')}
          </Button>
        ) : null}
      </div>
    );
  }

  const showSkeleton = loading && !rows;
  if (!showSkeleton && rows && rows.length === 0 && empty) {
    return (
      <div
        data-testid={testId ? `${testId}-empty` : undefined}
        className="rounded-2xl border border-border bg-surface shadow-card"
      >
        {empty}
      </div>
    );
  }

  return desktop ? (
    <DesktopTable
      {...props}
      showSkeleton={Boolean(showSkeleton)}
      clickable={clickable}
      onClick={onClick}
      onKeyDown={onKeyDown}
    />
  ) : (
    <MobileCards
      {...props}
      showSkeleton={Boolean(showSkeleton)}
      clickable={clickable}
      onClick={onClick}
      onKeyDown={onKeyDown}
    />
  );
}

interface ViewProps<T> extends DataTableProps<T> {
  showSkeleton: boolean;
  clickable: boolean;
  onClick: (row: T) => (event: MouseEvent<HTMLElement>) => void;
  onKeyDown: (row: T) => (event: KeyboardEvent<HTMLElement>) => void;
}

function DesktopTable<T>({
  columns,
  rows,
  rowKey,
  fetching,
  sort,
  onSortChange,
  skeletonRows = 8,
  label,
  testId,
  rowTestId,
  showSkeleton,
  clickable,
  onClick,
  onKeyDown,
}: ViewProps<T>) {
  const { t } = useTranslation();
  const list = useVirtualRows(showSkeleton ? 0 : (rows?.length ?? 0), 56);
  return (
    <div
      data-testid={testId}
      className="overflow-hidden rounded-2xl border border-border bg-surface shadow-card"
    >
      <div className="overflow-x-auto">
        <table
          className="w-full border-collapse text-sm"
          aria-label={label}
          aria-rowcount={list.virtual ? (rows?.length ?? 0) + 1 : undefined}
        >
          <thead>
            <tr className="border-b border-border bg-surface-muted/60">
              {columns.map((column) => {
                const state = sortState(sort, column.sortKey);
                const align = alignClass[column.align ?? 'left'];
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={state ?? undefined}
                    className={cn(
                      'h-11 whitespace-nowrap px-4 text-xs font-semibold uppercase tracking-wide text-fg-muted first:pl-5 last:pr-5',
                      align,
                      column.hideBelow && hideClass[column.hideBelow],
                      column.headerClassName,
                    )}
                  >
                    {column.sortKey && onSortChange ? (
                      <button
                        type="button"
                        onClick={() => onSortChange(column.sortKey ?? '', column.firstDirection)}
                        className={cn(
                          '-mx-1.5 inline-flex items-center gap-1 rounded-md px-1.5 py-1 uppercase hover:bg-surface-hover hover:text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring',
                          state && 'text-fg',
                        )}
                        aria-label={t('kit.table.sortBy', { column: column.header })}
                      >
                        {column.header}
                        {state === 'ascending' ? (
                          <ArrowUp className="size-3.5" aria-hidden="true" />
                        ) : state === 'descending' ? (
                          <ArrowDown className="size-3.5" aria-hidden="true" />
                        ) : (
                          <ArrowUpDown className="size-3.5 opacity-40" aria-hidden="true" />
                        )}
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody
            ref={(element) => {
              list.listRef.current = element;
            }}
            className={cn('transition-opacity', fetching && !showSkeleton && 'opacity-60')}
            aria-busy={fetching || showSkeleton || undefined}
          >
            {list.before > 0 ? (
              <tr aria-hidden="true" style={{ height: list.before }}>
                <td colSpan={columns.length} />
              </tr>
            ) : null}
            {showSkeleton
              ? Array.from({ length: skeletonRows }, (_, index) => (
                  <tr key={index} className="border-b border-border last:border-0">
                    {columns.map((column) => (
                      <td
                        key={column.key}
                        className={cn(
                          'h-14 px-4 first:pl-5 last:pr-5',
                          column.hideBelow && hideClass[column.hideBelow],
                        )}
                      >
                        <Skeleton
                          className={cn('h-4', column.align === 'right' ? 'ml-auto w-16' : 'w-3/4')}
                        />
                      </td>
                    ))}
                  </tr>
                ))
              : list.indexes.map((index) => {
                  const row = (rows ?? [])[index] as T;
                  return (
                    <tr
                      key={rowKey(row)}
                      ref={list.measure}
                      data-index={index}
                      aria-rowindex={list.virtual ? index + 2 : undefined}
                      data-testid={rowTestId?.(row)}
                      tabIndex={clickable ? 0 : undefined}
                      onClick={clickable ? onClick(row) : undefined}
                      onKeyDown={clickable ? onKeyDown(row) : undefined}
                      className={cn(
                        'border-b border-border last:border-0',
                        clickable &&
                          'cursor-pointer transition-colors hover:bg-surface-hover focus-visible:bg-surface-hover focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
                      )}
                    >
                      {columns.map((column) => (
                        <td
                          key={column.key}
                          className={cn(
                            'h-14 px-4 py-2.5 align-middle text-fg first:pl-5 last:pr-5',
                            alignClass[column.align ?? 'left'],
                            column.align === 'right' && 'tabular-nums whitespace-nowrap',
                            column.hideBelow && hideClass[column.hideBelow],
                            column.className,
                          )}
                        >
                          {column.cell(row)}
                        </td>
                      ))}
                    </tr>
                  );
                })}
            {list.after > 0 ? (
              <tr aria-hidden="true" style={{ height: list.after }}>
                <td colSpan={columns.length} />
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function MobileCards<T>({
  columns,
  rows,
  rowKey,
  fetching,
  sort,
  onSortChange,
  mobileCard,
  skeletonRows = 5,
  label,
  testId,
  rowTestId,
  showSkeleton,
  clickable,
  onClick,
  onKeyDown,
}: ViewProps<T>) {
  const { t } = useTranslation();
  const sortable = columns.filter((column) => column.sortKey);
  // Cards are ~100 px high with a 12 px gap (space-y-3).
  const list = useVirtualRows(showSkeleton ? 0 : (rows?.length ?? 0), 100, 12);
  return (
    <div data-testid={testId} className="space-y-3">
      {sortable.length > 0 && onSortChange ? (
        <label className="flex items-center justify-end gap-2 text-sm text-fg-muted">
          {t('kit.table.sort')}
          <select
            value={sort ?? ''}
            onChange={(event) => {
              const value = event.target.value;
              const key = value.replace(/^-/, '');
              const column = sortable.find((c) => c.sortKey === key);
              // Ask for the exact direction: toggleSort flips when the key is current.
              const current = sort?.replace(/^-/, '');
              const wantDesc = value.startsWith('-');
              if (current === key) onSortChange(key);
              else onSortChange(key, wantDesc ? 'desc' : (column?.firstDirection ?? 'asc'));
            }}
            className="h-10 rounded-lg border border-border bg-surface px-2 text-sm text-fg focus:border-primary focus:outline-none focus:ring-4 focus:ring-ring"
            data-testid={testId ? `${testId}-sort` : undefined}
          >
            {!sortable.some((c) => sortState(sort, c.sortKey)) ? (
              <option value={sort ?? ''}>{t('kit.table.defaultOrder')}</option>
            ) : null}
            {sortable.flatMap((column) => [
              <option key={`${column.key}-asc`} value={column.sortKey}>
                {t('kit.table.sortAsc', { column: column.header })}
              </option>,
              <option key={`${column.key}-desc`} value={`-${column.sortKey ?? ''}`}>
                {t('kit.table.sortDesc', { column: column.header })}
              </option>,
            ])}
          </select>
        </label>
      ) : null}
      <ul
        ref={(element) => {
          list.listRef.current = element;
        }}
        aria-label={label}
        aria-busy={fetching || showSkeleton || undefined}
        className={cn('space-y-3 transition-opacity', fetching && !showSkeleton && 'opacity-60')}
      >
        {list.before > 0 ? <li aria-hidden="true" style={{ height: list.before }} /> : null}
        {showSkeleton
          ? Array.from({ length: skeletonRows }, (_, index) => (
              <li
                key={index}
                className="space-y-3 rounded-2xl border border-border bg-surface p-4 shadow-card"
              >
                <Skeleton className="h-5 w-2/3" />
                <Skeleton className="h-4 w-1/2" />
                <Skeleton className="h-4 w-1/3" />
              </li>
            ))
          : list.indexes.map((index) => {
              const row = (rows ?? [])[index] as T;
              return (
                <li
                  key={rowKey(row)}
                  ref={list.measure}
                  data-index={index}
                  data-testid={rowTestId?.(row)}
                >
                  {/* The link role sits inside the list item: a list's children stay list items. */}
                  <div
                    role={clickable ? 'link' : undefined}
                    tabIndex={clickable ? 0 : undefined}
                    onClick={clickable ? onClick(row) : undefined}
                    onKeyDown={clickable ? onKeyDown(row) : undefined}
                    className={cn(
                      'rounded-2xl border border-border bg-surface p-4 shadow-card',
                      clickable &&
                        'cursor-pointer transition-colors active:bg-surface-hover focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring',
                    )}
                  >
                    {mobileCard ? (
                      mobileCard(row)
                    ) : (
                      <dl className="space-y-1.5 text-sm">
                        {columns.map((column) => (
                          <div key={column.key} className="flex justify-between gap-4">
                            <dt className="text-fg-muted">{column.header}</dt>
                            <dd className="text-right text-fg">{column.cell(row)}</dd>
                          </div>
                        ))}
                      </dl>
                    )}
                  </div>
                </li>
              );
            })}
        {list.after > 0 ? <li aria-hidden="true" style={{ height: list.after }} /> : null}
      </ul>
    </div>
  );
}
