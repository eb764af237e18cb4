/**
 * The recharts stacked bar chart behind MonthlyChart (loaded lazily). Colours are CSS variables,
 * so light and dark need no JavaScript; amounts use formatInr, months the language's short names.
 */
import { formatInr, toPaise, type DashboardMonth } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useMediaQuery } from '../../components/ui/data-table';
import { SERIES_COLORS } from './chart-colors';

const rupees = (value: number) => formatInr(toPaise(value));

/** Axis ticks in whole rupees (still formatInr, without the ".00"). */
const axisRupees = (value: number) => rupees(Math.round(value)).replace(/\.00$/, '');

function monthLabel(month: string, language: string, style: 'short' | 'long'): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', {
    month: style,
    ...(style === 'long' ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(date);
}

function MonthTooltip({
  active,
  payload,
  language,
}: {
  active?: boolean | undefined;
  payload?: readonly { payload?: unknown }[] | undefined;
  language: string;
}) {
  const { t } = useTranslation();
  const month = payload?.[0]?.payload as DashboardMonth | undefined;
  if (!active || !month) return null;
  return (
    <div className="min-w-48 rounded-xl border border-border bg-surface px-3 py-2 text-sm shadow-pop">
      <p className="text-xs font-medium text-fg-muted">
        {monthLabel(month.month, language, 'long')}
      </p>
      {(['deliveries', 'service_bookings'] as const).map((key) => (
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

export default function MonthlyChartCanvas({
  months,
  label,
}: {
  months: DashboardMonth[];
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  // Phones label every other month, always including the current (last) one.
  const wide = useMediaQuery('(min-width: 640px)');
  const ticks = months
    .filter((_, index) => wide || (months.length - 1 - index) % 2 === 0)
    .map((month) => month.month);
  const longest = Math.max(...months.map((month) => axisRupees(month.total).length), 2);

  return (
    <div className="size-full" role="img" aria-label={label} data-testid="dashboard-monthly-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={months}
          margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
          barCategoryGap="22%"
        >
          <CartesianGrid vertical={false} stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis
            dataKey="month"
            tickFormatter={(month: string) => monthLabel(month, language, 'short')}
            tick={{ fill: 'var(--fg-muted)', fontSize: 12 }}
            tickLine={false}
            axisLine={{ stroke: 'var(--border)' }}
            ticks={ticks}
            interval={0}
            tickMargin={8}
          />
          <YAxis
            tickFormatter={(value: number) => axisRupees(value)}
            tick={{ fill: 'var(--fg-muted)', fontSize: 12 }}
            tickLine={false}
            axisLine={false}
            width={Math.min(110, longest * 7 + 8)}
            allowDecimals={false}
          />
          <Tooltip
            cursor={{ fill: 'var(--surface-hover)' }}
            content={(props) => (
              <MonthTooltip active={props.active} payload={props.payload} language={language} />
            )}
          />
          <Bar
            dataKey="deliveries"
            name={t('dashboard.chart.deliveries')}
            stackId="spend"
            fill={SERIES_COLORS.deliveries}
            isAnimationActive={false}
          />
          <Bar
            dataKey="service_bookings"
            name={t('dashboard.chart.service_bookings')}
            stackId="spend"
            fill={SERIES_COLORS.service_bookings}
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
