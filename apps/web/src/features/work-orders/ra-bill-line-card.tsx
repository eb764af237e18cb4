/**
 * One BOQ line in the RA bill form, sized for a thumb on a 390 px phone: the line, what was
 * ordered and billed before, a big box for the cumulative quantity to date, and this bill's
 * quantity and amount (or why the number cannot be taken).
 */
import { formatInr, fromMilli, toMilli, toPaise, type WorkOrderLine } from '@siteledger/domain';
import type { UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { parseDecimalInput } from '../../components/form/decimal-input';
import { FormPhotos } from '../../components/form-photos';
import { PhotoGrid } from '../../components/photo-grid';
import { QuantityField } from '../../components/ui/quantity-field';
import { fieldError } from '../../lib/form';
import { formatQuantity } from '../../lib/quantity-format';
import type { RaFormInput, RaFormValues } from './ra-bill-form';

export function RaBillLineCard({
  form,
  index,
  line,
  previousMilli,
  amount,
  problem,
  saved = [],
  photos,
  onPhotos,
  photosLater = false,
}: {
  form: UseFormReturn<RaFormInput, unknown, RaFormValues>;
  index: number;
  line: WorkOrderLine;
  previousMilli: number;
  /** This bill's amount on the line (paise), null while the quantities do not add up. */
  amount: number | null;
  problem: 'below_previous' | 'above_ordered' | null;
  /** The photos the bill's line already has (editing). */
  saved?: readonly string[] | undefined;
  photos: File[];
  onPhotos: (files: File[]) => void;
  /** Offline, a new bill: its photos are added once it is sent (by editing it). */
  photosLater?: boolean;
}) {
  const { t } = useTranslation();
  const typed = useWatch({ control: form.control, name: `lines.${index}.cumulative_quantity` });
  const previous = fromMilli(previousMilli);
  const thisBill =
    typeof typed === 'number' && Number.isFinite(typed)
      ? fromMilli(Math.max(0, toMilli(typed) - previousMilli))
      : 0;
  const q = (value: number) => formatQuantity(value, line.unit);
  const error =
    fieldError(t, form.getFieldState(`lines.${index}.cumulative_quantity`, form.formState).error) ??
    (problem === 'above_ordered'
      ? t('workOrders.raBill.aboveOrdered', { ordered: q(line.quantity) })
      : problem === 'below_previous'
        ? t('workOrders.raBill.belowPrevious', { previous: q(previous) })
        : undefined);

  return (
    <li
      className="rounded-2xl border border-border bg-surface p-4"
      data-testid={`ra-line-${index}`}
    >
      <p className="font-medium text-fg">{line.description}</p>
      <p className="mt-0.5 text-sm text-fg-muted">
        {t('workOrders.raBill.orderedPrevious', {
          ordered: q(line.quantity),
          previous: q(previous),
          rate: formatInr(toPaise(line.rate)),
        })}
      </p>
      <QuantityField
        unit={line.unit}
        label={t('workOrders.raBill.fields.cumulative')}
        className="h-14 text-xl sm:h-12 sm:text-lg"
        error={error}
        data-testid={`ra-line-${index}-cumulative`}
        containerClassName="mt-3"
        {...form.register(`lines.${index}.cumulative_quantity`, { setValueAs: parseDecimalInput })}
      />
      <p className="mt-2 flex flex-wrap justify-between gap-x-3 text-sm">
        <span className="text-fg-muted">
          {t('workOrders.raBill.thisBill', { quantity: q(thisBill) })}
        </span>
        <span
          className="font-semibold tabular-nums text-fg"
          data-testid={`ra-line-${index}-amount`}
        >
          {amount === null ? '—' : formatInr(amount)}
        </span>
      </p>
      {saved.length > 0 ? (
        <PhotoGrid names={saved} className="mt-3" testId={`ra-line-${index}-saved-photos`} />
      ) : null}
      <div className="mt-3">
        {photosLater ? (
          <p className="text-xs text-fg-muted" data-testid={`ra-line-${index}-photos-later`}>
            {t('workOrders.raBill.photosLater')}
          </p>
        ) : (
          <FormPhotos
            value={photos}
            onChange={onPhotos}
            title={t('workOrders.raBill.photo')}
            testId={`ra-line-${index}-photos`}
          />
        )}
      </div>
    </li>
  );
}
