import type { DashboardMonth } from '@siteledger/domain';
import { describe, expect, it } from 'vitest';
import {
  barScale,
  heightShare,
  monthLabel,
  monthLabelShown,
  visibleMonths,
} from './monthly-chart-scale';

const month = (index: number, deliveries: number, service_bookings = 0): DashboardMonth => ({
  month: `${2021 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`,
  deliveries,
  service_bookings,
  total: deliveries + service_bookings,
});

describe('monthly chart scale', () => {
  it('shows the newest 12 months by default and every month on request', () => {
    const fiveYears = Array.from({ length: 60 }, (_, index) => month(index, index));
    const shown = visibleMonths(fiveYears, '12');
    expect(shown).toHaveLength(12);
    expect(shown[0]?.month).toBe('2025-01');
    expect(shown.at(-1)?.month).toBe('2025-12');
    expect(visibleMonths(fiveYears, 'all')).toHaveLength(60);
    expect(visibleMonths(fiveYears.slice(0, 3), '12')).toHaveLength(3);
  });

  it('tops the axis at a round step above the tallest stacked bar', () => {
    expect(barScale([month(0, 46_260)])).toEqual({
      max: 60_000,
      ticks: [0, 20_000, 40_000, 60_000],
    });
    // Stacked: deliveries + bookings decide the height.
    expect(barScale([month(0, 300, 500), month(1, 100)]).max).toBe(800);
    expect(barScale([month(0, 0)])).toEqual({ max: 1, ticks: [0, 1] });
    expect(barScale([])).toEqual({ max: 1, ticks: [0, 1] });
  });

  it('clamps a bar to the axis', () => {
    expect(heightShare(25, 100)).toBe(0.25);
    expect(heightShare(-5, 100)).toBe(0);
    expect(heightShare(150, 100)).toBe(1);
    expect(heightShare(5, 0)).toBe(0);
  });

  it('names months in English and Hindi', () => {
    expect(monthLabel('2025-03', 'en', 'short')).toBe('Mar');
    expect(monthLabel('2025-03', 'en', 'long')).toBe('March 2025');
    expect(monthLabel('2025-03', 'hi', 'short')).toBe('मार्च');
    expect(monthLabel('not-a-month', 'en', 'short')).toBe('not-a-month');
  });

  it('always labels the newest month, fewer others on phones and long ranges', () => {
    expect([0, 1, 2, 3].map((index) => monthLabelShown(index, 4))).toEqual([
      'wide',
      'always',
      'wide',
      'always',
    ]);
    expect(monthLabelShown(59, 60)).toBe('always');
    expect(monthLabelShown(53, 60)).toBe('wide');
    expect(monthLabelShown(56, 60)).toBe('never');
    expect(monthLabelShown(47, 60)).toBe('always');
  });
});
