/**
 * "Purchasing" (API.md "Material requests and purchase orders"): the amount above which a material
 * request needs the owner's approval (empty: every request does) and how far a purchase order's
 * line may be received above what was ordered. Owners change them (PATCH /api/sites/{id}); other
 * members see them read-only.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { formatInr, toPaise, type Site } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useFieldProps } from '../../components/form/use-field-props';
import { SectionCard } from '../../components/ui/section-card';
import { decimalSchema, MoneyField, moneySchema } from '../../components/ui/money-field';
import { TextField } from '../../components/ui/text-field';
import { formatDecimal } from '../../lib/format';
import { useSession } from '../../lib/session';
import { SettingsForm } from './settings-form';
import { useSiteSettings } from './site-settings-api';
import { useSiteSettingsForm } from './use-site-settings-form';

type PurchasingSettings = Pick<Site, 'id' | 'approval_threshold' | 'po_over_receipt_percent'>;
type PurchasingPatch = Pick<Site, 'approval_threshold' | 'po_over_receipt_percent'>;

const schema = z.object({
  approval_threshold: moneySchema().optional(),
  po_over_receipt_percent: decimalSchema({
    decimals: 2,
    decimalsMessage: 'validation.twoDecimals',
    positive: false,
    allowNegative: false,
    max: 100,
  }).optional(),
});
interface PurchasingInput {
  approval_threshold?: number | undefined;
  po_over_receipt_percent?: number | undefined;
}
type PurchasingValues = z.output<typeof schema>;
const FIELDS = ['approval_threshold', 'po_over_receipt_percent'] as const;

const purchasingFormValues = (site: PurchasingPatch): PurchasingInput => ({
  approval_threshold: site.approval_threshold ?? undefined,
  po_over_receipt_percent: site.po_over_receipt_percent,
});

export function PurchasingCard() {
  const { siteId, role } = useSession();
  const site = useSiteSettings<PurchasingSettings>(siteId ?? '');
  if (!siteId || !site.data) return null;
  return (
    <SectionCard testId="settings-purchasing" texts="settings.purchasing">
      {role === 'owner' ? (
        <PurchasingForm key={site.data.id} siteId={siteId} site={site.data} />
      ) : (
        <PurchasingValuesList site={site.data} />
      )}
    </SectionCard>
  );
}

/** Read-only, for members other than owners. */
function PurchasingValuesList({ site }: { site: PurchasingSettings }) {
  const { t } = useTranslation();
  return (
    <dl
      className="grid gap-x-4 gap-y-2 rounded-xl bg-surface-muted/70 px-3.5 py-3 text-sm sm:grid-cols-[auto_minmax(0,1fr)]"
      data-testid="settings-purchasing-values"
    >
      <dt className="text-fg-muted">{t('settings.purchasing.threshold')}</dt>
      <dd className="font-medium text-fg" data-testid="settings-purchasing-threshold-value">
        {site.approval_threshold === null
          ? t('settings.purchasing.everyRequest')
          : formatInr(toPaise(site.approval_threshold))}
      </dd>
      <dt className="text-fg-muted">{t('settings.purchasing.overReceipt')}</dt>
      <dd className="font-medium text-fg" data-testid="settings-purchasing-over-receipt-value">
        {t('settings.purchasing.percentValue', {
          value: formatDecimal(site.po_over_receipt_percent),
        })}
      </dd>
    </dl>
  );
}

function PurchasingForm({ siteId, site }: { siteId: string; site: PurchasingSettings }) {
  const { t } = useTranslation();
  const settings = useSiteSettingsForm({
    siteId,
    resolver: zodResolver<PurchasingInput, unknown, PurchasingValues>(schema),
    defaultValues: purchasingFormValues(site),
    toPatch: (values): PurchasingPatch => ({
      approval_threshold: values.approval_threshold ?? null,
      po_over_receipt_percent: values.po_over_receipt_percent ?? 0,
    }),
    toValues: purchasingFormValues,
    fields: FIELDS,
    savedMessage: t('settings.purchasing.saved'),
  });
  const fieldProps = useFieldProps(settings.form, 'settings.purchasing');

  return (
    <SettingsForm
      settings={settings}
      testId="settings-purchasing"
      saveLabel={t('settings.purchasing.save')}
    >
      <MoneyField
        optional
        data-testid="settings-purchasing-threshold"
        {...fieldProps('approval_threshold', { text: 'threshold', hint: true, decimal: true })}
      />
      <TextField
        inputMode="decimal"
        autoComplete="off"
        data-testid="settings-purchasing-over-receipt"
        {...fieldProps('po_over_receipt_percent', {
          text: 'overReceipt',
          hint: true,
          decimal: true,
        })}
      />
    </SettingsForm>
  );
}
