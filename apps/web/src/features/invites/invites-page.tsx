import { Building2, MailOpen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useReceivedInvitations, type ReceivedInvitation } from '../../lib/invitations-api';
import { InvitationCard } from './invitation-card';
import { InviteJoinedBanner } from './invite-joined-banner';
import { useInviteAnswers, type Joined } from './use-invite-answers';
import { RetryButton } from '../../components/ui/retry-button';

/** Invites (spec part 2, /invites): received invitations with accept or decline. */
export function InvitesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { siteId, selectSite, user } = useSession();
  const invitations = useReceivedInvitations();
  const [declining, setDeclining] = useState<ReceivedInvitation | null>(null);
  const { answer, respond, joined, setJoined, linkedId, notVerifiedFor } = useInviteAnswers({
    onDeclineSettled: () => setDeclining(null),
  });

  const openSite = (site: Joined) => {
    selectSite(site.siteId, site.role);
    void navigate('/', { replace: true });
  };

  const list = invitations.data ?? [];
  const pendingId = answer.isPending ? answer.variables?.id : undefined;
  // The mailed link named an invitation this account does not have (answered, expired, or sent
  // to another address): say so rather than show an unrelated list.
  const linkMissing =
    linkedId !== null && invitations.isSuccess && !joined && !list.some((i) => i.id === linkedId);

  let content;
  if (invitations.isPending) {
    content = (
      <div className="grid gap-4 md:grid-cols-2" aria-busy="true">
        <Skeleton className="h-60 rounded-2xl" />
        <Skeleton className="h-60 rounded-2xl" />
      </div>
    );
  } else if (invitations.isError && list.length === 0) {
    content = (
      <div className="space-y-4" data-testid="invites-error">
        <Alert tone="error" title={t('invites.loadFailed')}>
          {errorMessage(invitations.error, t)}
        </Alert>
        <RetryButton onRetry={() => void invitations.refetch()} className="size-4" />
      </div>
    );
  } else if (list.length === 0) {
    content = joined ? null : (
      <Card data-testid="invites-empty">
        <EmptyState
          icon={<MailOpen />}
          title={t('invites.empty.title')}
          description={t('invites.empty.description')}
          action={
            <Button
              variant="secondary"
              icon={<Building2 className="size-4" aria-hidden="true" />}
              onClick={() => void navigate(siteId ? '/' : '/select-site')}
            >
              {siteId ? t('invites.empty.dashboard') : t('invites.empty.sites')}
            </Button>
          }
        />
      </Card>
    );
  } else {
    content = (
      <div className="grid gap-4 md:grid-cols-2" data-testid="invites-list">
        {list.map((invitation) => (
          <InvitationCard
            key={invitation.id}
            invitation={invitation}
            busy={answer.isPending}
            answering={pendingId === invitation.id ? (answer.variables?.action ?? null) : null}
            onAnswer={(action) =>
              action === 'decline' ? setDeclining(invitation) : respond(invitation, action)
            }
            notVerified={notVerifiedFor(invitation.id)}
          />
        ))}
      </div>
    );
  }

  return (
    <div data-testid="page-invites">
      <PageHeader title={t('pages.invites.title')} subtitle={t('pages.invites.description')} />
      {joined ? (
        <InviteJoinedBanner joined={joined} onOpen={openSite} onClose={() => setJoined(null)} />
      ) : null}
      {linkMissing ? (
        <Alert tone="info" className="mb-6" testId="invite-link-missing">
          {t('invites.link.missing', { email: user?.email ?? '' })}
        </Alert>
      ) : null}
      {content}
      <ConfirmDialog
        open={declining !== null}
        onOpenChange={(open) => !open && setDeclining(null)}
        title={t('invites.declineDialog.title')}
        description={t('invites.declineDialog.description', {
          site: declining?.site.name ?? '',
          name: declining?.invited_by?.name ?? '—',
        })}
        confirmLabel={t('invites.decline')}
        busy={answer.isPending && answer.variables?.action === 'decline'}
        onConfirm={() => declining && respond(declining, 'decline')}
        testId="invite-decline-dialog"
      />
    </div>
  );
}
