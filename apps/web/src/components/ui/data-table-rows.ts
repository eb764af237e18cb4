import type { ReactNode } from 'react';
import type { ViewProps } from './data-table-types';
import { useVirtualRows } from './virtual-rows';

/**
 * What both DataTable views (table and phone cards) do with their rows: draw only those near the
 * screen (virtual-rows.ts), skeletons while the first page loads, dimmed while it refetches, and
 * a clickable row opens on click or Enter.
 */
export function useViewRows<T>(
  { rows, rowTestId, fetching, showSkeleton, clickable, onClick, onKeyDown }: ViewProps<T>,
  rowHeight: number,
  gap?: number,
) {
  const list = useVirtualRows(showSkeleton ? 0 : (rows?.length ?? 0), rowHeight, gap);
  return {
    list,
    /** The rows' container: measured for the virtual rows, busy while loading. */
    body: {
      ref: (element: HTMLElement | null) => {
        list.listRef.current = element;
      },
      'aria-busy': fetching || showSkeleton || undefined,
    },
    /** Refetching with rows on screen: they are shown faded. */
    dimmed: Boolean(fetching && !showSkeleton),
    /** `count` skeletons while loading, else each row near the screen drawn with its props. */
    draw: (
      count: number,
      skeleton: (index: number) => ReactNode,
      row: (row: T, index: number, props: RowProps) => ReactNode,
    ): ReactNode[] =>
      showSkeleton
        ? Array.from({ length: count }, (_, index) => skeleton(index))
        : list.indexes.map((index) => {
            const value = (rows ?? [])[index] as T;
            return row(value, index, {
              ref: list.measure,
              'data-index': index,
              'data-testid': rowTestId?.(value),
            });
          }),
    /** A clickable row's focus and handlers (none when the table has no row action). */
    opener: (row: T) =>
      clickable
        ? { tabIndex: 0, onClick: onClick(row), onKeyDown: onKeyDown(row) }
        : { tabIndex: undefined, onClick: undefined, onKeyDown: undefined },
  };
}

/** The measured element of a row: its place in the list and its test id. */
export interface RowProps {
  ref: (element: Element | null) => void;
  'data-index': number;
  'data-testid': string | undefined;
}
