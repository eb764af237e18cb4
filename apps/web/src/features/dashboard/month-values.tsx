/**
 * What a bar means, in words: the tooltip shown for the month under the pointer or focus, and the
 * table screen readers get in place of the drawing. Amounts through formatInr.
 */
import { formatInr, toPaise, type DashboardMonth } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { SERIES_COLORS } from './chart-colors';
import { monthLabel } from './monthly-chart-scale';

export const rupees = (value: number) => formatInr(toPaise(value));

/** Axis ticks in whole rupees (still formatInr, without the ".00"). */
export const axisRupees = (value: number) => rupees(Math.round(value)).replace(/\.00$/, '');

const SERIES = ['deliveries', 'service_bookings'] as const;

export function MonthTooltip({ month, language }: { month: DashboardMonth; language: string }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-48 rounded-xl border border-border bg-surface px-3 py-2 text-sm shadow-pop">
      <p className="text-xs font-medium text-fg-muted">
        {monthLabel(month.month, language, 'long')}
      </p>
      {SERIES.map((key) => (
        <p key={key} className="mt-1 flex items-center justify-between gap-4 text-fg">
          <span className="inline-flex items-center gap-1.5 text-xs text-fg-muted">
            <span
              className="size-2 rounded-sm"
              style={{ background: SERIES_COLORS[key] }}
              aria-hidden="true"
            />
            {t(`dashboard.chart.${key}`)}
          </span>
          <span className="tabular-nums">{rupees(month[key])}</span>
        </p>
      ))}
      <p className="mt-1.5 flex justify-between gap-4 border-t border-border pt-1.5 font-semibold text-fg">
        <span>{t('dashboard.chart.total')}</span>
        <span className="tabular-nums">{rupees(month.total)}</span>
      </p>
    </div>
  );
}

/** The figures behind the bars on screen, for screen readers (the SVG itself is hidden). */
export function MonthValuesTable({
  months,
  caption,
  language,
}: {
  months: DashboardMonth[];
  caption: string;
  language: string;
}) {
  const { t } = useTranslation();
  return (
    // Named by aria-label, not a <caption>: the card's heading already shows the same words. A
    // table grows to its content whatever its width, so a visually hidden box around it does the
    // clipping (else the page scrolls sideways on a phone: issue 38).
    <div className="sr-only">
      <table aria-label={caption}>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.chart.month')}</th>
            {SERIES.map((key) => (
              <th key={key} scope="col">
                {t(`dashboard.chart.${key}`)}
              </th>
            ))}
            <th scope="col">{t('dashboard.chart.total')}</th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.month}>
              <th scope="row">{monthLabel(month.month, language, 'long')}</th>
              <td>{rupees(month.deliveries)}</td>
              <td>{rupees(month.service_bookings)}</td>
              <td>{rupees(month.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
