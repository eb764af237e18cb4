import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useInstallPrompt } from '../../lib/install-prompt';
import { useSession } from '../../lib/session';

/**
 * "Install SiteLedger" once the browser offers installation (spec part 1). Shown to signed-in
 * people only; "Not now" hides it for the rest of the browser session.
 */
export function InstallCard() {
  const { t } = useTranslation();
  const { status } = useSession();
  const install = useInstallPrompt();
  if (status !== 'signed-in' || !install.available || install.dismissed) return null;
  return (
    <section
      aria-labelledby="install-prompt-title"
      data-testid="install-prompt"
      className="flex items-start gap-3 rounded-2xl border border-border bg-surface p-4 shadow-pop animate-toast-in"
    >
      <img src="/icons/icon-192.png" alt="" className="size-11 shrink-0 rounded-xl" />
      <div className="min-w-0 flex-1">
        <h2 id="install-prompt-title" className="text-sm font-semibold text-fg">
          {t('pwa.install.title')}
        </h2>
        <p className="mt-0.5 text-sm leading-snug text-fg-muted">{t('pwa.install.detail')}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            size="sm"
            icon={<Download className="size-4" aria-hidden="true" />}
            onClick={() => void install.install()}
            data-testid="install-accept"
          >
            {t('pwa.install.accept')}
          </Button>
          <Button size="sm" variant="ghost" onClick={install.dismiss} data-testid="install-dismiss">
            {t('pwa.install.dismiss')}
          </Button>
        </div>
      </div>
    </section>
  );
}
