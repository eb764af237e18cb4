import type { Invitation } from '@siteledger/domain';
import { MailPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { useCancelInvitation } from './api';
import { SentInvitationList } from './sent-invitation-list';
import { teamErrorMessage } from './team-errors';
import { RetryButton } from '../../components/ui/retry-button';

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
        <RetryButton onRetry={onRetry} className="size-4" />
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
      <SentInvitationList
        invitations={invitations}
        onCancel={(invitation) => {
          cancel.reset();
          setCancelling(invitation);
        }}
      />
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
