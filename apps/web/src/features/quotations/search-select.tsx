/**
 * A select with a search box (vendors, items, services can number in the hundreds). Keyboard:
 * type to filter, ↑/↓ to move, Enter to choose, Escape to close.
 *
 *   <SearchSelect label={t('…')} value={field.value} onChange={field.onChange}
 *     options={[{ value: id, label: 'Sharma Traders', description: 'Cement · Steel' }]}
 *     placeholder={t('kit.select.choose')} testId="quotation-vendor" />
 */
import * as Popover from '@radix-ui/react-popover';
import { Check, ChevronDown, Search } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { selectClasses } from '../../components/ui/select-field';
import { Spinner } from '../../components/ui/spinner';
import { FieldShell } from '../../components/ui/text-field';
import { cn } from '../../lib/cn';

export interface SearchOption {
  value: string;
  label: string;
  /** A second, muted line (company, unit, …); also searched. */
  description?: string | undefined;
}

export interface SearchSelectProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  options: readonly SearchOption[];
  placeholder: string;
  searchPlaceholder?: string;
  emptyText?: string;
  loading?: boolean;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  disabled?: boolean;
  className?: string;
  testId?: string;
}

export function SearchSelect({
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
  optional,
  disabled = false,
  className,
  testId = 'search-select',
}: SearchSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const selected = options.find((option) => option.value === value);
  const query = text.trim().toLowerCase();
  const shown = useMemo(
    () =>
      query
        ? options.filter((option) =>
            `${option.label} ${option.description ?? ''}`.toLowerCase().includes(query),
          )
        : options,
    [options, query],
  );

  const openChange = (next: boolean) => {
    setOpen(next);
    setText('');
    const index = options.findIndex((option) => option.value === value);
    setActive(Math.max(0, index));
  };

  const choose = (option: SearchOption | undefined) => {
    if (!option) return;
    onChange(option.value);
    openChange(false);
  };

  const move = (delta: number) => {
    if (!shown.length) return;
    const next = (active + delta + shown.length) % shown.length;
    setActive(next);
    listRef.current
      ?.querySelector<HTMLElement>(`[data-index="${next}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(-1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(shown[active]);
    }
  };

  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <FieldShell
      id={id}
      label={label}
      error={error}
      hint={hint}
      optional={optional}
      className={className}
    >
      <Popover.Root open={open} onOpenChange={openChange}>
        <Popover.Trigger asChild>
          <button
            id={id}
            type="button"
            disabled={disabled}
            aria-haspopup="listbox"
            aria-expanded={open}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={cn(selectClasses(Boolean(error)), 'relative flex items-center text-left')}
            data-testid={testId}
          >
            <span className={cn('min-w-0 flex-1 truncate', !selected && 'text-fg-subtle')}>
              {selected ? selected.label : placeholder}
            </span>
            <ChevronDown
              className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-fg-subtle"
              aria-hidden="true"
            />
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={6}
            collisionPadding={8}
            className="z-[70] w-[var(--radix-popper-anchor-width)] min-w-64 max-w-[calc(100vw-1rem)] rounded-xl border border-border bg-surface p-2 shadow-pop animate-pop-in focus:outline-none"
            data-testid={`${testId}-popover`}
          >
            <div className="relative">
              <Search
                className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-fg-subtle"
                aria-hidden="true"
              />
              <input
                autoFocus
                role="combobox"
                aria-expanded="true"
                aria-controls={listId}
                aria-activedescendant={shown[active] ? `${id}-option-${active}` : undefined}
                aria-autocomplete="list"
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                  setActive(0);
                }}
                onKeyDown={onKeyDown}
                placeholder={searchPlaceholder ?? t('quotations.picker.search')}
                aria-label={searchPlaceholder ?? t('quotations.picker.search')}
                className="h-10 w-full rounded-lg border border-border bg-surface pl-8 pr-2 text-[15px] text-fg focus:border-primary focus:outline-none focus:ring-4 focus:ring-ring sm:text-sm"
                data-testid={`${testId}-search`}
              />
            </div>
            <ul
              ref={listRef}
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
              {shown.map((option, index) => {
                const isSelected = option.value === value;
                return (
                  <li
                    key={option.value}
                    id={`${id}-option-${index}`}
                    role="option"
                    aria-selected={isSelected}
                    data-index={index}
                    onMouseMove={() => setActive(index)}
                    onClick={() => choose(option)}
                    className={cn(
                      'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-sm text-fg',
                      index === active && 'bg-surface-hover',
                    )}
                    data-testid={`${testId}-option-${option.value}`}
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{option.label}</span>
                      {option.description ? (
                        <span className="block truncate text-xs text-fg-muted">
                          {option.description}
                        </span>
                      ) : null}
                    </span>
                    {isSelected ? (
                      <Check className="size-4 shrink-0 text-primary" aria-hidden="true" />
                    ) : null}
                  </li>
                );
              })}
              {!loading && shown.length === 0 ? (
                <li className="px-2 py-3 text-sm text-fg-muted">
                  {query
                    ? t('quotations.picker.noMatch')
                    : (emptyText ?? t('quotations.picker.none'))}
                </li>
              ) : null}
            </ul>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </FieldShell>
  );
}
