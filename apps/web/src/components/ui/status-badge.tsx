/**
 * Coloured, translated status pills.
 *
 *   <StatusBadge kind="payment" status={delivery.payment_status} />   pending · partial · paid · currently_paid_up
 *   <StatusBadge kind="booking" status={booking.status} />            scheduled · in_progress · completed · cancelled
 *   <StatusBadge kind="quotation" status={quotation.status} />        pending · accepted · rejected · expired
 *   <StatusBadge kind="return" status={ret.status} />                 initiated · approved · rejected · completed · refunded · credited
 *   <StatusBadge kind="creditNote" status={note.status} />            active · fully_used
 *   <StatusBadge kind="subscription" status={sub?.status ?? 'none'} />  active · trial · cancelled · inactive · expired · none
 *
 * Labels: `kit.status.<kind>.<status>` (also for filters: `statusOptions(t, 'booking')`). An unknown
 * status shows as a neutral pill with the raw value.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { i18n } from '../../lib/i18n';
import type { SelectOption } from './select-field';

export type StatusKind =
  'payment' | 'booking' | 'quotation' | 'return' | 'creditNote' | 'subscription';
type Tone = 'neutral' | 'warning' | 'info' | 'success' | 'primary' | 'danger' | 'teal';

export const STATUS_TONES: Record<StatusKind, Record<string, Tone>> = {
  payment: { pending: 'warning', partial: 'info', currently_paid_up: 'teal', paid: 'success' },
  booking: {
    scheduled: 'info',
    in_progress: 'primary',
    completed: 'success',
    cancelled: 'neutral',
  },
  quotation: {
    pending: 'warning',
    accepted: 'success',
    rejected: 'danger',
    expired: 'neutral',
  },
  return: {
    initiated: 'warning',
    approved: 'info',
    rejected: 'danger',
    completed: 'success',
    refunded: 'teal',
    // Settled by a credit note only: no money back yet (issue 38).
    credited: 'info',
  },
  creditNote: { active: 'success', fully_used: 'neutral' },
  subscription: {
    active: 'success',
    trial: 'info',
    cancelled: 'warning',
    inactive: 'neutral',
    expired: 'danger',
    none: 'neutral',
  },
};

const tones: Record<Tone, string> = {
  neutral: 'bg-surface-muted text-fg-muted ring-border',
  warning: 'bg-warning-soft text-warning-soft-fg ring-warning-soft-fg/20',
  info: 'bg-info-soft text-info-soft-fg ring-info-soft-fg/20',
  success: 'bg-success-soft text-success-soft-fg ring-success-soft-fg/20',
  primary: 'bg-primary-soft text-primary-soft-fg ring-primary-soft-fg/20',
  danger: 'bg-danger-soft text-danger-soft-fg ring-danger-soft-fg/20',
  teal: 'bg-teal-500/12 text-teal-700 ring-teal-700/20 dark:text-teal-300 dark:ring-teal-300/20',
};

const dots: Record<Tone, string> = {
  neutral: 'bg-fg-subtle',
  warning: 'bg-amber-500',
  info: 'bg-blue-500',
  success: 'bg-success',
  primary: 'bg-primary',
  danger: 'bg-danger',
  teal: 'bg-teal-500',
};

export function statusLabel(t: TFunction, kind: StatusKind, status: string): string {
  const key = `kit.status.${kind}.${status}`;
  return i18n.exists(key) ? t(key) : status.replace(/_/g, ' ');
}

/** Options for a status filter, in the order of STATUS_TONES. */
/** Shown on badges only, never a status the server filters on. */
const DISPLAY_ONLY: ReadonlySet<string> = new Set(['credited']);

export function statusOptions(t: TFunction, kind: StatusKind): SelectOption[] {
  return Object.keys(STATUS_TONES[kind])
    .filter((status) => !DISPLAY_ONLY.has(status))
    .map((status) => ({
      value: status,
      label: statusLabel(t, kind, status),
    }));
}

export function StatusBadge({
  kind,
  status,
  className,
  testId,
}: {
  kind: StatusKind;
  status: string;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const tone = STATUS_TONES[kind][status] ?? 'neutral';
  return (
    <span
      data-testid={testId}
      data-status={status}
      className={cn(
        'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        tones[tone],
        className,
      )}
    >
      <span className={cn('size-1.5 rounded-full', dots[tone])} aria-hidden="true" />
      {statusLabel(t, kind, status)}
    </span>
  );
}
