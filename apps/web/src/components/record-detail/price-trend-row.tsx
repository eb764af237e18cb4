import type { ComponentProps } from 'react';
import { PriceRangeCard } from './price-range-card';
import { TrendChart, type TrendPoint } from './trend-chart';

/**
 * A catalog record's prices over time beside their range (lowest, average, highest): the trend
 * takes two thirds of a laptop's width. Test ids `{testId}-trend` and `{testId}-{rangeId}`.
 */
export function PriceTrendRow({
  keyPrefix,
  points,
  average,
  testId,
  rangeId,
  ...range
}: {
  points: TrendPoint[] | undefined;
  average: number | undefined;
  testId: string;
  rangeId: string;
} & Omit<ComponentProps<typeof PriceRangeCard>, 'testId'>) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <div className="min-w-0 lg:col-span-2">
        <TrendChart
          keyPrefix={keyPrefix}
          points={points}
          average={average}
          loading={range.loading}
          testId={`${testId}-trend`}
        />
      </div>
      <PriceRangeCard keyPrefix={keyPrefix} {...range} testId={`${testId}-${rangeId}`} />
    </div>
  );
}
