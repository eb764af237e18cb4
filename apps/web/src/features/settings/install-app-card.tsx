import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../components/ui/card';
import { useInstallPrompt } from '../../lib/install-prompt';

/**
 * Install the app (spec part 1): the browser's own prompt, offered here even after the floating
 * "Install SiteLedger" card was dismissed with "Not now".
 */
export function InstallAppCard() {
  const { t } = useTranslation();
  const install = useInstallPrompt();

  return (
    <Card data-testid="settings-install">
      <CardHeader>
        <CardTitle>{t('settings.install.title')}</CardTitle>
        <p className="mt-1 text-sm text-fg-muted">{t('settings.install.description')}</p>
      </CardHeader>
      <CardBody>
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
      </CardBody>
    </Card>
  );
}
