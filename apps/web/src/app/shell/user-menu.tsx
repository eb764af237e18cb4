import { permissionsFor } from '@siteledger/domain';
import { History, LogOut, Mail, Settings, UserCircle, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  MenuContent,
  MenuItem,
  MenuRoot,
  MenuSeparator,
  MenuTrigger,
} from '../../components/ui/menu';
import { UserAvatar } from '../../components/user-avatar';
import { initialsOf } from '../../lib/format';
import { useReceivedInvitations } from '../../lib/invitations-api';
import { useSession } from '../../lib/session';
import { APP_VERSION } from '../../lib/version';
import { useMenuTabOut } from './menu-tab-out';
import { SubscriptionMenuItem } from './subscription-menu-item';
import { HelpTourMenuItem, NotificationsMenuItem } from './user-menu-items';

/** Spec part 2: the badge of pending invitations shows 9+ above 9. */
export function badgeText(count: number): string {
  return count > 9 ? '9+' : String(count);
}

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, role, signOut } = useSession();
  const invitations = useReceivedInvitations();
  const pending = invitations.data?.length ?? 0;
  const permissions = permissionsFor(role);
  const tabOut = useMenuTabOut<HTMLButtonElement>();

  return (
    <MenuRoot open={tabOut.open} onOpenChange={tabOut.onOpenChange}>
      <MenuTrigger
        ref={tabOut.triggerRef}
        data-testid="user-menu"
        aria-label={
          // The initials the button shows start its name (WCAG 2.5.3, label in name).
          (user?.avatar ? '' : `${initialsOf(user?.name)}, `) +
          (pending > 0
            ? t('userMenu.labelWithInvitations', { name: user?.name ?? '', count: pending })
            : t('userMenu.label', { name: user?.name ?? '' }))
        }
        className="relative flex size-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-orange-500 to-amber-500 text-sm font-semibold text-white shadow-sm ring-2 ring-surface transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
      >
        <UserAvatar name={user?.name} avatar={user?.avatar} className="size-full" />
        {pending > 0 ? (
          <span
            className="absolute -right-1.5 -top-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-danger px-1 text-[10px] font-bold text-white ring-2 ring-surface"
            data-testid="invitation-badge"
            aria-hidden="true"
          >
            {badgeText(pending)}
          </span>
        ) : null}
      </MenuTrigger>
      <MenuContent className="w-64" {...tabOut.contentProps}>
        <div className="px-2.5 pb-2 pt-1.5">
          <p className="truncate text-sm font-semibold text-fg" data-testid="user-name">
            {user?.name}
          </p>
          <p className="truncate text-xs text-fg-muted">{user?.email}</p>
        </div>
        <MenuSeparator />
        <MenuItem onSelect={() => void navigate('/invites')} data-testid="user-menu-invitations">
          <Mail aria-hidden="true" />
          <span className="flex-1">{t('userMenu.invitations')}</span>
          {pending > 0 ? (
            <span className="rounded-full bg-danger-soft px-1.5 text-xs font-semibold text-danger-soft-fg">
              {badgeText(pending)}
            </span>
          ) : null}
        </MenuItem>
        <MenuItem onSelect={() => void navigate('/profile')} data-testid="user-menu-profile">
          <UserCircle aria-hidden="true" />
          {t('userMenu.profile')}
        </MenuItem>
        <MenuItem onSelect={() => void navigate('/settings')} data-testid="user-menu-settings">
          <Settings aria-hidden="true" />
          {t('settings.menu')}
        </MenuItem>
        <SubscriptionMenuItem testId="user-menu-subscription" />
        {role === 'owner' ? (
          <MenuItem onSelect={() => void navigate('/activity')} data-testid="user-menu-activity">
            <History aria-hidden="true" />
            {t('audit.log.menu')}
          </MenuItem>
        ) : null}
        {permissions.canManageUsers ? (
          <MenuItem onSelect={() => void navigate('/users')} data-testid="user-menu-users">
            <Users aria-hidden="true" />
            {t('userMenu.manageUsers')}
          </MenuItem>
        ) : null}
        <HelpTourMenuItem />
        <NotificationsMenuItem />
        <MenuSeparator />
        <MenuItem
          onSelect={() => void signOut()}
          data-testid="user-menu-logout"
          className="text-danger data-[highlighted]:bg-danger-soft [&_svg]:text-danger"
        >
          <LogOut aria-hidden="true" />
          {t('userMenu.logout')}
        </MenuItem>
        <MenuSeparator />
        <p className="px-2.5 py-1 text-xs text-fg-subtle" data-testid="app-version">
          {t('userMenu.version', { version: APP_VERSION })}
        </p>
      </MenuContent>
    </MenuRoot>
  );
}
