/**
 * A business date (YYYY-MM-DD) with the browser's native date picker.
 *
 *   const schema = z.object({ delivery_date: dateSchema() });
 *   <DateField label={t('…')} max={todayIso()} error={fieldError(t, errors.delivery_date)}
 *     {...register('delivery_date')} />
 *
 * `todayIso()` is today in the browser's time zone (the site's day for Indian users).
 */
import { forwardRef } from 'react';
import { z } from 'zod';
import { cn } from '../../lib/cn';
import { TextField, type TextFieldProps } from './text-field';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today as YYYY-MM-DD in local time. */
export function todayIso(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

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

export type DateFieldProps = Omit<TextFieldProps, 'type'>;

export const DateField = forwardRef<HTMLInputElement, DateFieldProps>(function DateField(
  { className, ...rest },
  ref,
) {
  return (
    <TextField
      ref={ref}
      type="date"
      className={cn('tabular-nums [&::-webkit-calendar-picker-indicator]:opacity-60', className)}
      {...rest}
    />
  );
});
