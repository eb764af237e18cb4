import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { sortState, type ViewProps } from './data-table-types';
import { Skeleton } from './skeleton';
import { useViewRows } from './data-table-rows';

/** DataTable below 768 px: a sort choice and a stack of cards (`mobileCard`, or label/value pairs). */
export function MobileCards<T>(view: ViewProps<T>) {
  const { columns, rowKey, sort, onSortChange, mobileCard, label, testId, clickable } = view;
  const { t } = useTranslation();
  const sortable = columns.filter((column) => column.sortKey);
  // Cards are ~100 px high with a 12 px gap (space-y-3).
  const { list, body, dimmed, draw, opener } = useViewRows(view, 100, 12);
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
        {...body}
        aria-label={label}
        className={cn('space-y-3 transition-opacity', dimmed && 'opacity-60')}
      >
        {list.before > 0 ? <li aria-hidden="true" style={{ height: list.before }} /> : null}
        {draw(
          view.skeletonRows ?? 5,
          (index) => (
            <li
              key={index}
              className="space-y-3 rounded-2xl border border-border bg-surface p-4 shadow-card"
            >
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-1/3" />
            </li>
          ),
          (row, _index, props) => (
            <li key={rowKey(row)} {...props}>
              {/* The link role sits inside the list item: a list's children stay list items. */}
              <div
                role={clickable ? 'link' : undefined}
                {...opener(row)}
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
          ),
        )}
        {list.after > 0 ? <li aria-hidden="true" style={{ height: list.after }} /> : null}
      </ul>
    </div>
  );
}
