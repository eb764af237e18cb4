/** A report's totals under its table: label and amount pairs, in one row from 640 px. */
import { Card } from '../../components/ui/card';

export function ReportTotals({
  totals,
  testId,
}: {
  totals: readonly { key: string; label: string; value: string }[];
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 px-5 py-4 text-sm sm:flex sm:flex-wrap sm:justify-end sm:gap-x-8 sm:px-6">
        {totals.map((total) => (
          <div key={total.key} className="min-w-0 sm:text-right">
            <dt className="text-xs text-fg-muted">{total.label}</dt>
            <dd
              className="truncate text-base font-semibold tabular-nums text-fg"
              data-testid={`${testId}-${total.key}`}
            >
              {total.value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
