import { ROLES, type Member, type Role } from '@siteledger/domain';
import { ChevronDown, UserMinus, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { selectClasses } from '../../components/ui/select-field';
import { useToast } from '../../components/ui/toast-context';
import { cn } from '../../lib/cn';
import { initialsOf } from '../../lib/format';
import { useChangeRole, useRemoveMember } from './api';
import { formatTimestamp } from '../../lib/dates';
import { AccessLevel, RoleBadge } from './role-guide';
import { teamErrorMessage } from './team-errors';

interface RoleChange {
  member: Member;
  role: Role;
}

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
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<Member | null>(null);
  const [selfChange, setSelfChange] = useState<RoleChange | null>(null);

  const owners = (members ?? []).filter((member) => member.role === 'owner').length;
  const isSelf = (member: Member) => member.user.id === currentUserId;
  const canChangeRole = (member: Member) => canManage && !(member.role === 'owner' && owners <= 1);
  const canRemove = (member: Member) =>
    canManage && !isSelf(member) && !(member.role === 'owner' && owners <= 1);

  const applyRole = ({ member, role }: RoleChange) => {
    const self = isSelf(member);
    changeRole.mutate(
      { userId: member.user.id, role },
      {
        onSuccess: () => {
          setSelfChange(null);
          toast.success(
            t(self ? 'members.role.changedSelf' : 'members.role.changed', {
              name: member.user.name,
              role: t(`roles.${role}`),
            }),
          );
        },
        onError: (failure) => {
          setSelfChange(null);
          toast.error(teamErrorMessage(failure, t, i18n.language));
        },
      },
    );
  };

  const pickRole = (member: Member, role: Role) => {
    if (role === member.role) return;
    // Giving up your own owner role takes this page away from you: ask first.
    if (isSelf(member)) setSelfChange({ member, role });
    else applyRole({ member, role });
  };

  const roleSelect = (member: Member, className?: string) => (
    <div className={cn('relative', className)}>
      <select
        value={member.role}
        onChange={(event) => pickRole(member, event.target.value as Role)}
        disabled={changeRole.isPending}
        aria-label={t('members.role.changeFor', { name: member.user.name })}
        className={cn(selectClasses(false), 'h-10 w-full')}
        data-testid={`member-role-${member.user.id}`}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`roles.${role}`)}
          </option>
        ))}
      </select>
      <ChevronDown
        className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-fg-subtle"
        aria-hidden="true"
      />
    </div>
  );

  const removeButton = (member: Member, withLabel = false) => (
    <Button
      variant={withLabel ? 'secondary' : 'ghost'}
      size={withLabel ? 'md' : 'icon'}
      className={cn(withLabel ? 'h-10' : 'size-10 hover:text-danger')}
      icon={withLabel ? <UserMinus className="size-4" aria-hidden="true" /> : undefined}
      onClick={() => {
        remove.reset();
        setRemoving(member);
      }}
      aria-label={t('members.remove.named', { name: member.user.name })}
      title={withLabel ? undefined : t('members.remove.named', { name: member.user.name })}
      data-testid={`member-remove-${member.user.id}`}
    >
      {withLabel ? t('members.remove.action') : <UserMinus className="size-4" aria-hidden="true" />}
    </Button>
  );

  const person = (member: Member) => (
    <div className="flex min-w-0 items-center gap-3">
      <span
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
          isSelf(member)
            ? 'bg-gradient-to-br from-orange-500 to-amber-500 text-white'
            : 'bg-surface-muted text-fg-muted',
        )}
        aria-hidden="true"
      >
        {initialsOf(member.user.name)}
      </span>
      <div className="min-w-0">
        <p className="flex items-center gap-2 truncate font-medium text-fg">
          <span className="truncate" data-testid="member-name">
            {member.user.name}
          </span>
          {isSelf(member) ? (
            <span className="shrink-0 rounded-full bg-surface-muted px-2 py-0.5 text-[11px] font-medium text-fg-muted">
              {t('members.you')}
            </span>
          ) : null}
        </p>
        <p className="truncate text-xs text-fg-muted">{member.user.email}</p>
      </div>
    </div>
  );

  const assigned = (member: Member) => formatTimestamp(member.assigned_at, i18n.language);

  const columns: DataTableColumn<Member>[] = [
    { key: 'member', header: t('members.columns.member'), cell: person },
    {
      key: 'role',
      header: t('members.columns.role'),
      cell: (member) => (
        <div className="space-y-1">
          <RoleBadge role={member.role} testId={`member-role-badge-${member.user.id}`} />
          <AccessLevel role={member.role} className="block" />
        </div>
      ),
    },
    {
      key: 'assigned',
      header: t('members.columns.assigned'),
      hideBelow: 'xl',
      cell: (member) => <span className="whitespace-nowrap text-fg-muted">{assigned(member)}</span>,
    },
    ...(canManage
      ? [
          {
            key: 'actions',
            header: t('members.columns.changeRole'),
            align: 'right' as const,
            cell: (member: Member) => (
              <div className="flex items-center justify-end gap-1">
                {canChangeRole(member) ? roleSelect(member, 'w-40') : null}
                {canRemove(member) ? (
                  removeButton(member)
                ) : (
                  <span className="inline-block size-10" aria-hidden="true" />
                )}
              </div>
            ),
          },
        ]
      : []),
  ];

  const mobileCard = (member: Member) => (
    <div className="space-y-3">
      <div className="flex items-start justify-between gap-3">
        {person(member)}
        <RoleBadge role={member.role} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-xs text-fg-muted">
        <AccessLevel role={member.role} />
        <span>{t('members.assignedOn', { date: assigned(member) })}</span>
      </div>
      {canManage && (canChangeRole(member) || canRemove(member)) ? (
        <div className="flex gap-2 border-t border-border pt-3">
          {canChangeRole(member) ? roleSelect(member, 'min-w-0 flex-1') : null}
          {canRemove(member) ? removeButton(member, true) : null}
        </div>
      ) : null}
    </div>
  );

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
