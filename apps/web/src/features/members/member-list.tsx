import type { Member } from '@siteledger/domain';
import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { useToast } from '../../components/ui/toast-context';
import { useMemberColumns } from './member-columns';
import { teamErrorMessage } from './team-errors';
import { useMemberActions } from './use-member-actions';

/**
 * Members with their roles. Owners change roles (a select) and remove members (after a
 * confirmation). Nobody removes themselves, and the last owner keeps the owner role; the server
 * refuses both anyway (its message is shown if it does).
 */
export function MemberList({
  members,
  loading,
  error,
  onRetry,
  currentUserId,
  canManage,
}: {
  members: Member[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  currentUserId: string;
  canManage: boolean;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const actions = useMemberActions(members, currentUserId, canManage);
  const { changeRole, remove, removing, setRemoving, selfChange, setSelfChange, applyRole } =
    actions;
  const { columns, mobileCard } = useMemberColumns(actions, canManage);

  const removingName = removing?.user.name ?? '';
  return (
    <>
      <DataTable
        columns={columns}
        rows={members}
        rowKey={(member) => member.user.id}
        loading={loading}
        fetching={changeRole.isPending}
        error={error}
        onRetry={onRetry}
        mobileCard={mobileCard}
        skeletonRows={3}
        empty={<EmptyState icon={<Users />} title={t('members.empty')} />}
        label={t('members.title')}
        testId="members-table"
        rowTestId={(member) => `member-row-${member.user.id}`}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('members.remove.title', { name: removingName })}
        description={t('members.remove.description', { name: removingName })}
        confirmLabel={t('members.remove.confirm')}
        busy={remove.isPending}
        error={remove.isError ? teamErrorMessage(remove.error, t, i18n.language) : null}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.user.id, {
            onSuccess: () => {
              setRemoving(null);
              toast.success(t('members.remove.success', { name: removingName }));
            },
          });
        }}
        testId="member-remove-dialog"
      />
      <ConfirmDialog
        open={selfChange !== null}
        onOpenChange={(open) => !open && setSelfChange(null)}
        title={t('members.role.selfTitle')}
        description={t('members.role.selfDescription', {
          role: selfChange ? t(`roles.${selfChange.role}`) : '',
        })}
        confirmLabel={t('members.role.selfConfirm')}
        busy={changeRole.isPending}
        onConfirm={() => selfChange && applyRole(selfChange)}
        testId="member-self-role-dialog"
      />
    </>
  );
}
