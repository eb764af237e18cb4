/**
 * Tags of one type: chips with the tag colour, and a picker that searches the site's tags and
 * creates a new one inline (POST …/tags answers 201 new or 200 existing — same name, same tag).
 *
 *   <Controller control={control} name="tags" render={({ field }) => (
 *     <TagPicker label={t('items.fields.tags')} type="item_category" optional
 *       value={field.value ?? []} onChange={field.onChange} testId="item-tags" />)} />
 *
 *   <TagChips tags={item.expand?.tags ?? []} max={3} />     // in lists (expand=tags)
 *   <TagChip tag={tag} />
 *
 * Creating needs canCreate on the site (checked from the session role; pass canCreate to override).
 */
import * as Popover from '@radix-ui/react-popover';
import { permissionsFor, type Tag, type TagType } from '@siteledger/domain';
import { Check, Plus, Search, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api-client';
import { cn } from '../lib/cn';
import { useSession } from '../lib/session';
import { useCreateTag, useTags } from '../lib/tags-api';
import { Spinner } from './ui/spinner';
import { FieldShell } from './ui/text-field';

const MAX_SELECTED = 20;

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

export interface TagPickerProps {
  label: ReactNode;
  type: TagType;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  canCreate?: boolean;
  disabled?: boolean;
  className?: string;
  testId?: string;
}

export function TagPicker({
  label,
  type,
  value,
  onChange,
  error,
  hint,
  optional,
  canCreate,
  disabled = false,
  className,
  testId = 'tag-picker',
}: TagPickerProps) {
  const { t } = useTranslation();
  const { role } = useSession();
  const allowCreate = canCreate ?? permissionsFor(role).canCreate;
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const tags = useTags(type);
  const create = useCreateTag();
  const all = useMemo(() => tags.data ?? [], [tags.data]);
  const byId = useMemo(() => new Map(all.map((tag) => [tag.id, tag])), [all]);
  // Tags created here show at once, before the list refetches.
  const [created, setCreated] = useState<Tag[]>([]);
  const lookup = (tagId: string) => byId.get(tagId) ?? created.find((tag) => tag.id === tagId);
  const selected = value.map(lookup).filter((tag): tag is Tag => Boolean(tag));
  const query = text.trim().toLowerCase();
  const options = query ? all.filter((tag) => tag.name.toLowerCase().includes(query)) : all;
  const exact = all.find((tag) => tag.name.toLowerCase() === query);
  const full = value.length >= MAX_SELECTED;

  const toggle = (tagId: string) => {
    if (value.includes(tagId)) onChange(value.filter((v) => v !== tagId));
    else if (!full) onChange([...value, tagId]);
  };

  const createTag = () => {
    const name = text.trim();
    if (!name || full) return;
    create.mutate(
      { name, type },
      {
        onSuccess: (tag) => {
          setCreated((list) => [...list, tag]);
          if (!value.includes(tag.id)) onChange([...value, tag.id]);
          setText('');
        },
      },
    );
  };

  const onEnter = () => {
    if (exact) toggle(exact.id);
    else if (query && allowCreate) createTag();
    else if (options.length === 1 && options[0]) toggle(options[0].id);
  };

  return (
    <FieldShell
      id={id}
      label={label}
      error={error}
      hint={hint}
      optional={optional}
      className={className}
    >
      <Popover.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setText('');
        }}
      >
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
                onRemove={disabled ? undefined : () => toggle(tag.id)}
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
                value={text}
                onChange={(event) => setText(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    onEnter();
                  }
                }}
                maxLength={50}
                placeholder={allowCreate ? t('kit.tags.searchOrCreate') : t('kit.tags.search')}
                aria-label={allowCreate ? t('kit.tags.searchOrCreate') : t('kit.tags.search')}
                className="h-10 w-full rounded-lg border border-border bg-surface pl-8 pr-2 text-sm text-fg focus:border-primary focus:outline-none focus:ring-4 focus:ring-ring"
                data-testid={`${testId}-search`}
              />
            </div>
            <ul className="mt-2 max-h-60 overflow-y-auto" aria-label={t('kit.tags.list')}>
              {tags.isPending ? (
                <li className="flex items-center gap-2 px-2 py-3 text-sm text-fg-muted">
                  <Spinner className="size-4" />
                  {t('common.loading')}
                </li>
              ) : null}
              {options.map((tag) => {
                const checked = value.includes(tag.id);
                return (
                  <li key={tag.id}>
                    <button
                      type="button"
                      aria-pressed={checked}
                      disabled={!checked && full}
                      onClick={() => toggle(tag.id)}
                      className="flex min-h-10 w-full items-center gap-2.5 rounded-lg px-2 text-left text-sm text-fg hover:bg-surface-hover focus-visible:bg-surface-hover focus-visible:outline-none disabled:opacity-50"
                    >
                      <span
                        className="size-3 shrink-0 rounded-full"
                        style={{ backgroundColor: tag.color }}
                        aria-hidden="true"
                      />
                      <span className="min-w-0 flex-1 truncate">{tag.name}</span>
                      {checked ? (
                        <Check className="size-4 text-primary" aria-hidden="true" />
                      ) : null}
                    </button>
                  </li>
                );
              })}
              {!tags.isPending && options.length === 0 && !(query && allowCreate) ? (
                <li className="px-2 py-3 text-sm text-fg-muted">
                  {query ? t('kit.tags.noMatch') : t('kit.tags.none')}
                </li>
              ) : null}
              {query && !exact && allowCreate ? (
                <li>
                  <button
                    type="button"
                    onClick={createTag}
                    disabled={create.isPending || full}
                    className="flex min-h-10 w-full items-center gap-2.5 rounded-lg px-2 text-left text-sm font-medium text-primary hover:bg-surface-hover focus-visible:bg-surface-hover focus-visible:outline-none disabled:opacity-50"
                    data-testid={`${testId}-create`}
                  >
                    {create.isPending ? (
                      <Spinner className="size-4" />
                    ) : (
                      <Plus className="size-4" aria-hidden="true" />
                    )}
                    <span className="truncate">{t('kit.tags.create', { name: text.trim() })}</span>
                  </button>
                </li>
              ) : null}
            </ul>
            {create.isError ? (
              <p className="px-2 pt-1 text-sm text-danger" role="alert">
                {errorMessage(create.error, t)}
              </p>
            ) : null}
            {full ? (
              <p className="px-2 pt-1 text-xs text-fg-muted">
                {t('kit.tags.max', { count: MAX_SELECTED })}
              </p>
            ) : null}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </FieldShell>
  );
}
