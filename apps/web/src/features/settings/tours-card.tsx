import { Compass, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ActiveSwitch } from '../../components/ui/active-switch';
import { ActionButtons } from '../../components/record-detail/action-buttons';
import { SectionCard } from '../../components/ui/section-card';
import { useToast } from '../../components/ui/toast-context';
import {
  requestTour,
  resetTours,
  setOnboardingDisabled,
  TOUR_PAGES,
  useOnboardingSettings,
} from '../../lib/onboarding';
import { useSession } from '../../lib/session';

/** Page tours on or off, shown again from the start, or the dashboard's tour now. */
export function ToursCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const { siteId } = useSession();
  const { disabled, seen } = useOnboardingSettings();

  return (
    <SectionCard testId="profile-tours" texts="profile.tours" bodyClassName="space-y-4">
      <ActiveSwitch
        label={t('profile.tours.enabled')}
        description={disabled ? t('profile.tours.offHint') : t('profile.tours.onHint')}
        checked={!disabled}
        onChange={(event) => setOnboardingDisabled(!event.target.checked)}
        data-testid="profile-tours-enabled"
      />
      <p className="text-sm text-fg-muted" data-testid="profile-tours-seen">
        {t('profile.tours.seen', { count: seen, total: TOUR_PAGES.length })}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <ActionButtons
          actions={[
            {
              id: 'reset',
              when: true,
              variant: 'secondary',
              icon: RotateCcw,
              label: t('profile.tours.reset'),
              disabled: seen === 0,
              onClick: () => {
                resetTours();
                toast.success(t('profile.tours.resetDone'));
              },
              testId: 'profile-tours-reset',
            },
            {
              id: 'start',
              when: Boolean(siteId),
              variant: 'ghost',
              icon: Compass,
              label: t('profile.tours.start'),
              onClick: () => requestTour('dashboard'),
              testId: 'profile-tours-start',
            },
          ]}
        />
      </div>
    </SectionCard>
  );
}
