/**
 * The monthly bars behind MonthlyChart, in plain SVG (no chart library: the one used before was
 * 349 KB of the dashboard's script). Only the newest 12 months are drawn unless the reader asks
 * for all. Bars stretch with the view box (text stays HTML, in monthly-chart-axes); colours are CSS
 * variables, so light and dark need no JavaScript. `recharts-bar-rectangle` is kept as the class
 * the end-to-end specs look for.
 */
import type { DashboardMonth } from '@siteledger/domain';
import { useState } from 'react';
import type { PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GuideLine } from '../../components/record-detail/trend-axes';
import { SERIES_COLORS } from './chart-colors';
import { axisRupees, MonthTooltip, MonthValuesTable } from './month-values';
import { MonthTicks, RangeToggle, YTicks } from './monthly-chart-axes';
import { barScale, heightShare, visibleMonths, type MonthRange } from './monthly-chart-scale';

const SLOT = 100;

export default function MonthlyChartCanvas({
  months,
  label,
}: {
  months: DashboardMonth[];
  label: string;
}) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [range, setRange] = useState<MonthRange>('12');
  const [active, setActive] = useState<number | null>(null);
  const shown = visibleMonths(months, range);
  const { max, ticks } = barScale(shown);
  const axisWidth = Math.min(
    110,
    Math.max(...ticks.map((tick) => axisRupees(tick).length)) * 7 + 8,
  );
  const width = shown.length * SLOT;
  const hovered = active === null ? undefined : shown[active];

  const track = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const index = Math.floor(((event.clientX - box.left) / box.width) * shown.length);
    setActive(Math.min(shown.length - 1, Math.max(0, index)));
  };

  return (
    <figure
      className="m-0 flex size-full flex-col gap-2"
      aria-label={label}
      data-testid="dashboard-monthly-chart"
    >
      {months.length > 12 ? <RangeToggle range={range} onChange={setRange} /> : null}
      <div className="flex min-h-0 flex-1 pt-2" aria-hidden="true">
        <YTicks ticks={ticks} max={max} width={axisWidth} />
        <div
          className="relative min-w-0 flex-1"
          onPointerMove={track}
          onPointerLeave={() => setActive(null)}
        >
          <svg
            className="absolute inset-0 size-full"
            viewBox={`0 0 ${width} 100`}
            preserveAspectRatio="none"
          >
            {active !== null ? (
              <rect x={active * SLOT} y={0} width={SLOT} height={100} fill="var(--surface-hover)" />
            ) : null}
            {ticks.map((tick) => (
              <GuideLine
                key={tick}
                y={100 - heightShare(tick, max) * 100}
                width={width}
                solid={tick === 0}
              />
            ))}
            {shown.map((month, index) => {
              const low = heightShare(month.deliveries, max) * 100;
              const high = heightShare(month.service_bookings, max) * 100;
              const x = index * SLOT + SLOT * 0.11;
              return (
                <g key={month.month}>
                  {/* Empty segments are not drawn (nothing to show, nothing for a test to find). */}
                  {low > 0 ? (
                    <rect
                      className="recharts-bar-rectangle"
                      x={x}
                      width={SLOT * 0.78}
                      y={100 - low}
                      height={low}
                      fill={SERIES_COLORS.deliveries}
                    />
                  ) : null}
                  {high > 0 ? (
                    <rect
                      className="recharts-bar-rectangle"
                      x={x}
                      width={SLOT * 0.78}
                      y={100 - low - high}
                      height={high}
                      fill={SERIES_COLORS.service_bookings}
                    />
                  ) : null}
                </g>
              );
            })}
          </svg>
          {hovered && active !== null ? (
            <div
              className="pointer-events-none absolute top-0 z-10"
              style={
                active < shown.length / 2
                  ? { left: `${((active + 1) / shown.length) * 100}%` }
                  : { right: `${(1 - active / shown.length) * 100}%` }
              }
            >
              <MonthTooltip month={hovered} language={language} />
            </div>
          ) : null}
        </div>
      </div>
      <MonthTicks months={shown} language={language} indent={axisWidth} />
      <MonthValuesTable months={shown} caption={label} language={language} />
    </figure>
  );
}
