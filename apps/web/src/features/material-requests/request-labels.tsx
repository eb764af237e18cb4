import { MATERIAL_REQUEST_STATUSES, type MaterialRequest } from '@siteledger/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DotPill } from '../../components/record-detail/dot-pill';
import type { SelectOption } from '../../components/ui/select-field';

const TONES: Record<string, string> = {
  draft: 'bg-surface-muted text-fg-muted ring-border',
  submitted: 'bg-warning-soft text-warning-soft-fg ring-warning-soft-fg/20',
  approved: 'bg-info-soft text-info-soft-fg ring-info-soft-fg/20',
  rejected: 'bg-danger-soft text-danger-soft-fg ring-danger-soft-fg/20',
  ordered: 'bg-success-soft text-success-soft-fg ring-success-soft-fg/20',
  closed: 'bg-surface-muted text-fg-subtle ring-border',
};

const DOTS: Record<string, string> = {
  draft: 'bg-fg-subtle',
  submitted: 'bg-amber-500',
  approved: 'bg-blue-500',
  rejected: 'bg-danger',
  ordered: 'bg-success',
  closed: 'bg-fg-subtle',
};

/** The order of the status filter: what waits for someone first. */
const FILTER_ORDER = ['submitted', 'approved', 'ordered', 'rejected', 'draft', 'closed'] as const;

export const statusLabel = (t: TFunction, status: string): string =>
  (MATERIAL_REQUEST_STATUSES as readonly string[]).includes(status)
    ? t(`materialRequests.status.${status}`)
    : status;

export function statusFilterOptions(t: TFunction): SelectOption[] {
  return FILTER_ORDER.map((status) => ({
    value: status,
    label: t(`materialRequests.filters.status.${status}`),
  }));
}

/** A request's status as a coloured pill. */
export function RequestStatusBadge({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <DotPill
      pill={TONES[status] ?? TONES.draft ?? ''}
      dot={DOTS[status] ?? DOTS.draft ?? ''}
      testId={testId}
      data={{ 'data-status': status }}
    >
      {statusLabel(t, status)}
    </DotPill>
  );
}

/** "Cement, Sand +2 more": the first item names and how many lines follow. */
export function itemsSummary(t: TFunction, request: Pick<MaterialRequest, 'items'>): string {
  const names = request.items.slice(0, 2).map((line) => line.item_name);
  const rest = request.items.length - names.length;
  const text = names.join(', ');
  return rest > 0 ? t('materialRequests.itemsMore', { items: text, count: rest }) : text;
}
