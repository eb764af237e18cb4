import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../ui/button';
import { DataTable, type DataTableColumn } from '../ui/data-table';
import { formatRupees } from '../../lib/format';
import { CompactEmpty, SectionHeading } from './figure-card';

/** A history row's vendor, as its stats endpoint gives it. */
export interface HistoryRow {
  id: string;
  vendor: string;
  vendor_name: string;
  total_amount: number;
}

const vendorLinkClass =
  'font-medium text-fg hover:text-primary hover:underline focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring';

/** The row's vendor, linking to the vendor's page (`block` on phone cards). */
export function HistoryVendorLink({ row, block = false }: { row: HistoryRow; block?: boolean }) {
  return (
    <Link
      to={`/vendors/${row.vendor}`}
      className={block ? `block truncate ${vendorLinkClass}` : vendorLinkClass}
    >
      {row.vendor_name}
    </Link>
  );
}

/** A history row's phone card: vendor over `subtitle` beside the total, then `children`. */
export function HistoryCard({
  row,
  subtitle,
  children,
}: {
  row: HistoryRow;
  subtitle: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="space-y-2.5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <HistoryVendorLink row={row} block />
          <p className="text-sm text-fg-muted">{subtitle}</p>
        </div>
        <p className="shrink-0 text-base font-semibold tabular-nums text-fg">
          {formatRupees(row.total_amount)}
        </p>
      </div>
      {children}
    </div>
  );
}

/** What a history section takes from its page's stats query, and whether the role may record. */
export interface HistoryFeed {
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** The empty state links to where the first one is recorded. */
  canRecord: boolean;
}

/** The vendor and total columns every history has. */
export function historyColumns<T extends HistoryRow>(headers: { vendor: string; total: string }) {
  const vendor: DataTableColumn<T> = {
    key: 'vendor',
    header: headers.vendor,
    cell: (row) => <HistoryVendorLink row={row} />,
  };
  const total: DataTableColumn<T> = {
    key: 'total',
    header: headers.total,
    align: 'right',
    cell: (row) => <span className="font-semibold">{formatRupees(row.total_amount)}</span>,
  };
  return { vendor, total };
}

/**
 * A detail page's history (an item's deliveries, a service's bookings): heading with count, a
 * compact table (cards on phones) and an empty state pointing where to record the first one.
 * Its strings are `{keyPrefix}.title`, `.description`, `.emptyTitle` and `.emptyDescription`.
 */
export function HistorySection<T extends { id: string }>({
  id,
  keyPrefix,
  headingActions,
  rows,
  columns,
  mobileCard,
  rowHref,
  feed: { loading, error, onRetry, canRecord },
  testId,
  empty,
}: {
  /** The heading's id (the section is labelled by it). */
  id: string;
  /** e.g. `items.detail.history`. */
  keyPrefix: string;
  headingActions?: ReactNode;
  rows: T[] | undefined;
  columns: DataTableColumn<T>[];
  mobileCard: (row: T) => ReactNode;
  rowHref?: (row: T) => string;
  feed: HistoryFeed;
  /** The table's test id; rows are `{testId}-row-{id}`. */
  testId: string;
  /** The empty state's icon, and the link (`{keyPrefix}.{linkKey}`) to where one is recorded. */
  empty: { icon: LucideIcon; to: string; linkKey: string };
}) {
  const { t } = useTranslation();
  const title = t(`${keyPrefix}.title`);
  return (
    <section aria-labelledby={id}>
      <SectionHeading
        id={id}
        title={title}
        count={rows?.length}
        description={t(`${keyPrefix}.description`)}
        actions={headingActions}
      />
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        loading={loading}
        error={error}
        onRetry={onRetry}
        rowHref={rowHref}
        mobileCard={mobileCard}
        skeletonRows={3}
        label={title}
        testId={testId}
        rowTestId={(row) => `${testId}-row-${row.id}`}
        empty={
          <CompactEmpty
            icon={empty.icon}
            title={t(`${keyPrefix}.emptyTitle`)}
            description={t(`${keyPrefix}.emptyDescription`)}
            action={
              canRecord ? (
                <Link to={empty.to} className={buttonClasses('secondary', 'md')}>
                  {t(`${keyPrefix}.${empty.linkKey}`)}
                </Link>
              ) : null
            }
          />
        }
      />
    </section>
  );
}
