import type { KeyboardEvent, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface Segment<T extends string> {
  value: T;
  label: string;
  /** Drawn before the label; told whether its segment is the chosen one. */
  icon?: (checked: boolean) => ReactNode;
}

const KEYS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * A segmented radio group (item | service, money in | out, monthly | yearly): one tab stop, the
 * arrow keys move the choice and the focus. Test ids `{testId}` and `{testId}-{value}`.
 */
export function SegmentedToggle<T extends string>({
  value,
  onChange,
  segments,
  label,
  className,
  buttonClassName = 'h-10 sm:h-9',
  testId,
}: {
  value: T;
  onChange: (value: T) => void;
  segments: readonly Segment<T>[];
  label: string;
  className?: string;
  /** Height and layout of each segment. */
  buttonClassName?: string;
  testId: string;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = KEYS[event.key];
    if (!step) return;
    event.preventDefault();
    const at = segments.findIndex((segment) => segment.value === value);
    const next = segments[(at + step + segments.length) % segments.length];
    if (!next) return;
    onChange(next.value);
    event.currentTarget.parentElement
      ?.querySelector<HTMLButtonElement>(`[data-value="${next.value}"]`)
      ?.focus();
  };
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={cn('grid grid-cols-2 gap-1 rounded-xl bg-surface-muted p-1', className)}
      data-testid={testId}
    >
      {segments.map((segment) => {
        const checked = value === segment.value;
        return (
          <button
            key={segment.value}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            data-value={segment.value}
            onClick={() => onChange(segment.value)}
            onKeyDown={onKeyDown}
            className={cn(
              'rounded-lg text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring',
              segment.icon && 'flex items-center justify-center gap-2',
              buttonClassName,
              checked ? 'bg-surface text-fg shadow-card' : 'text-fg-muted hover:text-fg',
            )}
            data-testid={`${testId}-${segment.value}`}
          >
            {segment.icon?.(checked)}
            {segment.label}
          </button>
        );
      })}
    </div>
  );
}
