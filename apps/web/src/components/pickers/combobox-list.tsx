/** The listbox of a picker's popover: the options, a loading row and the empty text. */
import { Check } from 'lucide-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { Spinner } from '../ui/spinner';

export interface ComboOption {
  value: string;
  label: string;
  /** A second, muted line (company, unit…). */
  detail?: string | undefined;
  /** Short text at the end of the row (e.g. the unit). */
  badge?: string | undefined;
}

/** The DOM id of the option at `index` (aria-activedescendant). */
export const optionId = (baseId: string, index: number) => `${baseId}-opt-${index}`;

export function ComboboxList({
  id,
  listRef,
  label,
  options,
  value,
  active,
  loading,
  emptyText,
  testId,
  onActive,
  onChoose,
}: {
  id: string;
  listRef: RefObject<HTMLUListElement | null>;
  label: string | undefined;
  options: readonly ComboOption[];
  value: string;
  active: number;
  loading: boolean;
  emptyText: string;
  testId: string | undefined;
  onActive: (index: number) => void;
  onChoose: (option: ComboOption) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul
      ref={listRef}
      id={`${id}-list`}
      role="listbox"
      aria-label={label}
      className="mt-2 max-h-64 overflow-y-auto"
    >
      {loading && options.length === 0 ? (
        <li className="flex items-center gap-2 px-2 py-3 text-sm text-fg-muted">
          <Spinner className="size-4" />
          {t('common.loading')}
        </li>
      ) : null}
      {options.map((option, index) => {
        const isSelected = option.value === value;
        return (
          <li
            key={option.value}
            id={optionId(id, index)}
            role="option"
            aria-selected={isSelected}
            data-index={index}
            onMouseMove={() => onActive(index)}
            onClick={() => onChoose(option)}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm text-fg sm:min-h-10',
              index === active && 'bg-surface-hover',
            )}
            data-testid={testId ? `${testId}-option-${option.value}` : undefined}
          >
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{option.label}</span>
              {option.detail ? (
                <span className="block truncate text-xs text-fg-muted">{option.detail}</span>
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
      {!loading && options.length === 0 ? (
        <li className="px-2 py-3 text-sm text-fg-muted">{emptyText}</li>
      ) : null}
    </ul>
  );
}
