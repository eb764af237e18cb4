/**
 * The HTML around the SVG trend line: rupee ticks on the left, dates underneath, the tooltip for
 * the point under the pointer, and the points as words for screen readers. Text stays HTML so the
 * stretched SVG never distorts it. The `recharts-*` class names are kept as the hooks the
 * end-to-end specs look for.
 * (Same file in features/items and features/services: features do not import each other.)
 */
import { formatInr, toPaise } from '@siteledger/domain';
import { cn } from '../../lib/cn';
import { formatIsoDate } from './dates';
import { xTickIndexes, yPercent, type PlacedPoint } from './trend-geometry';

export const rupees = (value: number) => formatInr(toPaise(value));

/** About 7 px per character of the longest tick label. */
export function axisWidth(ticks: number[]): number {
  const longest = Math.max(...ticks.map((tick) => rupees(tick).length));
  return Math.min(120, longest * 7 + 8);
}

export function ValueTicks({ ticks, domain }: { ticks: number[]; domain: [number, number] }) {
  return (
    <div
      className="recharts-yAxis-tick-labels relative shrink-0 text-xs text-fg-muted"
      style={{ width: axisWidth(ticks) }}
      aria-hidden="true"
    >
      {ticks.map((tick) => (
        <span
          key={tick}
          className="absolute right-2 -translate-y-1/2 tabular-nums"
          style={{ top: `${yPercent(tick, domain)}%` }}
        >
          {rupees(tick)}
        </span>
      ))}
    </div>
  );
}

export function DateTicks({
  placed,
  language,
  indent,
}: {
  placed: PlacedPoint[];
  language: string;
  indent: number;
}) {
  const indexes = xTickIndexes(placed.length, 5);
  return (
    <div
      className="recharts-xAxis-tick-labels relative h-4 text-xs text-fg-muted"
      style={{ marginLeft: indent }}
      aria-hidden="true"
    >
      {indexes.map((index, slot) => {
        const point = placed[index];
        if (!point) return null;
        const edge = slot === 0 ? 'left' : slot === indexes.length - 1 ? 'right' : 'middle';
        return (
          <span
            key={index}
            // Phones keep the first, middle and last dates; laptops up to five.
            className={cn(
              'absolute whitespace-nowrap',
              edge === 'middle' && '-translate-x-1/2',
              edge === 'right' && '-translate-x-full',
              slot % 2 === 1 && slot !== indexes.length - 1 && 'max-sm:hidden',
            )}
            style={{ left: `${point.x}%` }}
          >
            {formatIsoDate(point.date, language, 'dd MMM yy')}
          </span>
        );
      })}
    </div>
  );
}

export function PointList({
  placed,
  average,
  label,
  valueLabel,
  averageLabel,
  language,
}: {
  placed: PlacedPoint[];
  average: number | undefined;
  label: string;
  valueLabel: string;
  averageLabel: string;
  language: string;
}) {
  return (
    <ul className="sr-only" aria-label={label}>
      {placed.map((point, index) => (
        <li key={`${point.date}-${index}`}>
          {formatIsoDate(point.date, language)} — {valueLabel}: {rupees(point.value)}
        </li>
      ))}
      {average !== undefined ? (
        <li>
          {averageLabel}: {rupees(average)}
        </li>
      ) : null}
    </ul>
  );
}

export function TrendTooltip({ point, language }: { point: PlacedPoint; language: string }) {
  return (
    <div
      className="pointer-events-none absolute top-0 z-10 rounded-xl border border-border bg-surface px-3 py-2 text-sm shadow-pop"
      style={
        point.x < 50
          ? { left: `calc(${point.x}% + 12px)` }
          : { right: `calc(${100 - point.x}% + 12px)` }
      }
    >
      <p className="text-xs text-fg-muted">{formatIsoDate(point.date, language)}</p>
      <p className="mt-0.5 font-semibold tabular-nums text-fg">{rupees(point.value)}</p>
    </div>
  );
}

/**
 * A tick's guide across the SVG chart, at `y` (percent of its height) over `width` view units;
 * dashed unless `solid` (the dashboard's zero line). One pixel at any stretch.
 */
export function GuideLine({
  y,
  width,
  solid = false,
}: {
  y: number;
  width: number;
  solid?: boolean;
}) {
  return (
    <line
      x1={0}
      x2={width}
      y1={y}
      y2={y}
      stroke="var(--border)"
      strokeDasharray={solid ? undefined : '3 3'}
      vectorEffect="non-scaling-stroke"
    />
  );
}
