import { forwardRef, useId } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  error?: string | undefined;
}

export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(
  function CheckboxField({ label, error, id, className, ...rest }, ref) {
    const generated = useId();
    const inputId = id ?? generated;
    return (
      <div className={cn('space-y-1.5', className)}>
        <div className="flex items-start gap-3">
          <input
            ref={ref}
            id={inputId}
            type="checkbox"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            className="mt-0.5 size-[18px] shrink-0 cursor-pointer rounded border-border-strong accent-[var(--primary)] focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
            {...rest}
          />
          <label htmlFor={inputId} className="cursor-pointer text-sm leading-snug text-fg-muted">
            {label}
          </label>
        </div>
        {error ? (
          <p id={`${inputId}-error`} className="pl-[30px] text-sm text-danger" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    );
  },
);
