import {
  fromMilli,
  OPEN_PURCHASE_ORDER_STATUSES,
  PURCHASE_ORDER_STATUSES,
  statusFilter,
  toMilli,
  type PurchaseOrder,
  type PurchaseOrderStatus,
} from '@siteledger/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DotPill } from '../../components/record-detail/dot-pill';
import type { SelectOption } from '../../components/ui/select-field';
import { cn } from '../../lib/cn';

const TONES: Record<PurchaseOrderStatus, { pill: string; dot: string }> = {
  draft: { pill: 'bg-surface-muted text-fg-muted ring-border', dot: 'bg-fg-subtle' },
  issued: { pill: 'bg-info-soft text-info-soft-fg ring-info-soft-fg/20', dot: 'bg-blue-500' },
  partially_received: {
    pill: 'bg-warning-soft text-warning-soft-fg ring-warning-soft-fg/20',
    dot: 'bg-amber-500',
  },
  received: {
    pill: 'bg-success-soft text-success-soft-fg ring-success-soft-fg/20',
    dot: 'bg-success',
  },
  closed: {
    pill: 'bg-teal-500/12 text-teal-700 ring-teal-700/20 dark:text-teal-300 dark:ring-teal-300/20',
    dot: 'bg-teal-500',
  },
  cancelled: {
    pill: 'bg-danger-soft text-danger-soft-fg ring-danger-soft-fg/20',
    dot: 'bg-danger',
  },
};

const isStatus = (status: string): status is PurchaseOrderStatus =>
  (PURCHASE_ORDER_STATUSES as readonly string[]).includes(status);

/** "Draft", "Issued", "Partly received", … */
export function poStatusLabel(t: TFunction, status: string): string {
  return isStatus(status) ? t(`purchaseOrders.status.${status}`) : status.replace(/_/g, ' ');
}

/**
 * The status filter's choices: "To be delivered" (issued or partly received) first, then the
 * single statuses a person looks for.
 */
export function poStatusFilterOptions(t: TFunction): SelectOption[] {
  return [
    {
      value: statusFilter(OPEN_PURCHASE_ORDER_STATUSES),
      label: t('purchaseOrders.filters.toBeDelivered'),
    },
    ...(['draft', 'received', 'closed', 'cancelled'] as const).map((status) => ({
      value: status,
      label: poStatusLabel(t, status),
    })),
  ];
}

export function PoStatusBadge({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation();
  const tone = isStatus(status) ? TONES[status] : TONES.draft;
  return (
    <DotPill pill={tone.pill} dot={tone.dot} testId={testId} data={{ 'data-status': status }}>
      {poStatusLabel(t, status)}
    </DotPill>
  );
}

/** The order's number, or "Draft" before it is issued. */
export function poNumber(t: TFunction, order: Pick<PurchaseOrder, 'number'>): string {
  return order.number ?? t('purchaseOrders.draft');
}

/** Received and ordered over all lines (in thousandths, so no float noise), and the share. */
export function poProgress(order: Pick<PurchaseOrder, 'lines'>): {
  received: number;
  ordered: number;
  percent: number;
} {
  let ordered = 0;
  let received = 0;
  for (const line of order.lines) {
    ordered += toMilli(line.quantity);
    received += Math.min(toMilli(line.received_quantity), toMilli(line.quantity));
  }
  const percent = ordered > 0 ? Math.round((received / ordered) * 100) : 0;
  return { received: fromMilli(received), ordered: fromMilli(ordered), percent };
}

/** A thin bar with "40 %" (received of ordered, all lines together). */
export function PoProgress({ order, testId }: { order: PurchaseOrder; testId?: string }) {
  const { t } = useTranslation();
  const { percent } = poProgress(order);
  return (
    <span className="inline-flex min-w-24 items-center gap-2" data-testid={testId}>
      <span
        className="h-1.5 flex-1 overflow-hidden rounded-full bg-surface-muted"
        role="progressbar"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={t('purchaseOrders.fields.progress')}
      >
        <span
          className={cn('block h-full rounded-full', percent >= 100 ? 'bg-success' : 'bg-primary')}
          style={{ width: `${Math.min(percent, 100)}%` }}
        />
      </span>
      <span className="text-xs tabular-nums text-fg-muted">
        {t('purchaseOrders.progressValue', { percent })}
      </span>
    </span>
  );
}
