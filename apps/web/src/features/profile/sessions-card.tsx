import type { SessionInfo } from '@siteledger/domain';
import { Laptop, LogOut, Smartphone, TerminalSquare } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { DATE_TIME, formatTimestamp } from '../../lib/dates';
import { useEndOtherSessions, useEndSession, useSessions } from './sessions-api';

function DeviceIcon({ session }: { session: SessionInfo }) {
  const className = 'size-5 shrink-0 text-fg-muted';
  if (session.device === 'API client') return <TerminalSquare aria-hidden className={className} />;
  if (/Android|iPhone|iPad/.test(session.device)) {
    return <Smartphone aria-hidden className={className} />;
  }
  return <Laptop aria-hidden className={className} />;
}

/**
 * Profile → "Where you're signed in": each device with its browser, address and last use, this
 * one marked; sign one out (a lost phone on a site) or all the others.
 */
export function SessionsCard() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [ending, setEnding] = useState<SessionInfo | null>(null);
  const [endingOthers, setEndingOthers] = useState(false);
  const others = (sessions.data ?? []).filter((session) => !session.current).length;

  return (
    <Card data-testid="profile-sessions">
      <CardHeader>
        <CardTitle>{t('profile.sessions.title')}</CardTitle>
        <p className="mt-1 text-sm text-fg-muted">{t('profile.sessions.description')}</p>
      </CardHeader>
      <CardBody className="space-y-4">
        {sessions.isError ? (
          <Alert tone="error" testId="profile-sessions-error">
            {errorMessage(sessions.error, t)}
          </Alert>
        ) : null}
        {sessions.isPending ? (
          <p className="text-sm text-fg-muted">{t('profile.sessions.loading')}</p>
        ) : null}
        <ul className="divide-y divide-border">
          {(sessions.data ?? []).map((session) => (
            <li
              key={session.id}
              className="flex items-start gap-3 py-3 first:pt-0 last:pb-0"
              data-testid="profile-session"
              data-current={session.current ? 'true' : 'false'}
            >
              <DeviceIcon session={session} />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="break-words">{session.device}</span>
                  {session.current ? (
                    <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary-soft-fg">
                      {t('profile.sessions.thisDevice')}
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-fg-muted">
                  {t('profile.sessions.details', {
                    place: session.ip ?? t('profile.sessions.unknownPlace'),
                    lastUsed: formatTimestamp(session.last_used_at, i18n.language, DATE_TIME),
                  })}
                </p>
                <p className="text-xs text-fg-muted">
                  {t('profile.sessions.signedInAt', {
                    date: formatTimestamp(session.created, i18n.language, DATE_TIME),
                  })}
                </p>
              </div>
              {session.current ? null : (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setEnding(session)}
                  data-testid="profile-session-end"
                  aria-label={t('profile.sessions.endLabel', { device: session.device })}
                >
                  <LogOut aria-hidden className="size-4" />
                  {t('profile.sessions.end')}
                </Button>
              )}
            </li>
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
      </CardBody>
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
    </Card>
  );
}
