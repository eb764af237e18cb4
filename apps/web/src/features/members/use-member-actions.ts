import type { Member, Role } from '@siteledger/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/ui/toast-context';
import { useChangeRole, useRemoveMember } from './api';
import { teamErrorMessage } from './team-errors';

export interface RoleChange {
  member: Member;
  role: Role;
}

/**
 * Role changes and removals of members, with the rules the page pre-checks: nobody removes
 * themselves, the last owner keeps the owner role, and giving up your own role asks first.
 */
export function useMemberActions(
  members: Member[] | undefined,
  currentUserId: string,
  canManage: boolean,
) {
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

  const askRemove = (member: Member) => {
    remove.reset();
    setRemoving(member);
  };

  return {
    changeRole,
    remove,
    removing,
    setRemoving,
    selfChange,
    setSelfChange,
    isSelf,
    canChangeRole,
    canRemove,
    applyRole,
    pickRole,
    askRemove,
  };
}

export type MemberActions = ReturnType<typeof useMemberActions>;
