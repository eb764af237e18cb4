/** What the picker's button shows (the chosen record or the placeholder) and how it looks. */
import { ChevronDown, ChevronsUpDown } from 'lucide-react';
import { cn } from '../../lib/cn';
import { selectClasses } from '../ui/select-field';
import { inputClasses } from '../ui/text-field';
import type { ComboOption } from './combobox-list';

/** `field`: a form field · `select`: like a SelectField · `filter`: a list page's filter. */
export type ComboboxLook = 'field' | 'select' | 'filter';

export const triggerClasses = {
  field: (invalid: boolean) =>
    cn(inputClasses(invalid), 'flex h-11 items-center gap-2 pr-2.5 text-left sm:h-10'),
  select: (invalid: boolean) => cn(selectClasses(invalid), 'relative flex items-center text-left'),
  filter: () =>
    'relative flex h-11 w-full cursor-pointer items-center rounded-lg border border-border bg-surface px-3 pr-9 text-left text-[15px] text-fg shadow-sm transition-colors hover:border-border-strong focus:border-primary focus:outline-none focus:ring-4 focus:ring-ring sm:h-10 sm:text-sm',
};

export function TriggerFace({
  look,
  selected,
  placeholder,
}: {
  look: ComboboxLook;
  selected: ComboOption | undefined;
  placeholder: string;
}) {
  const Chevron = look === 'field' ? ChevronsUpDown : ChevronDown;
  return (
    <>
      <span className={cn('min-w-0 flex-1 truncate', !selected && 'text-fg-subtle')}>
        {selected ? selected.label : placeholder}
      </span>
      {look === 'field' && selected?.badge ? (
        <span className="shrink-0 rounded-md bg-surface-muted px-1.5 py-0.5 text-xs text-fg-muted">
          {selected.badge}
        </span>
      ) : null}
      <Chevron
        className={cn(
          'size-4 shrink-0 text-fg-subtle',
          look !== 'field' && 'pointer-events-none absolute right-3 top-1/2 -translate-y-1/2',
        )}
        aria-hidden="true"
      />
    </>
  );
}
