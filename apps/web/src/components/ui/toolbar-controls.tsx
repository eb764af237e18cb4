import { useId } from 'react';
import { cn } from '../../lib/cn';
import { SelectChevron, type SelectOption } from './select-field';

/** The toolbar's compact control look (search box, dates, filter selects). */
export const compactControl =
  'h-11 w-full rounded-lg border border-border bg-surface px-3 text-[15px] text-fg shadow-sm transition-colors hover:border-border-strong focus:border-primary focus:outline-none focus:ring-4 focus:ring-ring sm:h-10 sm:text-sm';

/** A labelled date input of the toolbar's from/to range. */
export function CompactDate({
  label,
  value,
  onChange,
  min,
  max,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: string | undefined;
  max?: string | undefined;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="min-w-0 space-y-1 md:w-40">
      <label htmlFor={id} className="block text-xs font-medium text-fg-muted">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value)}
        className={compactControl}
        data-testid={testId}
      />
    </div>
  );
}

/** A compact labelled native select for the toolbar; '' means "all". */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
  allLabel,
  className,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** The '' option, e.g. "All units". */
  allLabel: string;
  className?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className={cn('min-w-0 space-y-1 md:w-48', className)}>
      <label htmlFor={id} className="block text-xs font-medium text-fg-muted">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={cn(compactControl, 'cursor-pointer appearance-none pr-9')}
          data-testid={testId}
        >
          <option value="">{allLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <SelectChevron />
      </div>
    </div>
  );
}
