/**
 * Pure geometry for the SVG trend line: points placed evenly left to right (as the dates were
 * recorded), y from the scale's domain, in a 0–1000 × 0–100 view box the SVG stretches to fit.
 * (Same file in features/items and features/services: features do not import each other.)
 */
import type { TrendPoint } from './trend-scale';

export const VIEW_WIDTH = 1000;
export const VIEW_HEIGHT = 100;

export interface PlacedPoint extends TrendPoint {
  /** Percent of the width, 0–100. */
  x: number;
  /** Percent of the height from the top, 0–100. */
  y: number;
}

/** Percent from the top for a value within [low, high]. */
export function yPercent(value: number, [low, high]: [number, number]): number {
  if (!(high > low)) return 50;
  return Math.min(100, Math.max(0, ((high - value) / (high - low)) * 100));
}

export function placePoints(points: TrendPoint[], domain: [number, number]): PlacedPoint[] {
  const last = points.length - 1;
  return points.map((point, index) => ({
    ...point,
    // A single point sits in the middle rather than on the axis.
    x: last > 0 ? (index / last) * 100 : 50,
    y: yPercent(point.value, domain),
  }));
}

const round = (value: number) => Math.round(value * 100) / 100;

/** The line's `d` in view-box units: "M0,40L500,20L1000,60". */
export function linePath(placed: PlacedPoint[]): string {
  return placed
    .map((point, index) => {
      const x = round((point.x / 100) * VIEW_WIDTH);
      const y = round((point.y / 100) * VIEW_HEIGHT);
      return `${index === 0 ? 'M' : 'L'}${x},${y}`;
    })
    .join('');
}

/** The same line closed along the bottom, for the soft fill under it. */
export function areaPath(placed: PlacedPoint[]): string {
  if (placed.length === 0) return '';
  const first = round(((placed[0]?.x ?? 0) / 100) * VIEW_WIDTH);
  const last = round(((placed.at(-1)?.x ?? 0) / 100) * VIEW_WIDTH);
  return `${linePath(placed)}L${last},${VIEW_HEIGHT}L${first},${VIEW_HEIGHT}Z`;
}

/** Indexes of the points whose dates label the x axis: first and last always, evenly between. */
export function xTickIndexes(count: number, most: number): number[] {
  if (count <= 0) return [];
  if (count <= most) return Array.from({ length: count }, (_, index) => index);
  const slots = Math.max(2, most);
  const indexes = Array.from({ length: slots }, (_, slot) =>
    Math.round((slot * (count - 1)) / (slots - 1)),
  );
  return [...new Set(indexes)];
}
