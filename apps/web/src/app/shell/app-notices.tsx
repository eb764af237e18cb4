import { AppDock } from './app-dock';
import { InstallCard } from './install-card';
import { OfflineBanner } from './offline-banner';
import { UpdatePrompt } from './update-prompt';

/** Always mounted next to the toasts: update prompt, install card, offline banner. */
export function AppNotices() {
  return (
    <AppDock>
      <UpdatePrompt />
      <InstallCard />
      <OfflineBanner />
    </AppDock>
  );
}
