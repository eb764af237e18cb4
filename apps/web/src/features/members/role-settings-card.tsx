/**
 * "What each role may do" (issue 47, owners, on the Manage users page): four switches over the
 * business's role settings — accountants recording payments and accounts, supervisors seeing
 * balances and payments. Each saves at once with PATCH /api/businesses/{id}; the server enforces
 * them on every site of the business.
 */
import { ROLE_SETTING_KEYS, type RoleSettingKey, type Site } from '@siteledger/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ActiveSwitch } from '../../components/ui/active-switch';
import { RetryAlert } from '../../components/ui/retry-button';
import { SectionCard } from '../../components/ui/section-card';
import { Skeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast-context';
import { useUpdateBusiness } from '../../data/businesses';
import { useSiteRecord } from '../../data/sites';
import { queryKeys } from '../../lib/query-keys';

export function RoleSettingsCard({ siteId }: { siteId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const site = useSiteRecord<Pick<Site, 'business' | 'role_settings'>>(siteId);
  const update = useUpdateBusiness();
  const queryClient = useQueryClient();
  const settings = site.data?.role_settings;
  const save = (key: RoleSettingKey, value: boolean) => {
    if (!site.data) return;
    update.mutate(
      { id: site.data.business, data: { role_settings: { [key]: value } } },
      {
        onSuccess: (business) => {
          // The switch shows the saved value at once; the site's refetch follows.
          queryClient.setQueryData<Partial<Site>>(queryKeys.site(siteId), (old) =>
            old ? { ...old, role_settings: business.role_settings } : old,
          );
          toast.success(t('roleSettings.saved'));
        },
        onError: () => toast.error(t('roleSettings.saveFailed')),
      },
    );
  };

  return (
    <SectionCard testId="role-settings" texts="roleSettings" bodyClassName="space-y-3">
      {site.isError ? (
        <RetryAlert
          title={t('roleSettings.loadFailed')}
          query={site}
          testId="role-settings-error"
        />
      ) : !settings ? (
        <Skeleton className="h-40" />
      ) : (
        ROLE_SETTING_KEYS.map((key) => (
          <ActiveSwitch
            key={key}
            label={t(`roleSettings.${key}.label`)}
            description={t(`roleSettings.${key}.hint`)}
            checked={settings[key]}
            disabled={update.isPending}
            onChange={(event) => save(key, event.target.checked)}
            data-testid={`role-setting-${key}`}
          />
        ))
      )}
    </SectionCard>
  );
}
