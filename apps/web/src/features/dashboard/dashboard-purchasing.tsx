/**
 * Purchasing work on the dashboard (issue 24): "Waiting for your approval" (owners: submitted
 * material requests) and "Pending deliveries" (issued or partly received purchase orders, an
 * expected date already past highlighted). Each card shows the count and up to five entries
 * linking to the record, and hides while there is nothing to show.
 */
import { formatInr, toPaise, type MaterialRequest, type PurchaseOrder } from '@siteledger/domain';
import { ClipboardCheck, PackageOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { todayIso } from '../../lib/today';
import { cn } from '../../lib/cn';
import { formatBusinessDate } from '../../lib/dates';
import { usePendingDeliveries, useWaitingRequests } from './api';
import { ListCard } from './dashboard-list-card';

export function DashboardPurchasing({
  isOwner,
  showAmounts,
}: {
  isOwner: boolean;
  /** Amounts only for people who see money. */
  showAmounts: boolean;
}) {
  const waiting = useWaitingRequests(isOwner);
  const pending = usePendingDeliveries();
  const requests = isOwner ? (waiting.data?.items ?? []) : [];
  const orders = pending.data?.items ?? [];
  if (requests.length === 0 && orders.length === 0) return null;

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2" data-testid="dashboard-purchasing">
      {requests.length > 0 ? (
        <WaitingRequestsCard
          requests={requests}
          count={waiting.data?.totalItems ?? 0}
          showAmounts={showAmounts}
        />
      ) : null}
      {orders.length > 0 ? (
        <PendingDeliveriesCard
          orders={orders}
          count={pending.data?.totalItems ?? 0}
          showAmounts={showAmounts}
        />
      ) : null}
    </div>
  );
}

interface CardProps {
  count: number;
  showAmounts: boolean;
}

function WaitingRequestsCard({
  requests,
  count,
  showAmounts,
}: CardProps & { requests: MaterialRequest[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ListCard
      testId="dashboard-approvals"
      texts="dashboard.purchasing.approvals"
      count={count}
      icon={ClipboardCheck}
      tone="violet"
      more="/material-requests"
      rows={requests.map((request) => ({
        to: `/material-requests/${request.id}`,
        testId: `dashboard-approval-${request.id}`,
        title: t('dashboard.purchasing.approvals.row', {
          name: request.requested_by_name ?? t('dashboard.purchasing.approvals.someone'),
          count: request.items.length,
        }),
        detail: [
          formatBusinessDate(request.request_date, i18n.language),
          request.needed_by
            ? t('dashboard.purchasing.approvals.neededBy', {
                date: formatBusinessDate(request.needed_by, i18n.language),
              })
            : '',
        ]
          .filter(Boolean)
          .join(' · '),
        amount: showAmounts ? formatInr(toPaise(request.estimated_amount)) : null,
      }))}
    />
  );
}

function PendingDeliveriesCard({
  orders,
  count,
  showAmounts,
}: CardProps & { orders: PurchaseOrder[] }) {
  const { t, i18n } = useTranslation();
  const today = todayIso();
  return (
    <ListCard
      testId="dashboard-pending-deliveries"
      texts="dashboard.purchasing.deliveries"
      count={count}
      icon={PackageOpen}
      tone="blue"
      more="/purchase-orders"
      rows={orders.map((po) => {
        const overdue = po.expected_date !== null && po.expected_date < today;
        return {
          to: `/purchase-orders/${po.id}`,
          testId: `dashboard-pending-po-${po.id}`,
          title: `${po.number ?? '—'} · ${po.expand?.vendor?.name ?? ''}`,
          detail: po.expected_date ? (
            <span
              className={cn(overdue && 'font-semibold text-danger')}
              data-overdue={overdue || undefined}
              data-testid={`dashboard-pending-po-${po.id}-expected`}
            >
              {t(
                overdue
                  ? 'dashboard.purchasing.deliveries.overdue'
                  : 'dashboard.purchasing.deliveries.expected',
                { date: formatBusinessDate(po.expected_date, i18n.language) },
              )}
            </span>
          ) : (
            t('dashboard.purchasing.deliveries.noDate')
          ),
          amount: showAmounts ? formatInr(toPaise(po.total_amount)) : null,
        };
      })}
    />
  );
}
