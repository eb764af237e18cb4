/** Tags as coloured chips: one (optionally removable), or a row with "+N" past `max`. */
import type { Tag } from '@siteledger/domain';
import { X } from 'lucide-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';

function chipStyle(color: string): CSSProperties {
  return {
    backgroundColor: `color-mix(in srgb, ${color} 14%, transparent)`,
    borderColor: `color-mix(in srgb, ${color} 35%, transparent)`,
  };
}

export function TagChip({
  tag,
  onRemove,
  className,
}: {
  tag: Pick<Tag, 'name' | 'color'>;
  onRemove?: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-medium text-fg',
        className,
      )}
      style={chipStyle(tag.color)}
    >
      <span
        className="size-2 shrink-0 rounded-full"
        style={{ backgroundColor: tag.color }}
        aria-hidden="true"
      />
      <span className="truncate">{tag.name}</span>
      {onRemove ? (
        <button
          type="button"
          onClick={onRemove}
          className="-mr-1 flex size-5 items-center justify-center rounded-full text-fg-muted hover:bg-surface-hover hover:text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={t('kit.tags.remove', { name: tag.name })}
          data-row-action=""
        >
          <X className="size-3" aria-hidden="true" />
        </button>
      ) : null}
    </span>
  );
}

/** A row of chips; past `max` shows "+N". */
export function TagChips({
  tags,
  max = 3,
  className,
}: {
  tags: readonly Pick<Tag, 'id' | 'name' | 'color'>[];
  max?: number;
  className?: string;
}) {
  if (tags.length === 0) return null;
  const shown = tags.slice(0, max);
  const rest = tags.length - shown.length;
  return (
    <span className={cn('flex flex-wrap items-center gap-1', className)}>
      {shown.map((tag) => (
        <TagChip key={tag.id} tag={tag} />
      ))}
      {rest > 0 ? (
        <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-fg-muted">
          +{rest}
        </span>
      ) : null}
    </span>
  );
}
