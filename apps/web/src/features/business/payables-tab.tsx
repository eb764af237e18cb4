/**
 * "Payables": what each party is still owed across the business's sites by the age of its bills
 * (0–30, 31–60, 61–90, 90+ days), the same party on several sites on one row, with the totals.
 * A party's name opens its statement across sites.
 */
import { Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardFigure, CardHead } from '../../components/list-page/card-head';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import type { PayablesAgeing } from '@siteledger/domain';
import { useBusinessPayablesAgeing } from '../../data/businesses';
import { cn } from '../../lib/cn';
import { formatRupees } from '../../lib/format';
import { AsOf } from './as-of';

type Party = PayablesAgeing['vendors'][number];
/** A party's row, or the totals' (`key` 'total', no sites). */
type Row = Omit<Party, 'gstin' | 'sites'> & Partial<Pick<Party, 'gstin' | 'sites'>>;

export const BUCKETS = ['0_30', '31_60', '61_90', '90_plus', 'total'] as const;

const rowTestId = (row: Row) =>
  row.sites ? `business-payables-row-${row.key}` : 'business-payables-total';

/** The statement of a party: any of its vendors names it (the server finds the rest). */
const statementHref = (row: Row) => {
  const vendor = row.sites?.[0]?.vendor;
  return vendor ? `?tab=vendor&vendor=${encodeURIComponent(vendor)}` : null;
};

function PartyName({ row }: { row: Row }) {
  const { t } = useTranslation();
  const href = statementHref(row);
  return (
    <div className="min-w-0">
      {href ? (
        <Link
          to={href}
          className="font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
          title={t('business.payables.openStatement')}
          data-testid="business-payables-open"
        >
          {row.name}
        </Link>
      ) : (
        <span className="font-semibold text-fg">{row.name}</span>
      )}
      {row.gstin ? <p className="font-mono text-xs text-fg-muted">{row.gstin}</p> : null}
      {row.sites ? (
        <p className="text-xs text-fg-muted">
          {row.sites.map((site) => site.site_name).join(', ')}
        </p>
      ) : null}
    </div>
  );
}

function usePayablesColumns() {
  const { t } = useTranslation();
  const label = (bucket: (typeof BUCKETS)[number]) => t(`business.payables.buckets.${bucket}`);
  const figureClass = (row: Row, bucket: string) =>
    cn('tabular-nums', (!row.sites || bucket === 'total') && 'font-semibold');
  const columns: DataTableColumn<Row>[] = [
    {
      key: 'party',
      header: t('business.payables.party'),
      className: 'min-w-48',
      cell: (row) => <PartyName row={row} />,
    },
    ...BUCKETS.map((bucket): DataTableColumn<Row> => ({
      key: bucket,
      header: label(bucket),
      align: 'right',
      cell: (row) => (
        <span className={figureClass(row, bucket)} data-testid={`${rowTestId(row)}-${bucket}`}>
          {formatRupees(row[bucket])}
        </span>
      ),
    })),
  ];
  const mobileCard = (row: Row) => (
    <div className="space-y-3">
      {row.sites ? <PartyName row={row} /> : <CardHead title={row.name} />}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2.5">
        {BUCKETS.map((bucket) => (
          <CardFigure
            key={bucket}
            label={label(bucket)}
            valueClassName={cn('break-words font-medium text-fg', figureClass(row, bucket))}
            testId={`${rowTestId(row)}-${bucket}`}
          >
            {formatRupees(row[bucket])}
          </CardFigure>
        ))}
      </dl>
    </div>
  );
  return { columns, mobileCard };
}

export function PayablesTab({ business }: { business: string }) {
  const { t } = useTranslation();
  const ageing = useBusinessPayablesAgeing(business);
  const { columns, mobileCard } = usePayablesColumns();
  const data = ageing.data;
  const rows: Row[] | undefined = data
    ? data.vendors.length > 0
      ? [...data.vendors, { key: 'total', name: t('business.total'), ...data.totals }]
      : []
    : undefined;
  return (
    <section className="space-y-3" aria-label={t('business.tabs.payables')}>
      <AsOf date={data?.as_of} />
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row.key}
        loading={ageing.isPending}
        error={ageing.error}
        errorTitle={t('business.payables.loadFailed')}
        onRetry={() => void ageing.refetch()}
        mobileCard={mobileCard}
        label={t('business.tabs.payables')}
        testId="business-payables"
        rowTestId={rowTestId}
        empty={
          <EmptyState
            icon={<Receipt aria-hidden="true" />}
            title={t('business.payables.emptyTitle')}
            description={t('business.payables.empty')}
          />
        }
      />
    </section>
  );
}
