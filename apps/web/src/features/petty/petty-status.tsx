import { PETTY_STATUSES, type PettyExpense, type PettyStatus } from '@siteledger/domain';
import type { TFunction } from 'i18next';
import { Camera } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

const TONES: Record<PettyStatus, string> = {
  approved: 'bg-success-soft text-success-soft-fg ring-success-soft-fg/20',
  pending: 'bg-warning-soft text-warning-soft-fg ring-warning-soft-fg/20',
  rejected: 'bg-danger-soft text-danger-soft-fg ring-danger-soft-fg/20',
};

/** The status filter's choices. */
export const pettyStatusOptions = (t: TFunction) =>
  PETTY_STATUSES.map((status) => ({ value: status, label: t(`petty.status.${status}`) }));

/** Approved · Waiting for approval · Rejected, with a rejection's reason under it. */
export function PettyStatusChip({
  expense,
  withReason = false,
}: {
  expense: Pick<PettyExpense, 'id' | 'status' | 'reject_reason'>;
  withReason?: boolean;
}) {
  const { t } = useTranslation();
  const reason = expense.status === 'rejected' ? expense.reject_reason : null;
  return (
    <span className="inline-flex min-w-0 flex-col items-start gap-0.5">
      <span
        className={cn(
          'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
          TONES[expense.status],
        )}
        data-testid={`petty-status-${expense.id}`}
        data-status={expense.status}
        title={reason ?? undefined}
      >
        {t(`petty.status.${expense.status}`)}
      </span>
      {withReason && reason ? (
        <span className="text-xs text-danger" data-testid={`petty-reason-${expense.id}`}>
          {t('petty.list.reason', { reason })}
        </span>
      ) : null}
    </span>
  );
}

/**
 * "Bill photo needed": a pending expense above the site's photo amount without a photo (the
 * server's `photo_required`). Nothing otherwise. `id` lets a disabled Approve point at it.
 */
export function PettyPhotoNeeded({
  expense,
  id,
  testId = `petty-photo-needed-${expense.id}`,
}: {
  expense: Pick<PettyExpense, 'id' | 'photo_required'>;
  id?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (!expense.photo_required) return null;
  return (
    <span
      id={id}
      className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-warning-soft px-2 py-0.5 text-xs font-medium text-warning-soft-fg"
      data-testid={testId}
    >
      <Camera className="size-3.5 shrink-0" aria-hidden="true" />
      {t('petty.list.photoNeeded')}
    </span>
  );
}
