import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useInstallPrompt } from '../../lib/install-prompt';
import { useSession } from '../../lib/session';
import { PromptCard } from './prompt-card';

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
    <PromptCard
      id="install-prompt-title"
      testId="install-prompt"
      media={<img src="/icons/icon-192.png" alt="" className="size-11 shrink-0 rounded-xl" />}
      title={t('pwa.install.title')}
      detail={t('pwa.install.detail')}
    >
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
    </PromptCard>
  );
}
