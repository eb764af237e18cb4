/**
 * The trend line behind TrendChart (loaded lazily), in plain SVG (no chart library: the one used
 * before was most of the page's script). The line and its soft fill stretch with a 1000 × 100
 * view box; the points are HTML dots so they stay round, and all text stays HTML (trend-axes).
 * Colours are the design tokens (CSS variables), so light and dark themes need no JavaScript.
 * `path.recharts-area-curve` is kept as the hook the end-to-end specs look for.
 * (Same file in features/items and features/services: features do not import each other.)
 */
import { useId, useState } from 'react';
import type { PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { axisWidth, DateTicks, GuideLine, PointList, TrendTooltip, ValueTicks } from './trend-axes';
import {
  areaPath,
  linePath,
  placePoints,
  VIEW_HEIGHT,
  VIEW_WIDTH,
  yPercent,
} from './trend-geometry';
import { scaleOf, type TrendPoint } from './trend-scale';

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
  const [active, setActive] = useState<number | null>(null);
  const { domain, ticks } = scaleOf(points, average);
  const placed = placePoints(points, domain);
  const showDots = points.length <= 24;
  const hovered = active === null ? undefined : placed[active];

  const track = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const share = ((event.clientX - box.left) / box.width) * 100;
    let nearest = 0;
    placed.forEach((point, index) => {
      if (Math.abs(point.x - share) < Math.abs((placed[nearest]?.x ?? 0) - share)) nearest = index;
    });
    setActive(nearest);
  };

  const dot = 'absolute -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-primary';
  return (
    <figure
      className="m-0 flex size-full flex-col gap-2"
      aria-label={label}
      data-testid="trend-chart-canvas"
    >
      <div className="flex min-h-0 flex-1 pt-2">
        <ValueTicks ticks={ticks} domain={domain} />
        <div
          className="relative min-w-0 flex-1"
          onPointerMove={track}
          onPointerLeave={() => setActive(null)}
          aria-hidden="true"
        >
          <svg
            className="absolute inset-0 size-full overflow-visible"
            viewBox={`0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}`}
            preserveAspectRatio="none"
          >
            <defs>
              <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" style={{ stopColor: 'var(--primary)', stopOpacity: 0.28 }} />
                <stop offset="100%" style={{ stopColor: 'var(--primary)', stopOpacity: 0 }} />
              </linearGradient>
            </defs>
            {ticks.map((tick) => (
              <GuideLine key={tick} y={yPercent(tick, domain)} width={VIEW_WIDTH} />
            ))}
            {hovered ? (
              <line
                x1={(hovered.x / 100) * VIEW_WIDTH}
                x2={(hovered.x / 100) * VIEW_WIDTH}
                y1={0}
                y2={VIEW_HEIGHT}
                stroke="var(--border-strong)"
                vectorEffect="non-scaling-stroke"
              />
            ) : null}
            <path d={areaPath(placed)} fill={`url(#${gradientId})`} stroke="none" />
            {average !== undefined ? (
              <line
                x1={0}
                x2={VIEW_WIDTH}
                y1={yPercent(average, domain)}
                y2={yPercent(average, domain)}
                stroke="var(--fg-subtle)"
                strokeDasharray="5 4"
                vectorEffect="non-scaling-stroke"
              />
            ) : null}
            <path
              className="recharts-area-curve"
              d={linePath(placed)}
              fill="none"
              stroke="var(--primary)"
              strokeWidth={2.5}
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
          </svg>
          {placed.map((point, index) =>
            showDots || index === active ? (
              <span
                key={`${point.date}-${index}`}
                className={
                  index === active
                    ? `${dot} size-2.5 border-surface bg-primary`
                    : `${dot} size-2 bg-surface`
                }
                style={{ left: `${point.x}%`, top: `${point.y}%` }}
              />
            ) : null,
          )}
          {hovered ? <TrendTooltip point={hovered} language={language} /> : null}
        </div>
      </div>
      <DateTicks placed={placed} language={language} indent={axisWidth(ticks)} />
      <PointList
        placed={placed}
        average={average}
        label={label}
        valueLabel={valueLabel}
        averageLabel={averageLabel}
        language={language}
      />
    </figure>
  );
}
