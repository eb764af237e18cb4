/**
 * Columns the record lists and line tables share (stock, purchasing, returns): the record's date,
 * sorted newest first when chosen, and right-aligned figures — quantities and amounts — that do
 * not wrap.
 */
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import type { DataTableColumn } from '../ui/data-table';

type ColumnOptions<T> = Omit<Partial<DataTableColumn<T>>, 'key' | 'header' | 'cell'> & {
  /** Classes added to the cell's text (weight, colour). */
  tone?: string;
};

/** The record's date column (`key` "date" unless told), sorted by `sortKey`, newest first. */
export function dateColumn<T>(
  header: string,
  sortKey: string,
  date: (row: T) => ReactNode,
  { tone, key = 'date', ...column }: ColumnOptions<T> & { key?: string } = {},
): DataTableColumn<T> {
  return {
    key,
    header,
    sortKey,
    firstDirection: 'desc',
    ...column,
    cell: (row) => <span className={cn('whitespace-nowrap', tone)}>{date(row)}</span>,
  };
}

/** A quantity or amount, right-aligned in tabular figures. */
export function figureColumn<T>(
  key: string,
  header: string,
  value: (row: T) => ReactNode,
  { tone, ...column }: ColumnOptions<T> = {},
): DataTableColumn<T> {
  return {
    key,
    header,
    align: 'right',
    ...column,
    cell: (row) => <span className={cn('whitespace-nowrap tabular-nums', tone)}>{value(row)}</span>,
  };
}
