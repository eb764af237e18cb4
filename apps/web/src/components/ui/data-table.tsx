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
import { TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { MobileCards } from './data-table-cards';
import { DesktopTable } from './data-table-desktop';
import type { DataTableProps } from './data-table-types';
import { RetryButton } from './retry-button';

export type { Breakpoint, DataTableColumn, DataTableProps } from './data-table-types';

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
        {onRetry ? <RetryButton onRetry={onRetry} className="size-4" /> : null}
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

  const View = desktop ? DesktopTable<T> : MobileCards<T>;
  return (
    <View
      {...props}
      showSkeleton={Boolean(showSkeleton)}
      clickable={clickable}
      onClick={onClick}
      onKeyDown={onKeyDown}
    />
  );
}
