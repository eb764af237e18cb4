import { Bell, BellOff, Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MenuItem } from '../../components/ui/menu';
import { useToast } from '../../components/ui/toast-context';
import { NOTIFICATION_MENU_TEXT, useNotificationSetting } from '../../lib/notifications';
import { requestTour } from '../../lib/onboarding';
import { useSession } from '../../lib/session';

/** Starts the current page's tour; without a site there is none to show. */
export function HelpTourMenuItem() {
  const { t } = useTranslation();
  const toast = useToast();
  const { siteId } = useSession();
  return (
    <MenuItem
      onSelect={() =>
        // Tours live on the site's pages; without a site there is none to show.
        siteId ? requestTour() : toast.info(t('errors.selectSiteFirst'))
      }
      data-testid="user-menu-help-tour"
    >
      <Compass aria-hidden="true" />
      {t('userMenu.helpTour')}
    </MenuItem>
  );
}

/** Turns browser notifications on or off, saying what the current setting does. */
export function NotificationsMenuItem() {
  const { t } = useTranslation();
  const notifications = useNotificationSetting();
  const notificationText = NOTIFICATION_MENU_TEXT[notifications.setting];
  return (
    <MenuItem
      onSelect={() => void notifications.toggle()}
      data-testid="user-menu-notifications"
      data-setting={notifications.setting}
    >
      {notifications.setting === 'on' ? (
        <BellOff aria-hidden="true" />
      ) : (
        <Bell aria-hidden="true" />
      )}
      <span className="min-w-0 flex-1">
        <span className="block">{t(notificationText.label)}</span>
        <span className="block text-xs text-fg-subtle">{t(notificationText.hint)}</span>
      </span>
    </MenuItem>
  );
}
