import type { SessionInfo } from '@siteledger/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../components/ui/failure-alert';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/section-card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { SessionRow } from './session-row';
import { useEndOtherSessions, useEndSession, useSessions } from './sessions-api';

/**
 * Profile → "Where you're signed in": each device with its browser, address and last use, this
 * one marked; sign one out (a lost phone on a site) or all the others.
 */
export function SessionsCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [ending, setEnding] = useState<SessionInfo | null>(null);
  const [endingOthers, setEndingOthers] = useState(false);
  const others = (sessions.data ?? []).filter((session) => !session.current).length;

  return (
    <SectionCard
      testId="profile-sessions"
      texts="profile.sessions"
      bodyClassName="space-y-4"
      after={
        <>
          <ConfirmDialog
            open={ending !== null}
            onOpenChange={(open) => {
              if (!open) {
                setEnding(null);
                endOne.reset();
              }
            }}
            title={t('profile.sessions.endTitle')}
            description={t('profile.sessions.endDescription', { device: ending?.device ?? '' })}
            confirmLabel={t('profile.sessions.end')}
            busy={endOne.isPending}
            error={endOne.isError ? errorMessage(endOne.error, t) : undefined}
            testId="profile-session-end-confirm"
            onConfirm={() => {
              if (!ending) return;
              endOne.mutate(ending.id, {
                onSuccess: () => {
                  toast.success(t('profile.sessions.ended', { device: ending.device }));
                  setEnding(null);
                },
              });
            }}
          />
          <ConfirmDialog
            open={endingOthers}
            onOpenChange={(open) => {
              setEndingOthers(open);
              if (!open) endOthers.reset();
            }}
            title={t('profile.sessions.endOthersTitle')}
            description={t('profile.sessions.endOthersDescription', { count: others })}
            confirmLabel={t('profile.sessions.endOthers')}
            busy={endOthers.isPending}
            error={endOthers.isError ? errorMessage(endOthers.error, t) : undefined}
            testId="profile-sessions-end-others-confirm"
            onConfirm={() => {
              endOthers.mutate(undefined, {
                onSuccess: (answer) => {
                  toast.success(t('profile.sessions.endedOthers', { count: answer.ended }));
                  setEndingOthers(false);
                },
              });
            }}
          />
        </>
      }
    >
      <FailureAlert failed={sessions} testId="profile-sessions-error" />
      {sessions.isPending ? (
        <p className="text-sm text-fg-muted">{t('profile.sessions.loading')}</p>
      ) : null}
      <ul className="divide-y divide-border">
        {(sessions.data ?? []).map((session) => (
          <SessionRow key={session.id} session={session} onEnd={setEnding} />
        ))}
      </ul>
      {others > 0 ? (
        <Button
          variant="secondary"
          onClick={() => setEndingOthers(true)}
          data-testid="profile-sessions-end-others"
        >
          {t('profile.sessions.endOthers')}
        </Button>
      ) : null}
    </SectionCard>
  );
}
