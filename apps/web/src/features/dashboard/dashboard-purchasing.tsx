/**
 * Purchasing work on the dashboard (issue 24): "Waiting for your approval" (owners: submitted
 * material requests) and "Pending deliveries" (issued or partly received purchase orders, an
 * expected date already past highlighted). Each card shows the count and up to five entries
 * linking to the record, and hides while there is nothing to show.
 */
import { formatInr, toPaise, type MaterialRequest, type PurchaseOrder } from '@siteledger/domain';
import { ChevronRight, ClipboardCheck, PackageOpen, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { todayIso } from '../../components/ui/date-field';
import { cn } from '../../lib/cn';
import { formatBusinessDate } from '../../lib/dates';
import { formatInteger } from '../../lib/format';
import { usePendingDeliveries, useWaitingRequests } from './api';
import { StatIcon, type StatTone } from './stat-card';

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
    >
      {requests.map((request) => (
        <ListRow
          key={request.id}
          to={`/material-requests/${request.id}`}
          testId={`dashboard-approval-${request.id}`}
          title={t('dashboard.purchasing.approvals.row', {
            name: request.requested_by_name ?? t('dashboard.purchasing.approvals.someone'),
            count: request.items.length,
          })}
          detail={[
            formatBusinessDate(request.request_date, i18n.language),
            request.needed_by
              ? t('dashboard.purchasing.approvals.neededBy', {
                  date: formatBusinessDate(request.needed_by, i18n.language),
                })
              : '',
          ]
            .filter(Boolean)
            .join(' · ')}
          amount={showAmounts ? formatInr(toPaise(request.estimated_amount)) : null}
        />
      ))}
    </ListCard>
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
    >
      {orders.map((po) => {
        const overdue = po.expected_date !== null && po.expected_date < today;
        return (
          <ListRow
            key={po.id}
            to={`/purchase-orders/${po.id}`}
            testId={`dashboard-pending-po-${po.id}`}
            title={`${po.number ?? '—'} · ${po.expand?.vendor?.name ?? ''}`}
            detail={
              po.expected_date ? (
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
              )
            }
            amount={showAmounts ? formatInr(toPaise(po.total_amount)) : null}
          />
        );
      })}
    </ListCard>
  );
}

/**
 * A dashboard card (the figures' look) with a count and a short list of links: its title is
 * `<texts>.title`, and `<texts>.all` links to `more`, the whole list.
 */
export function ListCard({
  testId,
  texts,
  count,
  icon: Icon,
  tone,
  more,
  children,
}: {
  testId: string;
  texts: string;
  count: number;
  icon: LucideIcon;
  tone: StatTone;
  more: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const title = t(`${texts}.title`);
  return (
    <section
      aria-label={title}
      data-testid={testId}
      className="flex flex-col rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 className="text-sm font-medium text-fg-muted">{title}</h2>
          <p
            className="mt-1 text-2xl font-semibold tracking-tight text-fg tabular-nums"
            data-testid={`${testId}-count`}
          >
            {formatInteger(count)}
          </p>
        </div>
        <StatIcon icon={Icon} tone={tone} />
      </div>
      <ul className="mt-4 divide-y divide-border">{children}</ul>
      <Link
        to={more}
        className="mt-3 self-start text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
      >
        {t(`${texts}.all`)}
      </Link>
    </section>
  );
}

export function ListRow({
  to,
  testId,
  title,
  detail,
  amount,
}: {
  to: string;
  testId: string;
  title: string;
  detail: ReactNode;
  amount: string | null;
}) {
  return (
    <li>
      <Link
        to={to}
        data-testid={testId}
        className="group -mx-2 flex items-center gap-3 rounded-lg px-2 py-2.5 hover:bg-surface-hover focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
      >
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold text-fg">{title}</span>
          <span className="mt-0.5 block text-xs text-fg-muted">{detail}</span>
        </span>
        {amount ? <span className="shrink-0 text-sm tabular-nums text-fg">{amount}</span> : null}
        <ChevronRight
          className="size-4 shrink-0 text-fg-subtle group-hover:text-primary"
          aria-hidden="true"
        />
      </Link>
    </li>
  );
}
