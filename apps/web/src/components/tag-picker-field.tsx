/** The tag picker's field: the chosen tags as removable chips and the button that opens it. */
import * as Popover from '@radix-ui/react-popover';
import type { Tag } from '@siteledger/domain';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';
import { TagChip } from './tag-chips';

export function TagPickerField({
  id,
  selected,
  onRemove,
  error,
  disabled,
  testId,
}: {
  id: string;
  selected: readonly Tag[];
  onRemove: (tagId: string) => void;
  error: string | undefined;
  disabled: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Popover.Anchor asChild>
      <div
        data-testid={testId}
        className={cn(
          'flex min-h-11 flex-wrap items-center gap-1.5 rounded-lg border bg-surface px-2 py-1.5 shadow-sm sm:min-h-10',
          error ? 'border-danger' : 'border-border',
          disabled && 'opacity-60',
        )}
      >
        {selected.map((tag) => (
          <TagChip
            key={tag.id}
            tag={tag}
            onRemove={disabled ? undefined : () => onRemove(tag.id)}
          />
        ))}
        <Popover.Trigger asChild>
          <button
            id={id}
            type="button"
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            className="inline-flex h-8 items-center gap-1 rounded-md px-2 text-sm text-fg-muted hover:bg-surface-hover hover:text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
            data-testid={`${testId}-open`}
          >
            <Plus className="size-4" aria-hidden="true" />
            {selected.length ? t('kit.tags.add') : t('kit.tags.choose')}
          </button>
        </Popover.Trigger>
      </div>
    </Popover.Anchor>
  );
}
