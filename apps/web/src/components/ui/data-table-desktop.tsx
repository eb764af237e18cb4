import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { alignClass, hideClass, sortState, type ViewProps } from './data-table-types';
import { Skeleton } from './skeleton';
import { useViewRows } from './data-table-rows';

/** DataTable from 768 px: a table with sortable headers; long lists draw only nearby rows. */
export function DesktopTable<T>(view: ViewProps<T>) {
  const { columns, rows, rowKey, sort, onSortChange, label, testId, clickable } = view;
  const { t } = useTranslation();
  const { list, body, dimmed, draw, opener } = useViewRows(view, 56);
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
          <tbody {...body} className={cn('transition-opacity', dimmed && 'opacity-60')}>
            {list.before > 0 ? (
              <tr aria-hidden="true" style={{ height: list.before }}>
                <td colSpan={columns.length} />
              </tr>
            ) : null}
            {draw(
              view.skeletonRows ?? 8,
              (index) => (
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
              ),
              (row, index, props) => (
                <tr
                  key={rowKey(row)}
                  {...props}
                  aria-rowindex={list.virtual ? index + 2 : undefined}
                  {...opener(row)}
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
              ),
            )}
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
