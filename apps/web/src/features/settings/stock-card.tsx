/**
 * "Stock" (issue 25, API.md "Site stock"), owners only: whether consumption and transfers may
 * take an item's stock below zero, and the value above which a supervisor's count waits for an
 * owner's approval (empty: never). PATCH /api/sites/{id}; other members do not see it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { Site } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { useFieldProps } from '../../components/form/use-field-props';
import { ActiveSwitch } from '../../components/ui/active-switch';
import { SectionCard } from '../../components/ui/section-card';
import { MoneyField } from '../../components/ui/money-field';
import { useSession } from '../../lib/session';
import { SettingsForm } from './settings-form';
import { useSiteSettings } from './site-settings-api';
import { useSiteSettingsForm } from './use-site-settings-form';
import {
  STOCK_FIELDS,
  stockFormValues,
  stockPatch,
  stockSettingsSchema,
  type StockInput,
  type StockPatch,
  type StockValues,
} from './stock-settings';

type StockSettings = Pick<Site, 'id'> & StockPatch;

export function StockCard() {
  const { siteId, role } = useSession();
  const owner = role === 'owner';
  const site = useSiteSettings<StockSettings>(siteId ?? '', owner);
  if (!owner || !siteId || !site.data) return null;
  return (
    <SectionCard testId="settings-stock" texts="settings.stock">
      <StockForm key={site.data.id} siteId={siteId} site={site.data} />
    </SectionCard>
  );
}

function StockForm({ siteId, site }: { siteId: string; site: StockSettings }) {
  const { t } = useTranslation();
  const settings = useSiteSettingsForm({
    siteId,
    resolver: zodResolver<StockInput, unknown, StockValues>(stockSettingsSchema),
    defaultValues: stockFormValues(site),
    toPatch: stockPatch,
    toValues: stockFormValues,
    fields: STOCK_FIELDS,
    savedMessage: t('settings.stock.saved'),
  });
  const fieldProps = useFieldProps(settings.form, 'settings.stock');

  return (
    <SettingsForm settings={settings} testId="settings-stock" saveLabel={t('settings.stock.save')}>
      <ActiveSwitch
        label={t('settings.stock.allowNegative')}
        description={t('settings.stock.allowNegativeHint')}
        data-testid="settings-stock-allow-negative"
        {...settings.form.register('allow_negative_stock')}
      />
      <MoneyField
        optional
        data-testid="settings-stock-count-threshold"
        {...fieldProps('stock_count_threshold', {
          text: 'countThreshold',
          hint: true,
          decimal: true,
        })}
      />
    </SettingsForm>
  );
}
