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
import { useId, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api-client';
import { useSession } from '../lib/session';
import { useCreateTag, useTags } from '../lib/tags-api';
import { PickerPopoverContent, PickerSearchInput } from './pickers/picker-popover';
import { TagPickerField } from './tag-picker-field';
import { TagOptions } from './tag-options';
import { FieldShell } from './ui/text-field';

export { TagChip, TagChips } from './tag-chips';

const MAX_SELECTED = 20;

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
        <TagPickerField
          id={id}
          selected={selected}
          onRemove={toggle}
          error={error}
          disabled={disabled}
          testId={testId}
        />
        <PickerPopoverContent testId={`${testId}-popover`}>
          <PickerSearchInput
            compact
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
            data-testid={`${testId}-search`}
          />
          <TagOptions
            tags={options}
            value={value}
            loading={tags.isPending}
            full={full}
            query={query}
            createText={query && !exact && allowCreate ? text.trim() : ''}
            canCreate={allowCreate}
            creating={create.isPending}
            onToggle={toggle}
            onCreate={createTag}
            testId={testId}
          />
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
        </PickerPopoverContent>
      </Popover.Root>
    </FieldShell>
  );
}
