import type { Payment } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../components/ui/data-table';
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';
import { AllocationBadge, PaymentSplit } from './payment-bits';
import { CardHead } from '../../components/list-page/card-head';
import { NameCell } from '../../components/list-page/name-cell';

/** The payments list's columns and phone card. */
export function usePaymentColumns() {
  const { t, i18n } = useTranslation();
  const date = (p: Payment) => formatBusinessDate(p.payment_date, i18n.language);

  const columns: DataTableColumn<Payment>[] = [
    {
      key: 'date',
      header: t('payments.fields.date'),
      sortKey: 'payment_date',
      firstDirection: 'desc',
      cell: (p) => <span className="whitespace-nowrap">{date(p)}</span>,
    },
    {
      key: 'vendor',
      header: t('payments.fields.vendor'),
      cell: (p) => <NameCell name={p.expand?.vendor?.name ?? '—'} detail={p.reference} />,
    },
    {
      key: 'amount',
      header: t('payments.fields.amount'),
      sortKey: 'amount',
      firstDirection: 'desc',
      align: 'right',
      cell: (p) => <span className="font-semibold tabular-nums">{formatRupees(p.amount)}</span>,
    },
    {
      key: 'split',
      header: t('payments.fields.paidFrom'),
      hideBelow: 'lg',
      cell: (p) => <PaymentSplit payment={p} />,
    },
    {
      key: 'state',
      header: t('payments.fields.allocation'),
      cell: (p) => <AllocationBadge state={p.allocation_state} testId={`payment-state-${p.id}`} />,
    },
  ];

  const mobileCard = (p: Payment) => (
    <div className="space-y-2">
      <CardHead
        title={p.expand?.vendor?.name ?? '—'}
        subtitle={
          <>
            {date(p)}
            {p.reference ? ` · ${p.reference}` : ''}
          </>
        }
        aside={
          <p className="shrink-0 text-base font-semibold tabular-nums text-fg">
            {formatRupees(p.amount)}
          </p>
        }
      />
      <div className="flex items-center justify-between gap-3">
        <PaymentSplit payment={p} />
        <AllocationBadge state={p.allocation_state} />
      </div>
    </div>
  );

  return { columns, mobileCard };
}
