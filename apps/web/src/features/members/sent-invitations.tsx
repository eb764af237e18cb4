import type { Invitation } from '@siteledger/domain';
import { MailPlus, RefreshCw, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { StatusBadge } from '../../components/ui/status-badge';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { useCancelInvitation } from './api';
import { daysUntil, formatTimestamp } from '../../lib/dates';
import { RoleBadge } from './role-guide';
import { teamErrorMessage } from './team-errors';

/** Pending first, then expired, then accepted; newest first within each. */
const ORDER: Record<string, number> = { pending: 0, expired: 1, accepted: 2 };
function sortInvitations(list: Invitation[]): Invitation[] {
  return [...list].sort(
    (a, b) =>
      (ORDER[a.status] ?? 3) - (ORDER[b.status] ?? 3) || b.invited_at.localeCompare(a.invited_at),
  );
}

/** Invitations sent for the site: email, role, status (expired included), expiry, cancel. */
export function SentInvitations({
  invitations,
  loading,
  error,
  onRetry,
  onInvite,
}: {
  invitations: Invitation[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  onInvite?: (() => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const cancel = useCancelInvitation();
  const [cancelling, setCancelling] = useState<Invitation | null>(null);

  const when = (invitation: Invitation) => {
    const date = formatTimestamp(invitation.expires_at, i18n.language);
    if (invitation.status === 'accepted') return t('members.invitations.accepted');
    if (invitation.status === 'expired') return t('members.invitations.expiredOn', { date });
    const days = daysUntil(invitation.expires_at);
    return days <= 1
      ? t('members.invitations.expiresSoon', { date })
      : t('members.invitations.expiresIn', { count: days, date });
  };

  let body;
  if (loading && !invitations) {
    body = (
      <div className="space-y-3 p-5">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  } else if (error && !invitations) {
    body = (
      <div className="space-y-3 p-5">
        <Alert tone="error" title={t('members.invitations.loadFailed')}>
          {errorMessage(error, t)}
        </Alert>
        <Button
          variant="secondary"
          onClick={onRetry}
          icon={<RefreshCw className="size-4" aria-hidden="true" />}
        >
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (!invitations?.length) {
    body = (
      <div className="flex flex-col items-center gap-3 px-5 py-10 text-center">
        <span className="flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
          <MailPlus className="size-5" aria-hidden="true" />
        </span>
        <p className="text-sm text-fg-muted">{t('members.invitations.empty')}</p>
        {onInvite ? (
          <Button variant="secondary" onClick={onInvite}>
            {t('members.invite.open')}
          </Button>
        ) : null}
      </div>
    );
  } else {
    body = (
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
                onClick={() => {
                  cancel.reset();
                  setCancelling(invitation);
                }}
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

  const email = cancelling?.email ?? '';
  return (
    <section
      aria-labelledby="sent-invitations-heading"
      className="space-y-3"
      data-testid="sent-invitations"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2
          id="sent-invitations-heading"
          className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-fg-muted"
        >
          {t('members.invitations.title')}
          {invitations ? (
            <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-semibold normal-case tracking-normal text-fg-muted">
              {invitations.length}
            </span>
          ) : null}
        </h2>
        <p className="text-xs text-fg-muted">{t('members.invitations.subtitle')}</p>
      </div>
      <Card className="overflow-hidden">{body}</Card>
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title={t('members.invitations.cancelTitle')}
        description={t('members.invitations.cancelDescription', { email })}
        confirmLabel={t('members.invitations.cancelConfirm')}
        busy={cancel.isPending}
        error={cancel.isError ? teamErrorMessage(cancel.error, t, i18n.language) : null}
        onConfirm={() => {
          if (!cancelling) return;
          cancel.mutate(cancelling.id, {
            onSuccess: () => {
              setCancelling(null);
              toast.success(t('members.invitations.cancelled', { email }));
            },
          });
        }}
        testId="sent-invitation-cancel-dialog"
      />
    </section>
  );
}
