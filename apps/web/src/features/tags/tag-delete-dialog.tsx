import type { Tag } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { TagChip } from '../../components/tag-picker';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { useDeleteTag } from './api';

/**
 * "Delete this tag?" naming how many records carry it: they keep everything else and lose only
 * the tag (the server takes it off them in the same transaction).
 */
export function TagDeleteDialog({
  tag,
  onOpenChange,
}: {
  tag: Tag | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const remove = useDeleteTag();
  const count = tag?.usage_count ?? 0;
  return (
    <ConfirmDialog
      open={tag !== null}
      onOpenChange={(open) => {
        if (!open) remove.reset();
        onOpenChange(open);
      }}
      title={t('tags.manage.delete.title', { name: tag?.name ?? '' })}
      description={
        count > 0 ? t('tags.manage.delete.used', { count }) : t('tags.manage.delete.unused')
      }
      confirmLabel={t('kit.actions.delete')}
      busy={remove.isPending}
      error={remove.isError ? errorMessage(remove.error, t) : null}
      onConfirm={() => {
        if (!tag) return;
        remove.mutate(tag.id, {
          onSuccess: () => {
            toast.success(t('tags.manage.toast.deleted', { name: tag.name }));
            onOpenChange(false);
          },
        });
      }}
      testId="tag-delete-dialog"
    >
      {tag ? (
        <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="tag-delete-usage">
          <TagChip tag={tag} />
          <span className="text-fg-muted">{t('tags.manage.usage', { count })}</span>
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
