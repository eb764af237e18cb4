/**
 * "On its way" on the dashboard (issue 38): stock another site sent here and nobody has received
 * yet, each linking to its transfer (where it is received), so the receiving site knows to expect
 * it. Hidden while nothing is on its way; refreshed by the live `incoming` event.
 */
import { formatInr, toPaise } from '@siteledger/domain';
import { Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatBusinessDate } from '../../lib/dates';
import { useIncomingTransfers } from './api';
import { ListCard } from './dashboard-list-card';

export function DashboardIncomingTransfers({ showAmounts }: { showAmounts: boolean }) {
  const { t, i18n } = useTranslation();
  const incoming = useIncomingTransfers();
  const transfers = (incoming.data?.items ?? []).filter(
    (transfer) => transfer.direction === 'in' && transfer.status === 'sent',
  );
  if (transfers.length === 0) return null;

  return (
    <ListCard
      half
      testId="dashboard-incoming-transfers"
      texts="dashboard.incomingTransfers"
      count={Math.max(incoming.data?.totalItems ?? 0, transfers.length)}
      icon={Truck}
      tone="blue"
      more="/stock/transfers"
      rows={transfers.map((transfer) => ({
        to: `/stock/transfers/${transfer.id}`,
        testId: `dashboard-incoming-transfer-${transfer.id}`,
        title: t('dashboard.incomingTransfers.from', { site: transfer.site_name }),
        detail: t('dashboard.incomingTransfers.row', {
          date: formatBusinessDate(transfer.transfer_date, i18n.language),
          items: transfer.lines.map((line) => line.item_name).join(', '),
        }),
        amount: showAmounts ? formatInr(toPaise(transfer.total_value)) : null,
      }))}
    />
  );
}
