import { cn } from '../../lib/cn';

export interface StripFigure {
  key: string;
  label: string;
  value: string;
  negative?: boolean;
  /** The total: set apart from the others. */
  strong?: boolean;
}

/** A report's headline figures in a card: two a row on phones, up to five on laptops. */
export function FigureStrip({ figures, testId }: { figures: StripFigure[]; testId: string }) {
  return (
    <dl
      className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-2xl border border-border bg-surface p-4 shadow-card sm:grid-cols-3 lg:grid-cols-5"
      data-testid={testId}
    >
      {figures.map((figure) => (
        <div key={figure.key} className="min-w-0">
          <dt className="text-xs text-fg-muted">{figure.label}</dt>
          <dd
            className={cn(
              'break-words tabular-nums',
              figure.strong ? 'text-lg font-semibold' : 'font-medium',
              figure.negative ? 'text-danger' : 'text-fg',
            )}
            data-testid={`${testId}-${figure.key}`}
          >
            {figure.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
