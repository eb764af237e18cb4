import { useTranslation } from 'react-i18next';
import { formatDecimal, formatInteger } from '../../lib/format';
import type { MusterTotals } from './muster-state';

/** Present (a gang by its headcount), man-days and how many rows are marked, as typed. */
export function MusterTotalsBar({ totals, count }: { totals: MusterTotals; count: number }) {
  const { t } = useTranslation();
  const figures = [
    {
      id: 'present',
      label: t('labour.muster.totals.present'),
      value: formatInteger(totals.present),
    },
    {
      id: 'man-days',
      label: t('labour.muster.totals.manDays'),
      value: formatDecimal(totals.man_days),
    },
    {
      id: 'marked',
      label: t('labour.muster.totals.marked'),
      value: t('labour.muster.totals.ofCount', { marked: totals.marked, count }),
    },
  ];
  return (
    <dl
      className="grid grid-cols-3 gap-2 rounded-2xl bg-surface-muted/70 p-2 text-center"
      aria-live="polite"
      data-testid="muster-totals"
    >
      {figures.map((figure) => (
        <div key={figure.id} className="min-w-0 rounded-xl bg-surface px-1 py-1.5">
          <dt className="truncate text-xs text-fg-muted">{figure.label}</dt>
          <dd
            className="text-lg font-semibold tabular-nums text-fg"
            data-testid={`muster-total-${figure.id}`}
          >
            {figure.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
