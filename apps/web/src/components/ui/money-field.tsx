/**
 * A rupee amount: "₹" prefix, decimal keypad on phones, at most 2 decimals.
 * Works with react-hook-form's register; the value is parsed to a number by `parseDecimalInput`:
 *
 *   const schema = z.object({ unit_price: moneySchema({ positive: true }) });
 *   <MoneyField label={t('…')} error={fieldError(t, errors.unit_price)}
 *     {...register('unit_price', { setValueAs: parseDecimalInput })} />
 *
 * `moneySchema` gives i18n-key messages (shown through `fieldError`): required, positive, 2 decimals.
 * Live totals in a form: `lineTotalPaise(toMilli(qty), toPaise(price))` then `formatInr` — never
 * add rupee floats.
 */
import { hasAtMostDecimals, MAX_RUPEES } from '@siteledger/domain';
import { forwardRef, useRef } from 'react';
import type { InputHTMLAttributes } from 'react';
import { z } from 'zod';
import { cn } from '../../lib/cn';
import { FieldShell, inputClasses, useField, type FieldFrameProps } from './text-field';

export { parseDecimalInput } from '../form/decimal-input';

/** A decimal number field's schema; messages are i18n keys for `fieldError`. */
export function decimalSchema({
  decimals,
  decimalsMessage,
  positive,
  allowNegative,
  max,
}: {
  decimals: number;
  decimalsMessage: string;
  positive: boolean;
  allowNegative: boolean;
  max: number;
}) {
  return z
    .number({
      error: (issue) =>
        issue.input === undefined ? 'validation.required' : 'kit.validation.number',
    })
    .refine((v) => hasAtMostDecimals(v, decimals), decimalsMessage)
    .refine((v) => !positive || !(v <= 0), 'kit.validation.positive')
    .refine((v) => allowNegative || positive || !(v < 0), 'kit.validation.notNegative')
    .refine((v) => !(Math.abs(v) > max), 'validation.tooLarge');
}

/** Rupees: required (use `.optional()` for optional), ≥ 0 (or > 0 with positive; any sign with allowNegative). */
export function moneySchema(options: { positive?: boolean; allowNegative?: boolean } = {}) {
  return decimalSchema({
    decimals: 2,
    decimalsMessage: 'validation.twoDecimals',
    positive: options.positive ?? false,
    allowNegative: options.allowNegative ?? false,
    max: MAX_RUPEES,
  });
}

/** "0", "0.00", "-0": a zero amount as typed. */
const isZero = (value: string): boolean =>
  /^[-+]?0*(\.0*)?$/.test(value.trim()) && value.trim() !== '';

export interface MoneyFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>, FieldFrameProps {
  /** Allow a leading minus (round-off). */
  allowNegative?: boolean;
}

export const MoneyField = forwardRef<HTMLInputElement, MoneyFieldProps>(
  function MoneyField(props, ref) {
    const field = useField(props);
    const { className, allowNegative, ...rest } = field.rest;
    const selectedOnFocus = useRef(false);
    return (
      <FieldShell {...field.shell}>
        <div className="relative">
          <span
            className="pointer-events-none absolute inset-y-0 left-0 flex w-9 items-center justify-center text-[15px] font-medium text-fg-subtle sm:text-sm"
            aria-hidden="true"
          >
            ₹
          </span>
          <input
            ref={ref}
            {...field.control}
            type="text"
            inputMode={allowNegative ? 'text' : 'decimal'}
            autoComplete="off"
            placeholder="0.00"
            className={cn(inputClasses(field.invalid), 'h-11 pl-8 tabular-nums sm:h-10', className)}
            {...rest}
            onFocus={(event) => {
              // A zero is a placeholder of sorts: typing replaces it instead of giving "010,00,000"
              // (issue 38). The click that focused must not undo the selection on mouse-up.
              if (isZero(event.currentTarget.value)) {
                event.currentTarget.select();
                selectedOnFocus.current = true;
              }
              rest.onFocus?.(event);
            }}
            onMouseUp={(event) => {
              if (selectedOnFocus.current) event.preventDefault();
              selectedOnFocus.current = false;
              rest.onMouseUp?.(event);
            }}
          />
        </div>
      </FieldShell>
    );
  },
);
