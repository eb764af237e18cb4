/**
 * A quantity: decimal keypad on phones, at most 3 decimals, the unit shown after the number.
 *
 *   const schema = z.object({ quantity: quantitySchema() });   // > 0, ≤ 3 decimals
 *   <QuantityField label={t('…')} unit="bag" error={fieldError(t, errors.quantity)}
 *     {...register('quantity', { setValueAs: parseDecimalInput })} />
 *
 * Unit labels (items and services) live under `kit.units.<unit>`: `unitLabel(t, 'bag')` →
 * "Bag (bag)" for pickers; `unitOptions(t, ITEM_UNITS)` builds SelectField options. Figures show
 * the short unit in the user's language, `kit.unitShort.<unit>`: `formatQuantity(12.5, 'bag')` →
 * "12.5 bag" ("12.5 बोरी" in Hindi). Units that are two spellings of one (ton/MT, m3/cum,
 * ft3/cft) show as one: both stay accepted, the select offers only the usual one (issue 38).
 */
import type { TFunction } from 'i18next';
import { forwardRef } from 'react';
import type { InputHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { i18n } from '../../lib/i18n';
import { decimalSchema } from './money-field';
import type { SelectOption } from './select-field';
import { FieldShell, inputClasses, useField, type FieldFrameProps } from './text-field';

export { parseDecimalInput } from './money-field';
// Figures need no form code (zod): they live in lib, and pages that only show them import them
// from there (issue 42).
import { unitShort } from '../../lib/quantity-format';

export { formatQuantity, unitShort } from '../../lib/quantity-format';

/** > 0 with at most 3 decimals (API.md quantities). */
export function quantitySchema() {
  return decimalSchema({
    decimals: 3,
    decimalsMessage: 'kit.validation.threeDecimals',
    positive: true,
    allowNegative: false,
    max: 1e9,
  });
}

/** "Bag (bag)" — the translated unit name with its code; the code itself when unknown. */
export function unitLabel(t: TFunction, unit: string): string {
  const key = `kit.units.${unit}`;
  return i18n.exists(key) ? t(key) : unit;
}

/** The other spelling of a unit the select does not offer (the item keeps it if it has it). */
const SAME_AS: Readonly<Record<string, string>> = { ton: 'MT', m3: 'cum', ft3: 'cft' };

/** The units to choose from; `current` (an item's unit) stays even when it is a second spelling. */
export function unitOptions(
  t: TFunction,
  units: readonly string[],
  current?: string,
): SelectOption[] {
  return units
    .filter((unit) => !SAME_AS[unit] || unit === current)
    .map((unit) => ({ value: unit, label: unitLabel(t, unit) }));
}

export interface QuantityFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>, FieldFrameProps {
  /** Shown after the number (the unit code, e.g. "bag"). */
  unit?: string | undefined;
}

export const QuantityField = forwardRef<HTMLInputElement, QuantityFieldProps>(
  function QuantityField(props, ref) {
    const field = useField(props);
    const { unit, className, ...rest } = field.rest;
    return (
      <FieldShell {...field.shell}>
        <div className="relative">
          <input
            ref={ref}
            {...field.control}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            className={cn(
              inputClasses(field.invalid),
              'h-11 tabular-nums sm:h-10',
              unit && 'pr-16',
              className,
            )}
            {...rest}
          />
          {unit ? (
            <span
              className="pointer-events-none absolute inset-y-0 right-0 flex max-w-16 items-center truncate pr-3 text-sm text-fg-subtle"
              aria-hidden="true"
            >
              {unitShort(unit)}
            </span>
          ) : null}
        </div>
      </FieldShell>
    );
  },
);
