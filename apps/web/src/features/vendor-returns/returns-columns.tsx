import { formatInr, type VendorReturn } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { dateColumn } from '../../components/lines/columns';
import type { DataTableColumn } from '../../components/ui/data-table';
import { StatusBadge } from '../../components/ui/status-badge';
import { cn } from '../../lib/cn';
import { formatBusinessDate } from '../../lib/dates';
import { inr } from './money';
import { gstOf, headEntries, headsOf, owedPaise } from './return-gst';
import { returnBadgeStatus } from './return-status';
import { CardHead } from '../../components/list-page/card-head';

/** "3 bags of OPC Cement, 1 more" style summary of a return's lines. */
function ItemsSummary({ record }: { record: VendorReturn }) {
  const { t } = useTranslation();
  const first = record.items[0]?.expand?.delivery_item?.expand?.item?.name ?? '—';
  const more = record.items.length - 1;
  return (
    <span className="block max-w-xs truncate">
      {first}
      {more > 0 ? (
        <span className="text-fg-muted"> {t('vendorReturns.moreLines', { count: more })}</span>
      ) : null}
    </span>
  );
}

/** Under the value: "+ IGST ₹33.14 = ₹217.25", what the vendor owes back with the GST reversed. */
function GstLine({ record, className }: { record: VendorReturn; className?: string }) {
  const { t } = useTranslation();
  const heads = headsOf(record);
  if (gstOf(heads) === 0) return null;
  const parts = headEntries(heads)
    .map(({ head, paise }) => `${t(`gst.heads.${head}`)} ${formatInr(paise)}`)
    .join(' + ');
  return (
    <span
      className={cn('block text-xs font-normal text-fg-muted', className)}
      data-testid="return-row-gst"
    >
      {t('vendorReturns.gst.plusGst', { heads: parts, owed: formatInr(owedPaise(record)) })}
    </span>
  );
}

/** The returns list's columns and phone card. */
export function useReturnColumns() {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatBusinessDate(iso, i18n.language);

  const refund = (r: VendorReturn) =>
    r.actual_refund_amount !== null ? (
      <span>
        {inr(r.actual_refund_amount)}
        {r.refund_type ? (
          <span className="block text-xs text-fg-muted">
            {t(`vendorReturns.refundChoices.${r.refund_type}`)}
          </span>
        ) : null}
      </span>
    ) : (
      <span className="text-fg-subtle">—</span>
    );

  const columns: DataTableColumn<VendorReturn>[] = [
    dateColumn(t('vendorReturns.fields.returnDate'), 'return_date', (r) => date(r.return_date)),
    {
      key: 'vendor',
      header: t('vendorReturns.fields.vendor'),
      cell: (r) => <span className="font-medium text-fg">{r.expand?.vendor?.name ?? '—'}</span>,
    },
    {
      key: 'items',
      header: t('vendorReturns.fields.items'),
      cell: (r) => <ItemsSummary record={r} />,
    },
    {
      key: 'reason',
      header: t('vendorReturns.fields.reason'),
      hideBelow: 'xl',
      cell: (r) => t(`vendorReturns.reasons.${r.reason}`),
    },
    {
      key: 'total',
      header: t('vendorReturns.fields.totalReturn'),
      sortKey: 'total_return_amount',
      align: 'right',
      cell: (r) => (
        <span>
          <span className="font-medium">{inr(r.total_return_amount)}</span>
          <GstLine record={r} className="whitespace-nowrap" />
        </span>
      ),
    },
    { key: 'refund', header: t('vendorReturns.fields.refunded'), align: 'right', cell: refund },
    {
      key: 'status',
      header: t('vendorReturns.fields.status'),
      cell: (r) => <StatusBadge kind="return" status={returnBadgeStatus(r)} />,
    },
  ];

  const mobileCard = (r: VendorReturn) => (
    <div className="space-y-3">
      <CardHead
        title={r.expand?.vendor?.name}
        subtitle={
          <>
            {date(r.return_date)} · {t(`vendorReturns.reasons.${r.reason}`)}
          </>
        }
        aside={<StatusBadge kind="return" status={returnBadgeStatus(r)} />}
      />
      <p className="text-sm text-fg">
        <ItemsSummary record={r} />
      </p>
      <dl className="grid grid-cols-2 gap-2 rounded-xl bg-surface-muted/70 p-3 text-sm">
        <div>
          <dt className="text-xs text-fg-muted">{t('vendorReturns.fields.totalReturn')}</dt>
          <dd className="font-medium tabular-nums text-fg">
            {inr(r.total_return_amount)}
            <GstLine record={r} />
          </dd>
        </div>
        <div className="text-right">
          <dt className="text-xs text-fg-muted">{t('vendorReturns.fields.refunded')}</dt>
          <dd className="tabular-nums text-fg">{refund(r)}</dd>
        </div>
      </dl>
    </div>
  );

  return { columns, mobileCard };
}
