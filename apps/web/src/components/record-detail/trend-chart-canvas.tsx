/**
 * The recharts area chart behind TrendChart (loaded lazily). Colours are the design tokens (CSS
 * variables), so light and dark themes need no JavaScript. Amounts use formatInr, dates DD MMM YY.
 * (Same file in features/items and features/services: features do not import each other.)
 */
import { formatInr, toPaise } from '@siteledger/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  CartesianGrid,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatIsoDate } from './dates';
import { scaleOf, type TrendPoint } from './trend-scale';

const rupees = (value: number) => formatInr(toPaise(value));

/** About 7 px per character of the longest tick label. */
function axisWidth(ticks: number[]): number {
  const longest = Math.max(...ticks.map((tick) => rupees(tick).length));
  return Math.min(120, longest * 7 + 8);
}

function TrendTooltip({
  active,
  payload,
  valueLabel,
  language,
}: {
  active?: boolean | undefined;
  payload?: readonly { payload?: unknown }[] | undefined;
  valueLabel: string;
  language: string;
}) {
  const point = payload?.[0]?.payload as TrendPoint | undefined;
  if (!active || !point) return null;
  return (
    <div className="rounded-xl border border-border bg-surface px-3 py-2 text-sm shadow-pop">
      <p className="text-xs text-fg-muted">{formatIsoDate(point.date, language)}</p>
      <p className="mt-0.5 font-semibold tabular-nums text-fg">
        <span className="sr-only">{valueLabel}: </span>
        {rupees(point.value)}
      </p>
    </div>
  );
}

export default function TrendChartCanvas({
  points,
  average,
  label,
  valueLabel,
  averageLabel,
}: {
  points: TrendPoint[];
  average?: number | undefined;
  label: string;
  valueLabel: string;
  averageLabel: string;
}) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const gradientId = `trend-fill-${useId().replace(/:/g, '')}`;
  const { domain, ticks } = scaleOf(points, average);
  const showDots = points.length <= 24;

  return (
    <div className="size-full" role="img" aria-label={label} data-testid="trend-chart-canvas">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <defs>
            <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" style={{ stopColor: 'var(--primary)', stopOpacity: 0.28 }} />
              <stop offset="100%" style={{ stopColor: 'var(--primary)', stopOpacity: 0 }} />
            </linearGradient>
          </defs>
          <CartesianGrid vertical={false} stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis
            dataKey="date"
            tickFormatter={(date: string) => formatIsoDate(date, language, 'dd MMM yy')}
            tick={{ fill: 'var(--fg-muted)', fontSize: 12 }}
            tickLine={false}
            axisLine={{ stroke: 'var(--border)' }}
            minTickGap={24}
            tickMargin={8}
          />
          <YAxis
            domain={domain}
            tickFormatter={(value: number) => rupees(value)}
            tick={{ fill: 'var(--fg-muted)', fontSize: 12 }}
            tickLine={false}
            axisLine={false}
            width={axisWidth(ticks)}
            ticks={ticks}
            interval={0}
          />
          {average !== undefined ? (
            <ReferenceLine
              y={average}
              stroke="var(--fg-subtle)"
              strokeDasharray="5 4"
              ifOverflow="extendDomain"
              label={undefined}
              aria-label={`${averageLabel}: ${rupees(average)}`}
            />
          ) : null}
          <Tooltip
            cursor={{ stroke: 'var(--border-strong)', strokeWidth: 1 }}
            content={(props) => (
              <TrendTooltip
                active={props.active}
                payload={props.payload}
                valueLabel={valueLabel}
                language={language}
              />
            )}
          />
          <Area
            type="monotone"
            dataKey="value"
            name={valueLabel}
            stroke="var(--primary)"
            strokeWidth={2.5}
            fill={`url(#${gradientId})`}
            dot={
              showDots
                ? { r: 3.5, fill: 'var(--surface)', stroke: 'var(--primary)', strokeWidth: 2 }
                : false
            }
            activeDot={{ r: 5, fill: 'var(--primary)', stroke: 'var(--surface)', strokeWidth: 2 }}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
