import { ROLES, type Member, type Role } from '@siteledger/domain';
import { UserMinus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { selectClasses, SelectChevron } from '../../components/ui/select-field';
import { cn } from '../../lib/cn';
import { initialsOf } from '../../lib/format';

/** The owner's role select for one member. */
export function MemberRoleSelect({
  member,
  onPick,
  disabled,
  className,
}: {
  member: Member;
  onPick: (member: Member, role: Role) => void;
  disabled: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={cn('relative', className)}>
      <select
        value={member.role}
        onChange={(event) => onPick(member, event.target.value as Role)}
        disabled={disabled}
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
      <SelectChevron />
    </div>
  );
}

/** Remove a member: an icon button in the table, a labelled button on the phone card. */
export function MemberRemoveButton({
  member,
  onRemove,
  withLabel = false,
}: {
  member: Member;
  onRemove: (member: Member) => void;
  withLabel?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Button
      variant={withLabel ? 'secondary' : 'ghost'}
      size={withLabel ? 'md' : 'icon'}
      className={cn(withLabel ? 'h-10' : 'size-10 hover:text-danger')}
      icon={withLabel ? <UserMinus className="size-4" aria-hidden="true" /> : undefined}
      onClick={() => onRemove(member)}
      aria-label={t('members.remove.named', { name: member.user.name })}
      title={withLabel ? undefined : t('members.remove.named', { name: member.user.name })}
      data-testid={`member-remove-${member.user.id}`}
    >
      {withLabel ? t('members.remove.action') : <UserMinus className="size-4" aria-hidden="true" />}
    </Button>
  );
}

/** A member's initials, name (with "You") and email. */
export function MemberPerson({ member, self }: { member: Member; self: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
          self
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
          {self ? (
            <span className="shrink-0 rounded-full bg-surface-muted px-2 py-0.5 text-[11px] font-medium text-fg-muted">
              {t('members.you')}
            </span>
          ) : null}
        </p>
        <p className="truncate text-xs text-fg-muted">{member.user.email}</p>
      </div>
    </div>
  );
}
