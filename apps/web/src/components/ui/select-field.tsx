/**
 * A labelled native <select> in the text-field style (the phone's own picker on mobile).
 *
 *   <SelectField label={t('items.fields.unit')} options={units} placeholder={t('kit.select.choose')}
 *     error={fieldError(t, errors.unit)} {...register('unit')} />
 *
 * `options` = [{ value, label }]; or pass <option> children. `placeholder` adds a first empty option.
 */
import { ChevronDown } from 'lucide-react';
import { forwardRef } from 'react';
import type { SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { FieldShell, inputClasses, useField, type FieldFrameProps } from './text-field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement>, FieldFrameProps {
  options?: readonly SelectOption[];
  /** A first option with value '' (e.g. "Choose…" or "All units"). */
  placeholder?: string;
}

export const selectClasses = (invalid: boolean) =>
  cn(inputClasses(invalid), 'h-11 cursor-pointer appearance-none pr-9 sm:h-10');

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(
  function SelectField(props, ref) {
    const field = useField(props);
    const { options, placeholder, className, children, ...rest } = field.rest;
    return (
      <FieldShell {...field.shell}>
        <div className="relative">
          <select
            ref={ref}
            {...field.control}
            className={cn(selectClasses(field.invalid), className)}
            {...rest}
          >
            {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
            {options?.map((option) => (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
            {children}
          </select>
          <SelectChevron />
        </div>
      </FieldShell>
    );
  },
);

/** The ▾ over a native select's right edge (the select itself draws none). */
export function SelectChevron() {
  return (
    <ChevronDown
      className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-fg-subtle"
      aria-hidden="true"
    />
  );
}
