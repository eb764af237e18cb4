import type { SessionInfo } from '@siteledger/domain';
import { Laptop, LogOut, Smartphone, TerminalSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { DATE_TIME, formatTimestamp } from '../../lib/dates';

function DeviceIcon({ session }: { session: SessionInfo }) {
  const className = 'size-5 shrink-0 text-fg-muted';
  if (session.device === 'API client') return <TerminalSquare aria-hidden className={className} />;
  if (/Android|iPhone|iPad/.test(session.device)) {
    return <Smartphone aria-hidden className={className} />;
  }
  return <Laptop aria-hidden className={className} />;
}

/** One signed-in device: browser, address, last use and sign-in time; sign out unless current. */
export function SessionRow({
  session,
  onEnd,
}: {
  session: SessionInfo;
  onEnd: (session: SessionInfo) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <li
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
          onClick={() => onEnd(session)}
          data-testid="profile-session-end"
          aria-label={t('profile.sessions.endLabel', { device: session.device })}
        >
          <LogOut aria-hidden className="size-4" />
          {t('profile.sessions.end')}
        </Button>
      )}
    </li>
  );
}
