import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '../../lib/online-status';

/** "You're offline" while the browser has no connection (spec parts 1 and 8). */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="flex items-center gap-3 rounded-2xl bg-fg px-4 py-3 text-bg shadow-pop animate-toast-in"
    >
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-bg/15">
        <WifiOff className="size-4" aria-hidden="true" />
      </span>
      <p className="min-w-0 text-sm leading-snug">
        <span className="block font-semibold">{t('pwa.offline.title')}</span>
        <span className="block text-bg/75">{t('pwa.offline.detail')}</span>
      </p>
    </div>
  );
}
