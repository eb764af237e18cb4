/**
 * The y scale of the trend chart: round ticks (1, 2, 2.5 or 5 × a power of ten) and a little room
 * above and below the line.
 * (Same file in features/items and features/services: features do not import each other.)
 */

export interface TrendPoint {
  /** YYYY-MM-DD */
  date: string;
  /** Rupees. */
  value: number;
}

/** 1, 2, 2.5 or 5 × a power of ten, at least one paisa. */
export function niceStep(raw: number): number {
  if (!(raw > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice =
    fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return Math.max(0.01, nice * power);
}

/**
 * A y scale with round ticks and a little room above and below the line, so a flat or
 * single-point trend stays readable.
 */
export function scaleOf(points: TrendPoint[], average: number | undefined) {
  const values = points.map((point) => point.value);
  if (average !== undefined) values.push(average);
  if (values.length === 0) return { domain: [0, 1] as [number, number], ticks: [0, 1] };
  const min = Math.min(...values);
  const max = Math.max(...values);
  const pad = max > min ? (max - min) * 0.1 : Math.max(1, max * 0.1);
  const step = niceStep((max - min + 2 * pad) / 4);
  const paisa = (value: number) => Math.round(value * 100) / 100;
  const low = paisa(Math.max(0, Math.floor((min - pad) / step) * step));
  const high = paisa(Math.ceil((max + pad) / step) * step);
  const ticks: number[] = [];
  for (let index = 0; low + index * step <= high + step / 1000; index += 1) {
    ticks.push(paisa(low + index * step));
  }
  return { domain: [low, high] as [number, number], ticks };
}
