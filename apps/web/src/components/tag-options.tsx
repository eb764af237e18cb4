/** The tag picker's list: the matching tags to toggle and the "Create “…”" row. */
import type { Tag } from '@siteledger/domain';
import { Check, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './ui/spinner';

export function TagOptions({
  tags,
  value,
  loading,
  full,
  query,
  createText,
  canCreate,
  creating,
  onToggle,
  onCreate,
  testId,
}: {
  tags: readonly Tag[];
  value: readonly string[];
  loading: boolean;
  /** The most tags are chosen: only removing is possible. */
  full: boolean;
  query: string;
  /** The name the create row offers ('' hides the row). */
  createText: string;
  canCreate: boolean;
  creating: boolean;
  onToggle: (tagId: string) => void;
  onCreate: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <ul className="mt-2 max-h-60 overflow-y-auto" aria-label={t('kit.tags.list')}>
      {loading ? (
        <li className="flex items-center gap-2 px-2 py-3 text-sm text-fg-muted">
          <Spinner className="size-4" />
          {t('common.loading')}
        </li>
      ) : null}
      {tags.map((tag) => {
        const checked = value.includes(tag.id);
        return (
          <li key={tag.id}>
            <button
              type="button"
              aria-pressed={checked}
              disabled={!checked && full}
              onClick={() => onToggle(tag.id)}
              className="flex min-h-10 w-full items-center gap-2.5 rounded-lg px-2 text-left text-sm text-fg hover:bg-surface-hover focus-visible:bg-surface-hover focus-visible:outline-none disabled:opacity-50"
            >
              <span
                className="size-3 shrink-0 rounded-full"
                style={{ backgroundColor: tag.color }}
                aria-hidden="true"
              />
              <span className="min-w-0 flex-1 truncate">{tag.name}</span>
              {checked ? <Check className="size-4 text-primary" aria-hidden="true" /> : null}
            </button>
          </li>
        );
      })}
      {!loading && tags.length === 0 && !(query && canCreate) ? (
        <li className="px-2 py-3 text-sm text-fg-muted">
          {query ? t('kit.tags.noMatch') : t('kit.tags.none')}
        </li>
      ) : null}
      {createText ? (
        <li>
          <button
            type="button"
            onClick={onCreate}
            disabled={creating || full}
            className="flex min-h-10 w-full items-center gap-2.5 rounded-lg px-2 text-left text-sm font-medium text-primary hover:bg-surface-hover focus-visible:bg-surface-hover focus-visible:outline-none disabled:opacity-50"
            data-testid={`${testId}-create`}
          >
            {creating ? (
              <Spinner className="size-4" />
            ) : (
              <Plus className="size-4" aria-hidden="true" />
            )}
            <span className="truncate">{t('kit.tags.create', { name: createText })}</span>
          </button>
        </li>
      ) : null}
    </ul>
  );
}
