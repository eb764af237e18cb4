import type { Permissions } from '@siteledger/domain';
import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { PageHeader } from '../ui/page-header';

/** A detail page's "Edit" header button (a label of its own where there are several edits). */
export function DetailEditButton({
  onClick,
  testId,
  label,
}: {
  onClick: () => void;
  testId: string;
  label?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Button
      variant="secondary"
      icon={<Pencil className="size-4" aria-hidden="true" />}
      onClick={onClick}
      data-testid={testId}
    >
      {label ?? t('kit.actions.edit')}
    </Button>
  );
}

/** A detail page's "Delete" header button; it opens the confirmation. */
export function DetailDeleteButton({ onClick, testId }: { onClick: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="secondary"
      className="hover:border-danger/40 hover:text-danger"
      icon={<Trash2 className="size-4" aria-hidden="true" />}
      onClick={onClick}
      data-testid={testId}
    >
      {t('kit.actions.delete')}
    </Button>
  );
}

/**
 * A record's own "Edit" and "Delete" header buttons as the role allows (test ids
 * `{one}-detail-edit|delete`); null when it allows neither. `editable: false` hides the edit
 * (e.g. a status that may no longer change).
 */
export function recordActions({
  one,
  can,
  onEdit,
  onDelete,
  editable = true,
}: {
  one: string;
  can: Pick<Permissions, 'canUpdate' | 'canDelete'>;
  onEdit?: () => void;
  onDelete: () => void;
  editable?: boolean;
}): ReactNode {
  const edit = can.canUpdate && editable && onEdit;
  if (!edit && !can.canDelete) return null;
  return (
    <>
      {edit ? <DetailEditButton onClick={edit} testId={`${one}-detail-edit`} /> : null}
      {can.canDelete ? (
        <DetailDeleteButton onClick={onDelete} testId={`${one}-detail-delete`} />
      ) : null}
    </>
  );
}

/**
 * A named record's page header: its name (test id `{one}-detail-name`), the subtitle, the way
 * back and its actions (`actions` first, then its own edit and delete as the role allows).
 */
export function RecordHeader({
  name,
  subtitle,
  back,
  actions,
  ...own
}: Parameters<typeof recordActions>[0] & {
  name: string;
  subtitle: ReactNode;
  back: { to: string; label: string };
  actions?: ReactNode;
}) {
  const edits = recordActions(own);
  return (
    <PageHeader
      className="mb-0"
      title={<span data-testid={`${own.one}-detail-name`}>{name}</span>}
      subtitle={subtitle}
      back={back}
      actions={
        actions ? (
          <>
            {actions}
            {edits}
          </>
        ) : (
          edits
        )
      }
    />
  );
}
