/**
 * A searchable single choice among a site's records: a button opens a popover with a search box
 * and a keyboard-navigable list (↑ ↓ Enter, Escape closes). The search text is the caller's, so
 * the options can come from the server as the person types (components/pickers/entity-picker.tsx).
 * `footer` renders under the list (e.g. "+ Add vendor “typed text”") with the text and a closer.
 * Looks: `field` (a form field), `select` (like a SelectField), `filter` (a list page's filter).
 */
import * as Popover from '@radix-ui/react-popover';
import { forwardRef, useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { FieldShell } from '../ui/text-field';
import { ComboboxList, optionId, type ComboOption } from './combobox-list';
import { enterAction, moveActive } from './combobox-keys';
import { TriggerFace, triggerClasses, type ComboboxLook } from './combobox-trigger';
import { PickerPopoverContent, PickerSearchInput } from './picker-popover';

export type { ComboOption } from './combobox-list';

export interface ComboboxProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  options: readonly ComboOption[];
  /** The chosen option, shown on the button even when it is not among `options`. */
  selected?: ComboOption | undefined;
  search: string;
  onSearchChange: (text: string) => void;
  placeholder: string;
  searchPlaceholder: string;
  emptyText: string;
  /** Shown instead of `emptyText` when something was typed. */
  noMatchText?: string;
  /** The options for the typed text are on their way. */
  loading?: boolean;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  disabled?: boolean;
  /** Visually hide the label (it stays the accessible name). */
  hideLabel?: boolean;
  autoFocus?: boolean;
  className?: string;
  testId?: string;
  onBlur?: () => void;
  onOpenChange?: (open: boolean) => void;
  /** Under the list: gets the typed search text and a function that closes the popover. */
  footer?: ((text: string, close: () => void) => ReactNode) | undefined;
  look?: ComboboxLook;
}

export const Combobox = forwardRef<HTMLButtonElement, ComboboxProps>(function Combobox(props, ref) {
  const { label, value, options, search, loading = false, error, hint, testId } = props;
  const look = props.look ?? 'field';
  const id = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // Enter pressed before the server answered what was typed: choose once it has.
  const [waiting, setWaiting] = useState(false);
  const selected = props.selected ?? options.find((option) => option.value === value);

  const openChange = (next: boolean) => {
    setOpen(next);
    setWaiting(false);
    props.onSearchChange('');
    setActive(Math.max(0, next ? options.findIndex((o) => o.value === value) : 0));
    props.onOpenChange?.(next);
    if (!next) props.onBlur?.();
  };
  const choose = (option: ComboOption) => {
    props.onChange(option.value);
    openChange(false);
  };

  useEffect(() => {
    if (!waiting || loading) return;
    setWaiting(false);
    const first = options[0];
    if (first) choose(first);
    // Runs when the answer arrives; `choose` is recreated every render on purpose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting, loading, options]);

  const move = (delta: number) => {
    const next = moveActive(active, delta, options.length);
    setActive(next);
    listRef.current
      ?.querySelector<HTMLElement>(`[data-index="${next}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const action = enterAction(options, active, loading);
      if (action === 'wait') setWaiting(true);
      else if (action !== 'none') choose(action.choose);
    }
  };

  const trigger = (
    <Popover.Trigger asChild>
      <button
        ref={ref}
        id={id}
        type="button"
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? `${id}-list` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        disabled={props.disabled}
        autoFocus={props.autoFocus}
        className={triggerClasses[look](Boolean(error))}
        data-testid={testId}
      >
        <TriggerFace look={look} selected={selected} placeholder={props.placeholder} />
      </button>
    </Popover.Trigger>
  );

  const popover = (
    <Popover.Root open={open} onOpenChange={openChange}>
      {trigger}
      <PickerPopoverContent testId={testId ? `${testId}-popover` : undefined}>
        <PickerSearchInput
          value={search}
          onChange={(event) => {
            props.onSearchChange(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          role="searchbox"
          aria-controls={`${id}-list`}
          aria-activedescendant={options[active] ? optionId(id, active) : undefined}
          placeholder={props.searchPlaceholder}
          aria-label={props.searchPlaceholder}
          data-testid={testId ? `${testId}-search` : undefined}
        />
        <ComboboxList
          id={id}
          listRef={listRef}
          label={typeof label === 'string' ? label : undefined}
          options={options}
          value={value}
          active={active}
          loading={loading}
          emptyText={search.trim() && props.noMatchText ? props.noMatchText : props.emptyText}
          testId={testId}
          onActive={setActive}
          onChoose={choose}
        />
        {props.footer ? props.footer(search.trim(), () => openChange(false)) : null}
      </PickerPopoverContent>
    </Popover.Root>
  );

  if (look === 'filter') {
    return (
      <div className={cn('min-w-0 space-y-1 md:w-48', props.className)}>
        <label htmlFor={id} className="block text-xs font-medium text-fg-muted">
          {label}
        </label>
        {popover}
      </div>
    );
  }
  return (
    <FieldShell
      id={id}
      label={<span className={cn(props.hideLabel && 'sr-only')}>{label}</span>}
      error={error}
      hint={hint}
      optional={props.optional}
      className={props.className}
    >
      {popover}
    </FieldShell>
  );
});
