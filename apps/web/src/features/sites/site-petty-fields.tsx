/**
 * Petty cash (issue 46), owners only: the amount above which a petty expense waits for an owner
 * (default ₹2,000), and above which its bill photo is required before approval (blank: never).
 */
import { useTranslation } from 'react-i18next';
import { MoneyField, parseDecimalInput } from '../../components/ui/money-field';
import { fieldError } from '../../lib/form';
import type { SiteForm } from './site-fields';

/** A blank box is "never" (null), not "leave as it is". */
const orNever = (value: unknown) => parseDecimalInput(value) ?? null;

export function SitePettyFields({ form, testId }: { form: SiteForm; testId: string }) {
  const { t } = useTranslation();
  const errors = form.formState.errors;
  return (
    <section className="space-y-4 border-t border-border pt-4" data-testid={`${testId}-petty`}>
      <h3 className="text-sm font-semibold text-fg">{t('pettyAdmin.settings.title')}</h3>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <MoneyField
          label={t('pettyAdmin.settings.threshold')}
          hint={t('pettyAdmin.settings.thresholdHint')}
          error={fieldError(t, errors.petty_approval_threshold)}
          data-testid={`${testId}-petty-threshold`}
          {...form.register('petty_approval_threshold', { setValueAs: parseDecimalInput })}
        />
        <MoneyField
          optional
          label={t('pettyAdmin.settings.photoAbove')}
          hint={t('pettyAdmin.settings.photoAboveHint')}
          placeholder={t('pettyAdmin.settings.photoAboveNever')}
          error={fieldError(t, errors.petty_photo_above)}
          data-testid={`${testId}-petty-photo-above`}
          {...form.register('petty_photo_above', { setValueAs: orNever })}
        />
      </div>
    </section>
  );
}
