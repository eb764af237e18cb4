import { Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../components/preferences/language-select';
import { ThemeToggle } from '../../components/preferences/theme-toggle';
import { Logo } from '../../components/ui/logo';
import { OfflineQueueButton } from '../../components/offline-queue-button';
import { QuickAddButtons } from './quick-add-buttons';
import { SiteSelector } from './site-selector';
import { UserMenu } from './user-menu';

/** Site selector, language selector, theme toggle and user menu (spec part 2). */
export function TopBar({ onOpenMenu }: { onOpenMenu?: () => void }) {
  const { t } = useTranslation();
  const withSite = Boolean(onOpenMenu);
  return (
    <header
      className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-border bg-surface/85 px-3 backdrop-blur-md supports-[backdrop-filter]:bg-surface/75 sm:gap-3 sm:px-6"
      data-testid="top-bar"
    >
      {withSite ? (
        <>
          <button
            type="button"
            onClick={onOpenMenu}
            className="flex size-9 shrink-0 items-center justify-center rounded-lg text-fg-muted hover:bg-surface-hover hover:text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring lg:hidden"
            aria-label={t('nav.open')}
            data-testid="sidebar-toggle"
          >
            <Menu className="size-5" />
          </button>
          <div className="min-w-0 flex-1">
            <SiteSelector />
          </div>
        </>
      ) : (
        <div className="min-w-0 flex-1">
          <Logo />
        </div>
      )}
      <div className="flex shrink-0 items-center gap-1.5 sm:gap-2">
        <OfflineQueueButton />
        <QuickAddButtons />
        <LanguageSelect />
        <ThemeToggle />
        <div className="ml-1 sm:ml-2">
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
