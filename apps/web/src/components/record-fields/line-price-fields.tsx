/**
 * The cells of an item line that price it — quantity in the item's unit, unit price and GST
 * rate — inside the line's grid, for the forms whose lines sit at `lines.<index>` (a delivery's,
 * a purchase order's). Also the line's taxable value with its GST beneath. Test ids:
 * `<testId>-quantity`, `-price`, `-rate`, `-total`, `-gst`.
 */
import { formatInr } from '@siteledger/domain';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { fieldError } from '../../lib/form';
import { GstRateField } from '../gst/gst-form-fields';
import { MoneyField, parseDecimalInput } from '../ui/money-field';
import { QuantityField } from '../ui/quantity-field';

/** The part of a lines form these cells read and write. */
interface PricedLinesInput {
  lines: {
    quantity?: number | undefined;
    unit_price?: number | undefined;
    gst_rate?: number | null | undefined;
  }[];
}

export function LinePriceFields({
  index,
  unit,
  labels,
  quantityHint,
  testId,
}: {
  index: number;
  /** The picked item's unit. */
  unit: string | undefined;
  labels: { quantity: string; price: string };
  quantityHint?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<PricedLinesInput>();
  const lineErrors = errors.lines?.[index];
  return (
    <>
      <QuantityField
        label={labels.quantity}
        unit={unit}
        error={fieldError(t, lineErrors?.quantity)}
        hint={quantityHint}
        data-testid={`${testId}-quantity`}
        {...register(`lines.${index}.quantity`, { setValueAs: parseDecimalInput })}
      />
      <MoneyField
        label={labels.price}
        error={fieldError(t, lineErrors?.unit_price)}
        data-testid={`${testId}-price`}
        {...register(`lines.${index}.unit_price`, { setValueAs: parseDecimalInput })}
      />
      <GstRateField
        control={control}
        name={`lines.${index}.gst_rate`}
        label={t('gst.rate')}
        error={fieldError(t, lineErrors?.gst_rate)}
        containerClassName="col-span-2 sm:col-span-1"
        data-testid={`${testId}-rate`}
      />
    </>
  );
}

/**
 * The line's taxable value (quantity × unit price); muted, where `mutedWhenUnknown`, while it
 * cannot be worked out. Its GST, when the line has some, shows beneath.
 */
export function LineTotal({
  total,
  tax,
  labels,
  mutedWhenUnknown = false,
  className,
  testId,
}: {
  total: number | null;
  tax: number | null;
  labels: { total: string; plusGst: (amount: string) => string };
  mutedWhenUnknown?: boolean;
  className: string;
  testId: string;
}) {
  return (
    <p className={cn('text-right', className)} data-testid={`${testId}-total`}>
      <span className="block text-xs text-fg-muted">{labels.total}</span>
      <span
        className={cn(
          'text-base font-semibold tabular-nums',
          mutedWhenUnknown && total === null ? 'text-fg-subtle' : 'text-fg',
        )}
      >
        {formatInr(total ?? 0)}
      </span>
      {tax ? (
        <span className="block text-xs tabular-nums text-fg-muted" data-testid={`${testId}-gst`}>
          {labels.plusGst(formatInr(tax))}
        </span>
      ) : null}
    </p>
  );
}
