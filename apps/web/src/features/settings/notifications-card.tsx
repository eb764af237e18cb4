import { Bell, BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/section-card';
import { NOTIFICATION_MENU_TEXT, useNotificationSetting } from '../../lib/notifications';

/** Browser notifications for changes others make: asks the browser's permission when turned on. */
export function NotificationsCard() {
  const { t } = useTranslation();
  const { setting, toggle } = useNotificationSetting();
  const text = NOTIFICATION_MENU_TEXT[setting];
  const canToggle = setting === 'on' || setting === 'off';
  const Icon = setting === 'on' ? BellOff : Bell;

  return (
    <SectionCard
      testId="settings-notifications"
      texts="settings.notifications"
      bodyClassName="space-y-3"
    >
      <p
        className="text-sm font-medium text-fg"
        data-testid="settings-notifications-status"
        data-setting={setting}
      >
        {t('settings.notifications.status', { status: t(`settings.notifications.${setting}`) })}
      </p>
      <p className="text-sm text-fg-muted">{t(text.hint)}</p>
      {canToggle ? (
        <Button
          variant="secondary"
          icon={<Icon className="size-4" aria-hidden="true" />}
          onClick={() => void toggle()}
          data-testid="settings-notifications-toggle"
        >
          {t(text.label)}
        </Button>
      ) : null}
    </SectionCard>
  );
}
