import * as RadixDialog from '@radix-ui/react-dialog';
import { permissionsFor } from '@siteledger/domain';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { cn } from '../../lib/cn';
import { NAV_ITEMS } from '../../lib/navigation';
import { allowedIn, useRoleRights } from '../../lib/role-rights';
import { useSession } from '../../lib/session';

/**
 * The sidebar links in spec order; Accounts and Payments only with canViewFinancials and as the
 * business's role settings allow (issue 47: a supervisor may be kept from them).
 */
export function useVisibleNavItems() {
  const { role } = useSession();
  const permissions = permissionsFor(role);
  const rights = useRoleRights();
  return NAV_ITEMS.filter((item) => allowedIn(permissions, rights, item.key, item.permission));
}

function SidebarContent({ onNavigate, testId }: { onNavigate?: () => void; testId: string }) {
  const { t } = useTranslation();
  const items = useVisibleNavItems();
  return (
    <div className="flex h-full flex-col" data-testid={testId}>
      <div className="flex h-16 shrink-0 items-center px-5">
        <Logo tone="light" />
      </div>
      <nav aria-label={t('nav.label')} className="flex-1 overflow-y-auto px-3 py-4">
        <p className="px-3 pb-2 text-[11px] font-semibold uppercase tracking-wider text-sidebar-muted">
          {t('nav.section')}
        </p>
        <ul className="space-y-0.5">
          {items.map(({ path, key, icon: Icon, shortcut }) => (
            <li key={path}>
              <NavLink
                to={path}
                end={path === '/'}
                onClick={onNavigate}
                data-testid={`nav-${key}`}
                aria-keyshortcuts={`Alt+Shift+${shortcut.toUpperCase()}`}
                title={t('nav.shortcutHint', { key: shortcut.toUpperCase() })}
                className={({ isActive }) =>
                  cn(
                    'group relative flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary',
                    isActive
                      ? 'bg-sidebar-active text-sidebar-fg-strong'
                      : 'text-sidebar-fg hover:bg-sidebar-hover hover:text-sidebar-fg-strong',
                  )
                }
              >
                {({ isActive }) => (
                  <>
                    {isActive ? (
                      <span
                        className="absolute inset-y-1.5 left-0 w-[3px] rounded-full bg-primary"
                        aria-hidden="true"
                      />
                    ) : null}
                    <Icon
                      className={cn(
                        'size-[18px] shrink-0',
                        isActive
                          ? 'text-primary'
                          : 'text-sidebar-muted group-hover:text-sidebar-fg',
                      )}
                      aria-hidden="true"
                    />
                    <span className="flex-1 truncate">{t(`nav.${key}`)}</span>
                    <kbd
                      className={cn(
                        'rounded border px-1.5 font-mono text-[11px] leading-5',
                        isActive
                          ? 'border-white/20 text-sidebar-fg'
                          : 'border-sidebar-border text-sidebar-muted',
                      )}
                      aria-hidden="true"
                    >
                      {shortcut}
                    </kbd>
                  </>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="shrink-0 border-t border-sidebar-border px-5 py-4 text-xs leading-relaxed text-sidebar-muted">
        {t('nav.shortcutFooter')}
      </div>
    </div>
  );
}

/** Fixed at ≥ 1024 px. */
export function DesktopSidebar() {
  return (
    <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 bg-sidebar lg:block">
      <SidebarContent testId="sidebar" />
    </aside>
  );
}

/** Below 1024 px the sidebar slides in over the page (opened by the hamburger). */
export function MobileSidebar({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          className="fixed inset-0 z-40 bg-slate-950/55 backdrop-blur-[1px] animate-fade-in lg:hidden"
          data-testid="sidebar-overlay"
        />
        <RadixDialog.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-sidebar shadow-2xl animate-slide-in-left focus:outline-none lg:hidden">
          <RadixDialog.Title className="sr-only">{t('nav.label')}</RadixDialog.Title>
          <RadixDialog.Description className="sr-only">
            {t('nav.mobileDescription')}
          </RadixDialog.Description>
          <RadixDialog.Close
            className="absolute right-3 top-4 rounded-lg p-1.5 text-sidebar-fg hover:bg-sidebar-hover hover:text-sidebar-fg-strong focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary"
            aria-label={t('nav.close')}
          >
            <X className="size-5" />
          </RadixDialog.Close>
          <SidebarContent testId="sidebar-mobile" onNavigate={() => onOpenChange(false)} />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
