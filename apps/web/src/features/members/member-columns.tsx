import type { Member } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../components/ui/data-table';
import { formatTimestamp } from '../../lib/dates';
import { MemberPerson, MemberRemoveButton, MemberRoleSelect } from './member-parts';
import { AccessLevel, RoleBadge } from './role-guide';
import type { MemberActions } from './use-member-actions';

/** The members table's columns (role controls for owners) and its card for narrow screens. */
export function useMemberColumns(actions: MemberActions, canManage: boolean) {
  const { t, i18n } = useTranslation();
  const { isSelf, canChangeRole, canRemove, pickRole, askRemove, changeRole } = actions;
  const roleSelect = (member: Member, className: string) => (
    <MemberRoleSelect
      member={member}
      onPick={pickRole}
      disabled={changeRole.isPending}
      className={className}
    />
  );
  const person = (member: Member) => <MemberPerson member={member} self={isSelf(member)} />;
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
                  <MemberRemoveButton member={member} onRemove={askRemove} />
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
          {canRemove(member) ? (
            <MemberRemoveButton member={member} onRemove={askRemove} withLabel />
          ) : null}
        </div>
      ) : null}
    </div>
  );

  return { columns, mobileCard };
}
