/** The stock pages' small pills: Low, a transfer's status and direction, a count's status. */
import type { StockAdjustmentStatus, StockTransferStatus } from '@siteledger/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import type { SelectOption } from '../../components/ui/select-field';
import { cn } from '../../lib/cn';

export function LowBadge({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className="inline-flex items-center rounded-full bg-danger-soft px-2 py-0.5 text-xs font-semibold text-danger-soft-fg"
      data-testid={testId}
    >
      {t('stock.low')}
    </span>
  );
}

const TRANSFER_TONES = { sent: 'warning', received: 'success' } as const;

export function TransferStatusBadge({
  status,
  testId,
}: {
  status: StockTransferStatus;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <span data-testid={testId} data-status={status}>
      <Badge tone={TRANSFER_TONES[status]}>{t(`stock.transferStatus.${status}`)}</Badge>
    </span>
  );
}

const ADJUSTMENT_TONES = { applied: 'success', pending: 'warning', rejected: 'neutral' } as const;

export function AdjustmentStatusBadge({
  status,
  testId,
}: {
  status: StockAdjustmentStatus;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <span data-testid={testId} data-status={status}>
      <Badge tone={ADJUSTMENT_TONES[status]}>{t(`stock.adjustmentStatus.${status}`)}</Badge>
    </span>
  );
}

export const transferStatusOptions = (t: TFunction): SelectOption[] =>
  (['sent', 'received'] as const).map((status) => ({
    value: status,
    label: t(`stock.transferStatus.${status}`),
  }));

export const adjustmentStatusOptions = (t: TFunction): SelectOption[] =>
  (['pending', 'applied', 'rejected'] as const).map((status) => ({
    value: status,
    label: t(`stock.adjustmentStatus.${status}`),
  }));

export const directionOptions = (t: TFunction): SelectOption[] =>
  (['out', 'in'] as const).map((direction) => ({
    value: direction,
    label: t(`stock.direction.${direction}`),
  }));

/** A signed quantity difference: "+2.5 bag" in green, "−3 bag" in red. */
export function signedClass(value: number): string {
  return cn('tabular-nums', value > 0 && 'text-success', value < 0 && 'text-danger');
}
