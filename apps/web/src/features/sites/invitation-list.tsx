import { isErrorCode } from '@siteledger/domain';
import { Check, Mail, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast-context';
import { isApiError } from '../../lib/api-client';
import { useAnswerInvitation, type ReceivedInvitation } from '../../lib/invitations-api';
import { daysUntil } from '../../lib/dates';

/** The server's message for a known refusal (already a member, expired…), else the spec's. */
export function answerFailure(error: unknown, fallback: string): string {
  if (isApiError(error) && isErrorCode(error.code) && error.code !== 'INTERNAL') {
    return error.message;
  }
  return fallback;
}

/** Pending invitations on the site-selection screen, each with accept and reject. */
export function InvitationList({
  invitations,
  onAccepted,
}: {
  invitations: ReceivedInvitation[];
  onAccepted: (invitation: ReceivedInvitation) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const respond = useAnswerInvitation();

  const answer = (invitation: ReceivedInvitation, action: 'accept' | 'decline') => {
    respond.mutate(
      { id: invitation.id, action },
      {
        onSuccess: () => {
          if (action === 'accept') {
            toast.success(t('invitations.accepted', { site: invitation.site.name }));
            onAccepted(invitation);
          } else {
            toast.info(t('invitations.declined', { site: invitation.site.name }));
          }
        },
        onError: (error) => toast.error(answerFailure(error, t('invitations.respondFailed'))),
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
        {invitations.map((invitation) => {
          const days = daysUntil(invitation.expires_at);
          const mine = respond.isPending && respond.variables?.id === invitation.id;
          return (
            <li
              key={invitation.id}
              className="flex flex-col gap-4 rounded-2xl border border-info-soft-fg/20 bg-info-soft p-4 sm:flex-row sm:items-center"
              data-testid={`invitation-${invitation.id}`}
            >
              <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-surface text-info-soft-fg sm:flex">
                <Mail className="size-5" aria-hidden="true" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-fg">
                  <span className="break-words">{invitation.site.name}</span>
                  <Badge tone="info">{t(`roles.${invitation.role}`)}</Badge>
                </p>
                <p className="text-sm text-fg-muted">
                  {t('invitations.invitedBy', { name: invitation.invited_by?.name ?? '—' })}
                  {' · '}
                  {days <= 1
                    ? t('sites.invitationList.expiresToday')
                    : t('sites.invitationList.expires', { count: days })}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  className="h-11 flex-1 sm:h-9 sm:flex-none"
                  icon={<X className="size-4" aria-hidden="true" />}
                  loading={mine && respond.variables?.action === 'decline'}
                  disabled={respond.isPending}
                  onClick={() => answer(invitation, 'decline')}
                  data-testid={`invitation-reject-${invitation.id}`}
                >
                  {t('invitations.reject')}
                </Button>
                <Button
                  className="h-11 flex-1 sm:h-9 sm:flex-none"
                  icon={<Check className="size-4" aria-hidden="true" />}
                  loading={mine && respond.variables?.action === 'accept'}
                  disabled={respond.isPending}
                  onClick={() => answer(invitation, 'accept')}
                  data-testid={`invitation-accept-${invitation.id}`}
                >
                  {t('invitations.accept')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
