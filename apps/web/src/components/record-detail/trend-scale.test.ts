import { describe, expect, it } from 'vitest';
import { niceStep, scaleOf } from './trend-scale';

const points = (...values: number[]) =>
  values.map((value, index) => ({ date: `2025-01-${String(index + 1).padStart(2, '0')}`, value }));

describe('trend chart scale', () => {
  it('rounds steps to 1, 2, 2.5 or 5 × a power of ten, never below a paisa', () => {
    expect(niceStep(7)).toBe(10);
    expect(niceStep(12)).toBe(20);
    expect(niceStep(2.2)).toBe(2.5);
    expect(niceStep(0.4)).toBe(0.5);
    expect(niceStep(0.0001)).toBe(0.01);
    expect(niceStep(0)).toBe(1);
  });

  it('puts round ticks around the prices, with room above and below', () => {
    const { domain, ticks } = scaleOf(points(380, 402.75), 395.17);
    expect(domain).toEqual([370, 410]);
    expect(ticks).toEqual([370, 380, 390, 400, 410]);
  });

  it('keeps a flat or single-point trend readable and never goes below zero', () => {
    const flat = scaleOf(points(950), undefined);
    expect(flat.domain[0]).toBeLessThan(950);
    expect(flat.domain[1]).toBeGreaterThan(950);
    expect(flat.ticks.length).toBeGreaterThanOrEqual(3);
    const cheap = scaleOf(points(0.5, 0.75), undefined);
    expect(cheap.domain[0]).toBeGreaterThanOrEqual(0);
    expect(cheap.ticks.every((tick) => Number.isInteger(Math.round(tick * 100)))).toBe(true);
  });

  it('covers large amounts with Indian-sized steps', () => {
    const { ticks } = scaleOf(points(125000, 180000), undefined);
    expect(ticks[0]).toBeLessThanOrEqual(125000);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(180000);
    expect(ticks.length).toBeLessThanOrEqual(7);
  });
});
