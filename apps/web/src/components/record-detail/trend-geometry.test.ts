import { describe, expect, it } from 'vitest';
import { areaPath, linePath, placePoints, xTickIndexes, yPercent } from './trend-geometry';

const points = (...values: number[]) =>
  values.map((value, index) => ({ date: `2025-05-${String(index + 1).padStart(2, '0')}`, value }));

describe('trend chart geometry', () => {
  it('places points evenly across and by value up the domain', () => {
    const placed = placePoints(points(380, 402.75, 390), [370, 410]);
    expect(placed.map((point) => point.x)).toEqual([0, 50, 100]);
    expect(placed[0]?.y).toBeCloseTo(75);
    expect(placed[1]?.y).toBeCloseTo(18.125);
    expect(placePoints(points(500), [400, 600])[0]).toMatchObject({ x: 50, y: 50 });
  });

  it('clamps y to the chart and centres a flat domain', () => {
    expect(yPercent(1000, [0, 100])).toBe(0);
    expect(yPercent(-1, [0, 100])).toBe(100);
    expect(yPercent(5, [5, 5])).toBe(50);
  });

  it('draws the line and the closed area in view-box units', () => {
    const placed = placePoints(points(0, 100), [0, 100]);
    expect(linePath(placed)).toBe('M0,100L1000,0');
    expect(areaPath(placed)).toBe('M0,100L1000,0L1000,100L0,100Z');
    expect(linePath([])).toBe('');
    expect(areaPath([])).toBe('');
  });

  it('labels the first and last dates and spreads the rest', () => {
    expect(xTickIndexes(0, 5)).toEqual([]);
    expect(xTickIndexes(2, 5)).toEqual([0, 1]);
    expect(xTickIndexes(100, 5)).toEqual([0, 25, 50, 74, 99]);
    expect(xTickIndexes(6, 5)).toEqual([0, 1, 3, 4, 5]);
  });
});
