import { forwardRef, useId, useState } from 'react';
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

export const inputClasses = (invalid: boolean) =>
  cn(
    'block w-full rounded-lg border bg-surface px-3 text-[15px] text-fg shadow-sm transition-colors sm:text-sm',
    'placeholder:text-fg-subtle',
    'focus:outline-none focus:ring-4 focus:ring-ring focus:border-primary',
    'disabled:cursor-not-allowed disabled:opacity-60',
    invalid ? 'border-danger' : 'border-border hover:border-border-strong',
  );

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  children: ReactNode;
  className?: string | undefined;
  trailingLabel?: ReactNode;
}

export function FieldShell({
  id,
  label,
  error,
  hint,
  optional,
  children,
  className,
  trailingLabel,
}: FieldShellProps) {
  const { t } = useTranslation();
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
          {optional ? (
            <span className="ml-1.5 font-normal text-fg-subtle">({t('common.optional')})</span>
          ) : null}
        </label>
        {trailingLabel}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-fg-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** What every labelled field takes besides its control's own attributes. */
export interface FieldFrameProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  containerClassName?: string;
  id?: string | undefined;
}

/**
 * Splits a field's props into the shell's, the control's id and aria wiring (the error, else the
 * hint, describes it) and the rest, which go on the control.
 */
export function useField<P extends FieldFrameProps>(props: P) {
  const { label, error, hint, optional, containerClassName, id, ...rest } = props;
  const generated = useId();
  const inputId = id ?? generated;
  return {
    shell: { id: inputId, label, error, hint, optional, className: containerClassName },
    control: {
      id: inputId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined,
    },
    invalid: Boolean(error),
    rest,
  };
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement>, FieldFrameProps {
  trailingLabel?: ReactNode;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(
  function TextField(props, ref) {
    const field = useField(props);
    const { trailingLabel, className, type, ...rest } = field.rest;
    const { t } = useTranslation();
    const [revealed, setRevealed] = useState(false);
    const isPassword = type === 'password';
    return (
      <FieldShell {...field.shell} trailingLabel={trailingLabel}>
        <div className="relative">
          <input
            ref={ref}
            {...field.control}
            type={isPassword && revealed ? 'text' : type}
            className={cn(
              inputClasses(field.invalid),
              'h-11 sm:h-10',
              isPassword && 'pr-11',
              className,
            )}
            {...rest}
          />
          {isPassword ? (
            <button
              type="button"
              onClick={() => setRevealed((value) => !value)}
              className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-fg-subtle hover:text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
              aria-label={revealed ? t('common.hidePassword') : t('common.showPassword')}
              aria-pressed={revealed}
            >
              {revealed ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
            </button>
          ) : null}
        </div>
      </FieldShell>
    );
  },
);

export interface TextAreaFieldProps
  extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldFrameProps {}

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(
  function TextAreaField(props, ref) {
    const field = useField(props);
    const { className, rows = 3, ...rest } = field.rest;
    return (
      <FieldShell {...field.shell}>
        <textarea
          ref={ref}
          {...field.control}
          rows={rows}
          className={cn(inputClasses(field.invalid), 'resize-y py-2.5', className)}
          {...rest}
        />
      </FieldShell>
    );
  },
);
