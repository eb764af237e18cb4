/**
 * A business date (YYYY-MM-DD) with the browser's native date picker.
 *
 *   const schema = z.object({ delivery_date: dateSchema() });
 *   <DateField label={t('…')} max={todayIso()} error={fieldError(t, errors.delivery_date)}
 *     {...register('delivery_date')} />
 *
 * `todayIso()` is today in the browser's time zone (the site's day for Indian users).
 */
import { forwardRef, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { cn } from '../../lib/cn';
import { todayIso } from '../../lib/today';
import { TextField, type TextFieldProps } from './text-field';

// Pages that only need today's date import it from lib, without this field's zod (issue 42).
export { todayIso };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date in YYYY-MM-DD form. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** Required date; `.optional()`-style: use `dateSchema({ optional: true })` ('' becomes undefined). */
export function dateSchema(options: { optional?: boolean } = {}) {
  const base = z.string().refine((v) => v === '' || isIsoDate(v), 'kit.validation.date');
  return options.optional
    ? base.transform((v) => (v === '' ? undefined : v)).optional()
    : base.refine((v) => v !== '', 'validation.required');
}

export interface DateFieldProps extends Omit<TextFieldProps, 'type'> {
  /**
   * A date that has happened (a delivery, a payment…): one after today shows a warning under the
   * field, without blocking the save (issue 38: a typo in the year went through unnoticed).
   */
  warnFuture?: boolean;
}

export const DateField = forwardRef<HTMLInputElement, DateFieldProps>(function DateField(
  { className, warnFuture = false, hint, onChange, ...rest },
  ref,
) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement | null>(null);
  // The field is uncontrolled (react-hook-form's register): its value is read from the element.
  const [value, setValue] = useState('');
  useEffect(() => {
    if (warnFuture && input.current) setValue(input.current.value);
  }, [warnFuture]);
  const setRefs = useCallback(
    (node: HTMLInputElement | null) => {
      input.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  const future = warnFuture && isIsoDate(value) && value > todayIso();
  const testId = (rest as { 'data-testid'?: string })['data-testid'];
  return (
    <TextField
      ref={setRefs}
      type="date"
      className={cn('tabular-nums [&::-webkit-calendar-picker-indicator]:opacity-60', className)}
      hint={
        future ? (
          <span
            role="status"
            className="font-medium text-amber-700 dark:text-amber-300"
            data-testid={testId ? `${testId}-future` : undefined}
          >
            {t('kit.dateField.future')}
          </span>
        ) : (
          hint
        )
      }
      onChange={(event) => {
        if (warnFuture) setValue(event.target.value);
        onChange?.(event);
      }}
      {...rest}
    />
  );
});
