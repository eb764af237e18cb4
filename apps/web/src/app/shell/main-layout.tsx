import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useLiveUpdates } from '../../lib/live-updates-hook';
import { useOfflineQueueReplay } from '../../lib/offline-queue-runner';
import { OnboardingTours } from '../../features/onboarding/onboarding-tours';
import { BillingBanner } from './billing-banner';
import { QuickActionFab } from './quick-actions';
import { ReadOnlyBanner } from './read-only-banner';
import { ShortcutHelp } from './shortcut-help';
import { DesktopSidebar, MobileSidebar } from './sidebar';
import { TopBar } from './top-bar';
import { TwoStepRequired, useTwoStepBlocked } from './two-step-required';
import { useShortcuts } from './use-shortcuts';

/** Sidebar (fixed from 1024 px, sliding in below), top bar and the page. */
export function MainLayout() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const helpVisible = useShortcuts();
  const twoStepBlocked = useTwoStepBlocked();
  // Live updates of the current site, and sending what was saved offline.
  useLiveUpdates();
  useOfflineQueueReplay();
  return (
    <div className="min-h-dvh lg:pl-64">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[80] focus:rounded-lg focus:bg-surface focus:px-4 focus:py-2 focus:shadow-pop"
      >
        {t('nav.skipToContent')}
      </a>
      <DesktopSidebar />
      <MobileSidebar open={menuOpen} onOpenChange={setMenuOpen} />
      <TopBar onOpenMenu={() => setMenuOpen(true)} />
      <main id="main" className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        <ReadOnlyBanner />
        <BillingBanner />
        {twoStepBlocked ? <TwoStepRequired /> : <Outlet />}
      </main>
      <QuickActionFab />
      <ShortcutHelp visible={helpVisible} />
      <OnboardingTours />
    </div>
  );
}
