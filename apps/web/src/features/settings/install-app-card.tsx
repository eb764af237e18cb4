import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/section-card';
import { useInstallPrompt } from '../../lib/install-prompt';

/**
 * Install the app (spec part 1): the browser's own prompt, offered here even after the floating
 * "Install SiteLedger" card was dismissed with "Not now".
 */
export function InstallAppCard() {
  const { t } = useTranslation();
  const install = useInstallPrompt();

  return (
    <SectionCard testId="settings-install" texts="settings.install">
      {install.available ? (
        <Button
          icon={<Download className="size-4" aria-hidden="true" />}
          onClick={() => void install.install()}
          data-testid="settings-install-button"
        >
          {t('pwa.install.accept')}
        </Button>
      ) : (
        <p className="text-sm text-fg-muted" data-testid="settings-install-unavailable">
          {t('settings.install.unavailable')}
        </p>
      )}
    </SectionCard>
  );
}
