import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';

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

/** What the table and the phone cards share from DataTable. */
export interface ViewProps<T> extends DataTableProps<T> {
  showSkeleton: boolean;
  clickable: boolean;
  onClick: (row: T) => (event: MouseEvent<HTMLElement>) => void;
  onKeyDown: (row: T) => (event: KeyboardEvent<HTMLElement>) => void;
}

export const alignClass = {
  left: 'text-left',
  right: 'text-right',
  center: 'text-center',
} as const;
export const hideClass = { lg: 'hidden lg:table-cell', xl: 'hidden xl:table-cell' } as const;

/** The `aria-sort` state of a column under the list's sort (`key` or `-key`). */
export function sortState(sort: string | undefined, key: string | undefined) {
  if (!key || !sort) return null;
  if (sort === key) return 'ascending' as const;
  if (sort === `-${key}`) return 'descending' as const;
  return null;
}
