import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { DataTableColumn } from '../ui/data-table';

/** The last column of a list: a row's action buttons under a header only screen readers hear. */
export function actionsColumn<T>(t: TFunction, cell: (row: T) => ReactNode): DataTableColumn<T> {
  return {
    key: 'actions',
    header: t('kit.actions.actions'),
    align: 'right',
    headerClassName: 'sr-only',
    cell,
  };
}
