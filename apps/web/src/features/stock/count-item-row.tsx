import { fromMilli, toMilli } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../components/ui/quantity-field';
import { cn } from '../../lib/cn';
import { signedQuantity, type CountRowInput } from './count-form';
import { signedClass } from './stock-labels';

/** One item of the count sheet: on hand, the counted box, and the difference once typed. */
export function CountItemRow({
  row,
  text,
  counted,
  error,
  onChange,
}: {
  row: CountRowInput;
  text: string;
  counted: number | undefined;
  error: string | undefined;
  onChange: (text: string) => void;
}) {
  const { t } = useTranslation();
  const difference =
    counted === undefined || !Number.isFinite(counted)
      ? null
      : fromMilli(toMilli(counted) - toMilli(row.onHand));
  return (
    <li className="flex items-center gap-3 px-4 py-3" data-testid={`count-row-${row.item}`}>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-fg">{row.name}</p>
        <p className="text-sm text-fg-muted">
          {t('stock.count.books', { quantity: formatQuantity(row.onHand, row.unit) })}
          {difference !== null ? (
            <span className={cn('ml-2 font-medium', signedClass(difference))}>
              {signedQuantity(difference, row.unit)}
            </span>
          ) : null}
        </p>
        {error ? (
          <p className="text-sm text-danger" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="relative w-32 shrink-0">
        <input
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(event) => onChange(event.target.value)}
          placeholder={t('stock.count.notCounted')}
          aria-label={t('stock.count.countedOf', { name: row.name })}
          aria-invalid={error ? true : undefined}
          className={cn(
            'h-11 w-full rounded-lg border bg-surface pl-3 pr-12 text-right tabular-nums text-fg shadow-sm focus:border-primary focus:outline-none focus:ring-4 focus:ring-ring sm:h-10',
            error ? 'border-danger' : 'border-border',
          )}
          data-testid={`count-input-${row.item}`}
        />
        <span
          className="pointer-events-none absolute inset-y-0 right-0 flex max-w-12 items-center truncate pr-3 text-sm text-fg-subtle"
          aria-hidden="true"
        >
          {row.unit}
        </span>
      </div>
    </li>
  );
}
