/**
 * A searchable single choice among a site's records (vendors, items): a field-styled button opens
 * a popover with a search box and a keyboard-navigable list (↑ ↓ Enter, Escape closes). `footer`
 * renders under the list (e.g. "+ Add vendor “typed text”") with the search text and a closer.
 */
import * as Popover from '@radix-ui/react-popover';
import { Check, ChevronsUpDown, Search } from 'lucide-react';
import { forwardRef, useId, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { FieldShell, inputClasses } from '../../components/ui/text-field';
import { cn } from '../../lib/cn';

export interface ComboOption {
  value: string;
  label: string;
  /** A second, muted line (company, unit…); also searched. */
  detail?: string | undefined;
  /** Short text at the end of the row (e.g. the unit). */
  badge?: string | undefined;
}

export interface RecordComboboxProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  options: readonly ComboOption[];
  placeholder: string;
  searchPlaceholder: string;
  emptyText: string;
  loading?: boolean;
  error?: string | undefined;
  hint?: ReactNode;
  disabled?: boolean;
  /** Visually hide the label (it stays the accessible name). */
  hideLabel?: boolean;
  autoFocus?: boolean;
  className?: string;
  testId?: string;
  onBlur?: () => void;
  /** Under the list: gets the typed search text and a function that closes the popover. */
  footer?: (text: string, close: () => void) => ReactNode;
}

export const RecordCombobox = forwardRef<HTMLButtonElement, RecordComboboxProps>(
  function RecordCombobox(
    {
      label,
      value,
      onChange,
      options,
      placeholder,
      searchPlaceholder,
      emptyText,
      loading = false,
      error,
      hint,
      disabled = false,
      hideLabel = false,
      autoFocus = false,
      className,
      testId,
      onBlur,
      footer,
    },
    ref,
  ) {
    const { t } = useTranslation();
    const id = useId();
    const listId = `${id}-list`;
    const [open, setOpen] = useState(false);
    const [text, setText] = useState('');
    const [active, setActive] = useState(0);
    const selected = options.find((option) => option.value === value);
    const matches = useMemo(() => {
      const query = text.trim().toLowerCase();
      if (!query) return options;
      return options.filter((option) =>
        `${option.label} ${option.detail ?? ''}`.toLowerCase().includes(query),
      );
    }, [options, text]);

    const choose = (option: ComboOption | undefined) => {
      if (!option) return;
      onChange(option.value);
      setOpen(false);
    };

    const openChange = (next: boolean) => {
      setOpen(next);
      setText('');
      setActive(Math.max(0, next ? options.findIndex((o) => o.value === value) : 0));
      if (!next) onBlur?.();
    };

    return (
      <FieldShell
        id={id}
        label={<span className={cn(hideLabel && 'sr-only')}>{label}</span>}
        error={error}
        hint={hint}
        className={className}
      >
        <Popover.Root open={open} onOpenChange={openChange}>
          <Popover.Trigger asChild>
            <button
              ref={ref}
              id={id}
              type="button"
              role="combobox"
              aria-expanded={open}
              aria-controls={open ? listId : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
              disabled={disabled}
              autoFocus={autoFocus}
              className={cn(
                inputClasses(Boolean(error)),
                'flex h-11 items-center gap-2 pr-2.5 text-left sm:h-10',
              )}
              data-testid={testId}
            >
              <span className={cn('min-w-0 flex-1 truncate', !selected && 'text-fg-subtle')}>
                {selected ? selected.label : placeholder}
              </span>
              {selected?.badge ? (
                <span className="shrink-0 rounded-md bg-surface-muted px-1.5 py-0.5 text-xs text-fg-muted">
                  {selected.badge}
                </span>
              ) : null}
              <ChevronsUpDown className="size-4 shrink-0 text-fg-subtle" aria-hidden="true" />
            </button>
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              align="start"
              sideOffset={6}
              collisionPadding={8}
              className="z-[70] w-[var(--radix-popper-anchor-width)] min-w-64 max-w-[calc(100vw-1rem)] rounded-xl border border-border bg-surface p-2 shadow-pop animate-pop-in focus:outline-none"
              data-testid={testId ? `${testId}-popover` : undefined}
            >
              <div className="relative">
                <Search
                  className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-fg-subtle"
                  aria-hidden="true"
                />
                <input
                  autoFocus
                  value={text}
                  onChange={(event) => {
                    setText(event.target.value);
                    setActive(0);
                  }}
                  onKeyDown={(event) => {
                    if (event.key === 'ArrowDown') {
                      event.preventDefault();
                      setActive((i) => Math.min(matches.length - 1, i + 1));
                    } else if (event.key === 'ArrowUp') {
                      event.preventDefault();
                      setActive((i) => Math.max(0, i - 1));
                    } else if (event.key === 'Enter') {
                      event.preventDefault();
                      choose(matches[active]);
                    }
                  }}
                  role="searchbox"
                  aria-controls={listId}
                  aria-activedescendant={matches[active] ? `${id}-opt-${active}` : undefined}
                  placeholder={searchPlaceholder}
                  aria-label={searchPlaceholder}
                  className="h-11 w-full rounded-lg border border-border bg-surface pl-8 pr-2 text-[15px] text-fg focus:border-primary focus:outline-none focus:ring-4 focus:ring-ring sm:h-10 sm:text-sm"
                  data-testid={testId ? `${testId}-search` : undefined}
                />
              </div>
              <ul
                id={listId}
                role="listbox"
                aria-label={typeof label === 'string' ? label : undefined}
                className="mt-2 max-h-64 overflow-y-auto"
              >
                {loading ? (
                  <li className="flex items-center gap-2 px-2 py-3 text-sm text-fg-muted">
                    <Spinner className="size-4" />
                    {t('common.loading')}
                  </li>
                ) : null}
                {matches.map((option, index) => {
                  const isSelected = option.value === value;
                  return (
                    <li
                      key={option.value}
                      id={`${id}-opt-${index}`}
                      role="option"
                      aria-selected={isSelected}
                      onMouseMove={() => setActive(index)}
                      onClick={() => choose(option)}
                      className={cn(
                        'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm text-fg sm:min-h-10',
                        index === active && 'bg-surface-hover',
                      )}
                      data-testid={testId ? `${testId}-option` : undefined}
                    >
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium">{option.label}</span>
                        {option.detail ? (
                          <span className="block truncate text-xs text-fg-muted">
                            {option.detail}
                          </span>
                        ) : null}
                      </span>
                      {option.badge ? (
                        <span className="shrink-0 text-xs text-fg-muted">{option.badge}</span>
                      ) : null}
                      <Check
                        className={cn('size-4 shrink-0 text-primary', !isSelected && 'invisible')}
                        aria-hidden="true"
                      />
                    </li>
                  );
                })}
                {!loading && matches.length === 0 ? (
                  <li className="px-2 py-3 text-sm text-fg-muted">{emptyText}</li>
                ) : null}
              </ul>
              {footer ? footer(text.trim(), () => openChange(false)) : null}
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      </FieldShell>
    );
  },
);
