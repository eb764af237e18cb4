import type { Tag } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { TagChip } from '../../components/tag-picker';
import type { DataTableColumn } from '../../components/ui/data-table';
import { RowActions } from '../../components/ui/row-actions';

export interface TagRowHandlers {
  /** Given only when the role may rename and recolour (canUpdate). */
  onEdit?: ((tag: Tag) => void) | undefined;
  /** Given only when the role may delete (canDelete). */
  onDelete?: ((tag: Tag) => void) | undefined;
}

/** The tag list's columns and phone card: the chip, its kind, how many records use it, actions. */
export function useTagColumns({ onEdit, onDelete }: TagRowHandlers) {
  const { t } = useTranslation();
  const actions = (tag: Tag) => (
    <RowActions
      onEdit={onEdit ? () => onEdit(tag) : undefined}
      onDelete={onDelete ? () => onDelete(tag) : undefined}
      editLabel={t('tags.manage.editNamed', { name: tag.name })}
      deleteLabel={t('tags.manage.deleteNamed', { name: tag.name })}
      editTestId={`tag-edit-${tag.id}`}
      deleteTestId={`tag-delete-${tag.id}`}
    />
  );
  const usage = (tag: Tag) => (
    <span className="tabular-nums" data-testid={`tag-usage-${tag.id}`}>
      {t('tags.manage.usage', { count: tag.usage_count })}
    </span>
  );
  const columns: DataTableColumn<Tag>[] = [
    {
      key: 'name',
      header: t('tags.manage.fields.name'),
      sortKey: 'name',
      cell: (tag) => <TagChip tag={tag} className="text-sm" />,
    },
    {
      key: 'type',
      header: t('tags.manage.fields.type'),
      sortKey: 'type',
      cell: (tag) => <span className="text-fg-muted">{t(`tags.types.${tag.type}`)}</span>,
    },
    {
      key: 'usage',
      header: t('tags.manage.fields.usage'),
      sortKey: 'usage_count',
      firstDirection: 'desc',
      align: 'right',
      cell: usage,
    },
    {
      key: 'color',
      header: t('tags.manage.fields.color'),
      hideBelow: 'lg',
      cell: (tag) => (
        <span className="inline-flex items-center gap-2 font-mono text-xs text-fg-muted">
          <span className="size-4 rounded-full" style={{ backgroundColor: tag.color }} />
          {tag.color}
        </span>
      ),
    },
  ];
  if (onEdit || onDelete) {
    columns.push({
      key: 'actions',
      header: t('kit.actions.actions'),
      align: 'right',
      headerClassName: 'sr-only',
      cell: actions,
    });
  }
  const mobileCard = (tag: Tag) => (
    <div className="flex items-center justify-between gap-3">
      <div className="min-w-0 space-y-1.5">
        <TagChip tag={tag} className="text-sm" />
        <p className="text-sm text-fg-muted">
          {t(`tags.types.${tag.type}`)} · {usage(tag)}
        </p>
      </div>
      {actions(tag)}
    </div>
  );
  return { columns, mobileCard };
}
