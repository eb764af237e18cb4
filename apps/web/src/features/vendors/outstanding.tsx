import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { formatRupees } from '../../lib/format';

/**
 * Outstanding amount: amber and bold while something is owed; the vendor's advance (paid and not
 * yet set against a bill) beside it when there is one.
 */
export function Outstanding({
  amount,
  advance = 0,
  align = 'end',
  className,
}: {
  amount: number;
  advance?: number;
  align?: 'start' | 'end';
  className?: string;
}) {
  const { t } = useTranslation();
  const owed = amount > 0;
  return (
    <span
      className={cn(
        'inline-flex flex-col leading-tight',
        align === 'end' ? 'items-end' : 'items-start',
      )}
    >
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
      {advance > 0 ? (
        <span className="text-xs tabular-nums text-success-soft-fg" data-testid="vendor-advance">
          {t('advance.label', { amount: formatRupees(advance) })}
        </span>
      ) : null}
    </span>
  );
}
