/** Small pieces of the booking form: a locked field, the percent slider and the rate warning. */
import { Lock, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

/** A value that cannot change here (payments exist): shown, not editable. */
export function LockedField({
  label,
  value,
  testId,
}: {
  label: string;
  value: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <p id={id} className="text-sm font-medium text-fg">
        {label}
      </p>
      <p
        aria-labelledby={id}
        className="flex h-11 items-center gap-2 rounded-lg border border-border bg-surface-muted px-3 text-[15px] text-fg-muted sm:h-10 sm:text-sm"
        data-testid={testId}
      >
        <Lock className="size-3.5 shrink-0" aria-hidden="true" />
        <span className="truncate">{value}</span>
      </p>
    </div>
  );
}

/** 0–100 as a slider and a number box that follow each other. */
export function PercentField({
  label,
  value,
  onChange,
  onBlur,
  error,
  testId,
}: {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  onBlur: () => void;
  error?: string | undefined;
  testId?: string;
}) {
  const id = useId();
  const { t } = useTranslation();
  const shown = value ?? 0;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <div className="flex items-center gap-3">
        <input
          type="range"
          min={0}
          max={100}
          step={5}
          value={Number.isFinite(shown) ? shown : 0}
          onChange={(event) => onChange(Number(event.target.value))}
          onBlur={onBlur}
          aria-label={t('serviceBookings.form.percentSlider')}
          className="h-11 min-w-0 flex-1 cursor-pointer accent-[var(--primary)]"
          data-testid={testId ? `${testId}-slider` : undefined}
        />
        <div className="relative w-24 shrink-0">
          <input
            id={id}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            value={value === undefined || Number.isNaN(value) ? '' : value}
            onChange={(event) =>
              onChange(event.target.value === '' ? undefined : Number(event.target.value))
            }
            onBlur={onBlur}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={cn(
              'block h-11 w-full rounded-lg border bg-surface pl-3 pr-8 text-[15px] tabular-nums text-fg shadow-sm [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none focus:border-primary focus:outline-none focus:ring-4 focus:ring-ring sm:h-10 sm:text-sm',
              error ? 'border-danger' : 'border-border',
            )}
            data-testid={testId}
          />
          <span
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-fg-subtle"
            aria-hidden="true"
          >
            %
          </span>
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The spec's warning when the unit rate of a saved booking changes. */
export function RateWarning({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div
      role="status"
      className="flex gap-3 rounded-xl border border-warning-soft-fg/20 bg-warning-soft px-4 py-3 text-sm text-warning-soft-fg"
      data-testid={testId}
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="leading-relaxed">{children}</div>
    </div>
  );
}

/** A thin bar with the percentage beside it. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const value = Math.min(100, Math.max(0, percent));
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-1.5 w-20 overflow-hidden rounded-full bg-surface-muted ring-1 ring-inset ring-border"
      >
        <div
          className={cn('h-full rounded-full', value >= 100 ? 'bg-success' : 'bg-primary')}
          style={{ width: `${value}%` }}
        />
      </div>
      <span className="w-9 text-right text-xs font-medium tabular-nums text-fg-muted">
        {value}%
      </span>
    </div>
  );
}
