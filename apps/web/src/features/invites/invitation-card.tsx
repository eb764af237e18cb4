import { accessLevel } from '@siteledger/domain';
import { Building2, Check, MailCheck, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import type { InvitationAnswer, ReceivedInvitation } from '../../lib/invitations-api';
import { daysUntil, formatTimestamp } from '../../lib/dates';

export interface NotVerified {
  message: string;
  sending: boolean;
  onSendVerification: () => void;
}

/** EMAIL_NOT_VERIFIED: the server's message and a button that mails a verification link. */
function VerifyFirst({
  invitationId,
  message,
  sending,
  onSendVerification,
}: NotVerified & { invitationId: string }) {
  const { t } = useTranslation();
  return (
    <Alert tone="error" className="mt-4" testId={`invite-not-verified-${invitationId}`}>
      <p>{message}</p>
      <Button
        variant="secondary"
        size="sm"
        className="mt-2"
        icon={<MailCheck className="size-4" aria-hidden="true" />}
        loading={sending}
        onClick={onSendVerification}
        data-testid={`invite-send-verification-${invitationId}`}
      >
        {t('invites.verify.send')}
      </Button>
    </Alert>
  );
}

/** One received invitation: site, role and its access level, inviter, expiry; accept or decline. */
export function InvitationCard({
  invitation,
  busy,
  answering,
  onAnswer,
  notVerified,
}: {
  invitation: ReceivedInvitation;
  /** Another answer is on its way: buttons wait. */
  busy: boolean;
  /** This invitation's answer is on its way. */
  answering: InvitationAnswer | null;
  onAnswer: (action: InvitationAnswer) => void;
  /** Accepting was refused until the email is verified: the server's message and the way out. */
  notVerified?: NotVerified | null;
}) {
  const { t, i18n } = useTranslation();
  const days = daysUntil(invitation.expires_at);
  const expiry = formatTimestamp(invitation.expires_at, i18n.language);
  return (
    <Card
      className="flex flex-col p-5"
      data-testid={`invite-${invitation.id}`}
      data-site={invitation.site.name}
    >
      <div className="flex items-start gap-3.5">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
          <Building2 className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="break-words text-base font-semibold text-fg">{invitation.site.name}</h3>
          <p className="mt-0.5 text-sm text-fg-muted">
            {t('invites.invitedBy', {
              name: invitation.invited_by?.name ?? '—',
              date: formatTimestamp(invitation.invited_at, i18n.language),
            })}
          </p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 rounded-xl bg-surface-muted/70 p-3 text-sm">
        <div className="min-w-0 space-y-1">
          <dt className="text-xs text-fg-muted">{t('invites.role')}</dt>
          <dd className="flex flex-wrap items-center gap-1.5">
            <Badge tone="primary">{t(`roles.${invitation.role}`)}</Badge>
          </dd>
          <dd className="text-xs text-fg-muted">
            {t(`invites.access.${accessLevel(invitation.role)}`)}
          </dd>
        </div>
        <div className="min-w-0 space-y-1">
          <dt className="text-xs text-fg-muted">{t('invites.expires')}</dt>
          <dd className="font-medium text-fg">
            {days <= 1 ? t('invites.expiresToday') : t('invites.expiresIn', { count: days })}
          </dd>
          <dd className="text-xs text-fg-muted">{expiry}</dd>
        </div>
      </dl>
      {notVerified ? <VerifyFirst invitationId={invitation.id} {...notVerified} /> : null}
      <div className="mt-5 flex gap-3">
        <Button
          variant="secondary"
          size="lg"
          className="flex-1 sm:h-10 sm:rounded-lg sm:text-sm"
          icon={<X className="size-4" aria-hidden="true" />}
          loading={answering === 'decline'}
          disabled={busy}
          onClick={() => onAnswer('decline')}
          data-testid={`invite-decline-${invitation.id}`}
        >
          {t('invites.decline')}
        </Button>
        <Button
          size="lg"
          className="flex-1 sm:h-10 sm:rounded-lg sm:text-sm"
          icon={<Check className="size-4" aria-hidden="true" />}
          loading={answering === 'accept'}
          disabled={busy}
          onClick={() => onAnswer('accept')}
          data-testid={`invite-accept-${invitation.id}`}
        >
          {t('invitations.accept')}
        </Button>
      </div>
    </Card>
  );
}
