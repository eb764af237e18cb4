import { cn } from '../../lib/cn';
import { formatRupees } from '../../lib/format';

/** Outstanding amount: amber and bold while something is owed. */
export function Outstanding({ amount, className }: { amount: number; className?: string }) {
  const owed = amount > 0;
  return (
    <span
      className={cn(
        'tabular-nums',
        owed ? 'font-semibold text-warning-soft-fg' : 'text-fg-muted',
        className,
      )}
      data-owed={owed || undefined}
    >
      {formatRupees(amount)}
    </span>
  );
}
