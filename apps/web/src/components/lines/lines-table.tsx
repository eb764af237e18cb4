/**
 * A record's lines as a plain table inside its card (a material request's, a transfer's): the item
 * first, the figures after it right-aligned, padded to the card's edges from 640 px.
 */
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface LinesTableColumn<L> {
  key: string;
  header: ReactNode;
  cell: (line: L) => ReactNode;
  /** Extra classes of the column's cells (e.g. a tone). */
  className?: string | ((line: L) => string);
}

export function LinesTable<L extends { id: string }>({
  item,
  columns,
  lines,
  testId,
  rowTestId,
}: {
  /** The first column: the line's item (left-aligned, not nowrap). */
  item: LinesTableColumn<L>;
  /** The figures, right-aligned. */
  columns: LinesTableColumn<L>[];
  lines: readonly L[];
  testId: string;
  rowTestId?: (line: L) => string;
}) {
  const lastClass = (index: number) => (index === columns.length - 1 ? 'sm:pr-6' : undefined);
  const classOf = (column: LinesTableColumn<L>, line: L) =>
    typeof column.className === 'function' ? column.className(line) : column.className;
  return (
    <table className="w-full text-sm" data-testid={testId}>
      <thead>
        <tr className="border-b border-border text-left text-xs uppercase tracking-wide text-fg-muted">
          <th className="px-4 py-2 font-medium sm:px-6">{item.header}</th>
          {columns.map((column, index) => (
            <th
              key={column.key}
              className={cn('px-4 py-2 text-right font-medium', lastClass(index))}
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr
            key={line.id}
            className="border-b border-border last:border-0"
            data-testid={rowTestId?.(line)}
          >
            <td className={cn('px-4 py-3 sm:px-6', classOf(item, line))}>{item.cell(line)}</td>
            {columns.map((column, index) => (
              <td
                key={column.key}
                className={cn(
                  'whitespace-nowrap px-4 py-3 text-right tabular-nums',
                  lastClass(index),
                  classOf(column, line),
                )}
              >
                {column.cell(line)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
