import { Check, Mail, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { useRespondToInvitation, type ReceivedInvitation } from './api';

/** Pending invitations on the site-selection screen, each with accept and reject. */
export function InvitationList({
  invitations,
  onAccepted,
}: {
  invitations: ReceivedInvitation[];
  onAccepted: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const respond = useRespondToInvitation();

  const answer = (invitation: ReceivedInvitation, action: 'accept' | 'decline') => {
    respond.mutate(
      { id: invitation.id, action },
      {
        onSuccess: () => {
          if (action === 'accept') {
            toast.success(t('invitations.accepted', { site: invitation.site.name }));
            onAccepted();
          } else {
            toast.info(t('invitations.declined', { site: invitation.site.name }));
          }
        },
        onError: (error) => toast.error(errorMessage(error, t) || t('invitations.respondFailed')),
      },
    );
  };

  return (
    <section aria-labelledby="invitations-heading" className="space-y-3" data-testid="invitations">
      <h2
        id="invitations-heading"
        className="text-sm font-semibold uppercase tracking-wide text-fg-muted"
      >
        {t('invitations.pendingTitle')}
      </h2>
      <ul className="space-y-3">
        {invitations.map((invitation) => (
          <li
            key={invitation.id}
            className="flex flex-col gap-4 rounded-2xl border border-info-soft-fg/20 bg-info-soft p-4 sm:flex-row sm:items-center"
          >
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-surface text-info-soft-fg">
              <Mail className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-fg">
                {invitation.site.name}
                <Badge tone="info">{t(`roles.${invitation.role}`)}</Badge>
              </p>
              <p className="text-sm text-fg-muted">
                {t('invitations.invitedBy', { name: invitation.invited_by?.name ?? '—' })}
              </p>
            </div>
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="secondary"
                icon={<X className="size-4" aria-hidden="true" />}
                disabled={respond.isPending}
                onClick={() => answer(invitation, 'decline')}
              >
                {t('invitations.reject')}
              </Button>
              <Button
                size="sm"
                icon={<Check className="size-4" aria-hidden="true" />}
                loading={respond.isPending && respond.variables?.id === invitation.id}
                disabled={respond.isPending}
                onClick={() => answer(invitation, 'accept')}
              >
                {t('invitations.accept')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
