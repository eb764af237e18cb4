import { forwardRef, useId } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';

export interface ActiveSwitchProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  description?: ReactNode;
}

/**
 * An on/off switch (a native checkbox with role="switch", so react-hook-form's register works
 * and keyboard and screen readers behave); the whole row is the touch target.
 */
export const ActiveSwitch = forwardRef<HTMLInputElement, ActiveSwitchProps>(function ActiveSwitch(
  { label, description, id, ...rest },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <label
      htmlFor={inputId}
      className="flex cursor-pointer items-center justify-between gap-4 rounded-xl border border-border px-4 py-3 transition-colors hover:bg-surface-hover has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-ring"
    >
      <span className="min-w-0">
        <span id={`${inputId}-label`} className="block text-sm font-medium text-fg">
          {label}
        </span>
        {description ? (
          <span id={`${inputId}-description`} className="mt-0.5 block text-xs text-fg-muted">
            {description}
          </span>
        ) : null}
      </span>
      <span className="relative inline-flex shrink-0 items-center">
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          role="switch"
          className="peer sr-only"
          aria-labelledby={`${inputId}-label`}
          aria-describedby={description ? `${inputId}-description` : undefined}
          {...rest}
        />
        <span
          className="h-7 w-12 rounded-full bg-border-strong transition-colors peer-checked:bg-success"
          aria-hidden="true"
        />
        <span
          className="absolute left-0.5 top-0.5 size-6 rounded-full bg-white shadow-card transition-transform peer-checked:translate-x-5"
          aria-hidden="true"
        />
      </span>
    </label>
  );
});
