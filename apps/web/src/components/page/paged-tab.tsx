import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type PagedTableProps } from '../list-page/paged-table';
import { EntityFilter } from '../pickers/entity-picker';
import { EmptyState } from '../ui/empty-state';

/**
 * A list page's tab with its own paged table (rate differences, credit notes): its filters in a
 * row above it, and the empty state `{texts}.emptyTitle` / `{texts}.emptyDescription`.
 */
export function PagedTab<T>({
  tabTestId,
  intro,
  toolbar,
  emptyIcon,
  texts,
  children,
  ...table
}: Omit<PagedTableProps<T>, 'empty'> & {
  /** The tab's own test id (`testId` is the table's). */
  tabTestId: string;
  /** A line above the filters. */
  intro?: ReactNode;
  toolbar: ReactNode;
  emptyIcon: ReactNode;
  texts: string;
  /** After the table: the dialogs the tab opens. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid={tabTestId}>
      {intro}
      <div className="mb-4 flex flex-wrap items-end gap-3">{toolbar}</div>
      <PagedTable
        {...table}
        empty={
          <EmptyState
            icon={emptyIcon}
            title={t(`${texts}.emptyTitle`)}
            description={t(`${texts}.emptyDescription`)}
          />
        }
      />
      {children}
    </div>
  );
}

/** The vendor filter of a tab: `{ns}.fields.vendor`, "all" `{ns}.filters.allVendors`. */
export function VendorFilter({
  ns,
  value,
  onChange,
  testId,
}: {
  ns: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <EntityFilter
      entity="vendors"
      label={t(`${ns}.fields.vendor`)}
      value={value}
      onChange={onChange}
      allLabel={t(`${ns}.filters.allVendors`)}
      testId={testId}
    />
  );
}
