import {
  formatInr,
  toPaise,
  WORK_ORDER_STATUSES,
  type RaBill,
  type WorkOrder,
  type WorkOrderStatus,
} from '@siteledger/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DotPill } from '../../components/record-detail/dot-pill';
import type { SelectOption } from '../../components/ui/select-field';

const TONES: Record<WorkOrderStatus, { pill: string; dot: string }> = {
  draft: { pill: 'bg-surface-muted text-fg-muted ring-border', dot: 'bg-fg-subtle' },
  issued: { pill: 'bg-info-soft text-info-soft-fg ring-info-soft-fg/20', dot: 'bg-blue-500' },
  completed: {
    pill: 'bg-success-soft text-success-soft-fg ring-success-soft-fg/20',
    dot: 'bg-success',
  },
  cancelled: {
    pill: 'bg-danger-soft text-danger-soft-fg ring-danger-soft-fg/20',
    dot: 'bg-danger',
  },
};

const PAYMENT_TONES: Record<RaBill['payment_status'], { pill: string; dot: string }> = {
  pending: {
    pill: 'bg-warning-soft text-warning-soft-fg ring-warning-soft-fg/20',
    dot: 'bg-amber-500',
  },
  partial: { pill: 'bg-info-soft text-info-soft-fg ring-info-soft-fg/20', dot: 'bg-blue-500' },
  paid: { pill: 'bg-success-soft text-success-soft-fg ring-success-soft-fg/20', dot: 'bg-success' },
};

/** Rupees from the API as "₹1,23,456.00". */
export const rupees = (value: number): string => formatInr(toPaise(value));

/** The order's number, or "Draft" before it is issued. */
export function woNumber(t: TFunction, order: Pick<WorkOrder, 'number'>): string {
  return order.number ?? t('workOrders.draft');
}

export function woStatusOptions(t: TFunction): SelectOption[] {
  return WORK_ORDER_STATUSES.map((status) => ({
    value: status,
    label: t(`workOrders.status.${status}`),
  }));
}

export function WoStatusBadge({ status, testId }: { status: WorkOrderStatus; testId?: string }) {
  const { t } = useTranslation();
  const tone = TONES[status];
  return (
    <DotPill pill={tone.pill} dot={tone.dot} testId={testId} data={{ 'data-status': status }}>
      {t(`workOrders.status.${status}`)}
    </DotPill>
  );
}

export function BillPaymentBadge({
  status,
  testId,
}: {
  status: RaBill['payment_status'];
  testId?: string;
}) {
  const { t } = useTranslation();
  const tone = PAYMENT_TONES[status];
  return (
    <DotPill pill={tone.pill} dot={tone.dot} testId={testId} data={{ 'data-status': status }}>
      {t(`workOrders.bills.payment.${status}`)}
    </DotPill>
  );
}
