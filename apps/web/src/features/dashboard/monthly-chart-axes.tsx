/**
 * The HTML around the monthly bars: y ticks in rupees, month names under the bars, and the
 * 12 months / all switch. Text stays HTML so the stretched SVG never distorts it. The `recharts-*`
 * class names are kept as the hooks the end-to-end specs look for.
 */
import type { DashboardMonth } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { axisRupees } from './month-values';
import { heightShare, monthLabel, monthLabelShown, type MonthRange } from './monthly-chart-scale';

export function RangeToggle({
  range,
  onChange,
}: {
  range: MonthRange;
  onChange: (range: MonthRange) => void;
}) {
  const { t } = useTranslation();
  const options = [
    ['12', t('dashboard.chart.range12')],
    ['all', t('dashboard.chart.rangeAll')],
  ] as const;
  return (
    <div role="group" aria-label={t('dashboard.chart.range')} className="flex justify-end gap-1">
      {options.map(([value, text]) => (
        <button
          key={value}
          type="button"
          aria-pressed={range === value}
          onClick={() => onChange(value)}
          data-testid={`dashboard-monthly-range-${value}`}
          className={cn(
            'rounded-lg px-2.5 py-1 text-xs font-medium text-fg-muted hover:bg-surface-hover',
            range === value && 'bg-surface-muted text-fg',
          )}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

export function YTicks({ ticks, max, width }: { ticks: number[]; max: number; width: number }) {
  return (
    <div
      className="recharts-yAxis-tick-labels relative shrink-0 text-xs text-fg-muted"
      style={{ width }}
    >
      {ticks.map((tick) => (
        <span
          key={tick}
          className="absolute right-2 -translate-y-1/2 tabular-nums"
          style={{ top: `${(1 - heightShare(tick, max)) * 100}%` }}
        >
          {axisRupees(tick)}
        </span>
      ))}
    </div>
  );
}

export function MonthTicks({
  months,
  language,
  indent,
}: {
  months: DashboardMonth[];
  language: string;
  indent: number;
}) {
  return (
    <div
      className="recharts-xAxis-tick-labels flex h-4 text-xs text-fg-muted"
      style={{ marginLeft: indent }}
      aria-hidden="true"
    >
      {months.map((month, index) => {
        const shown = monthLabelShown(index, months.length);
        // Past two years a bare month name is ambiguous: "Mar 24".
        const text = `${monthLabel(month.month, language, 'short')}${months.length > 24 ? ` ${month.month.slice(2, 4)}` : ''}`;
        return (
          // The label may be wider than its bar; neighbours without a label leave it the room.
          <span key={month.month} className="relative min-w-0 flex-1">
            <span
              className={cn(
                'absolute left-1/2 -translate-x-1/2 whitespace-nowrap',
                shown === 'wide' && 'max-sm:hidden',
                shown === 'never' && 'hidden',
              )}
            >
              {text}
            </span>
          </span>
        );
      })}
    </div>
  );
}
