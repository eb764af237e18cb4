import type { Invitation } from '@siteledger/domain';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { StatusBadge } from '../../components/ui/status-badge';
import { daysUntil, formatTimestamp } from '../../lib/dates';
import { RoleBadge } from './role-guide';

/** Pending first, then expired, then accepted; newest first within each. */
const ORDER: Record<string, number> = { pending: 0, expired: 1, accepted: 2 };
function sortInvitations(list: Invitation[]): Invitation[] {
  return [...list].sort(
    (a, b) =>
      (ORDER[a.status] ?? 3) - (ORDER[b.status] ?? 3) || b.invited_at.localeCompare(a.invited_at),
  );
}

/** The sent invitations in order, each with its role, status, expiry and cancel / remove. */
export function SentInvitationList({
  invitations,
  onCancel,
}: {
  invitations: Invitation[];
  onCancel: (invitation: Invitation) => void;
}) {
  const { t, i18n } = useTranslation();
  const when = (invitation: Invitation) => {
    const date = formatTimestamp(invitation.expires_at, i18n.language);
    if (invitation.status === 'accepted') return t('members.invitations.accepted');
    if (invitation.status === 'expired') return t('members.invitations.expiredOn', { date });
    const days = daysUntil(invitation.expires_at);
    return days <= 1
      ? t('members.invitations.expiresSoon', { date })
      : t('members.invitations.expiresIn', { count: days, date });
  };

  return (
    <ul className="divide-y divide-border" data-testid="sent-invitations-list">
      {sortInvitations(invitations).map((invitation) => (
        <li
          key={invitation.id}
          className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:gap-4"
          data-testid={`sent-invitation-${invitation.id}`}
          data-email={invitation.email}
        >
          <div className="min-w-0 flex-1 space-y-1.5">
            <p className="truncate font-medium text-fg">{invitation.email}</p>
            <div className="flex flex-wrap items-center gap-2">
              <RoleBadge role={invitation.role} />
              <StatusBadge
                kind="quotation"
                status={invitation.status}
                testId={`sent-invitation-status-${invitation.id}`}
              />
              <span className="text-xs text-fg-muted">{when(invitation)}</span>
            </div>
          </div>
          {invitation.status !== 'accepted' ? (
            <Button
              variant="secondary"
              className="h-10 w-full sm:w-auto"
              icon={<X className="size-4" aria-hidden="true" />}
              onClick={() => onCancel(invitation)}
              data-testid={`sent-invitation-cancel-${invitation.id}`}
            >
              {invitation.status === 'expired'
                ? t('members.invitations.remove')
                : t('members.invitations.cancel')}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
