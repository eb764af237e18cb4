import { RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '../../components/ui/button';
import { scheduleUpdateChecks } from '../../lib/update-check';
import { PromptCard } from './prompt-card';

/** If the new version has not taken over by then, reload anyway rather than leave a spinner. */
const RELOAD_FALLBACK_MS = 5000;

export function UpdatePromptCard({
  onUpdate,
  onLater,
  updating,
}: {
  onUpdate: () => void;
  onLater: () => void;
  updating: boolean;
}) {
  const { t } = useTranslation();
  return (
    <PromptCard
      id="update-prompt-title"
      testId="update-prompt"
      status
      media={
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
          <RefreshCw className="size-5" aria-hidden="true" />
        </span>
      }
      title={t('pwa.update.title')}
      detail={t('pwa.update.detail')}
    >
      <Button size="sm" onClick={onUpdate} loading={updating} data-testid="update-apply">
        {t('pwa.update.apply')}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={onLater}
        disabled={updating}
        data-testid="update-later"
      >
        {t('pwa.update.later')}
      </Button>
    </PromptCard>
  );
}

/**
 * Registers the service worker (/sw.js, registerType 'prompt'), checks for a new version every
 * 60 minutes and, when one is waiting, offers "Update" (take it and reload) or "Later".
 */
export function UpdatePrompt() {
  const stopChecks = useRef<(() => void) | null>(null);
  const [updating, setUpdating] = useState(false);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      stopChecks.current?.();
      if (registration) stopChecks.current = scheduleUpdateChecks(registration);
    },
    onRegisterError(error: unknown) {
      console.warn('[pwa] service worker registration failed', error);
    },
  });

  useEffect(() => () => stopChecks.current?.(), []);

  if (!needRefresh) return null;
  const update = () => {
    setUpdating(true);
    // The page reloads once the waiting worker takes control (vite-plugin-pwa's "controlling").
    void updateServiceWorker(true);
    setTimeout(() => window.location.reload(), RELOAD_FALLBACK_MS);
  };
  return (
    <UpdatePromptCard onUpdate={update} onLater={() => setNeedRefresh(false)} updating={updating} />
  );
}
