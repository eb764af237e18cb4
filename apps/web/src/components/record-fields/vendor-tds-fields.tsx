/**
 * A vendor's TDS fields (API.md "TDS"): PAN (the GSTIN's own while one is typed), the section
 * tax is deducted under, and a transporter's § 194C(6) declaration; below, the rate that follows.
 */
import { deducteeType, isPan, panFromGstin, TDS_SECTION_CODES, tdsRate } from '@siteledger/domain';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldProps } from '../form/use-field-props';
import { CheckboxField } from '../ui/checkbox-field';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import type { VendorForm } from './vendor-fields';

export function VendorTdsFields({ form }: { form: VendorForm }) {
  const { t } = useTranslation();
  const fieldProps = useFieldProps(form, 'vendors.fields');
  const { control } = form;
  const gstin = useWatch({ control, name: 'gstin' }) ?? '';
  const typed = useWatch({ control, name: 'pan' }) ?? '';
  const section = useWatch({ control, name: 'tds_section' });
  const transporter = useWatch({ control, name: 'tds_194c6' });
  const fromGstin = panFromGstin(gstin.trim().toUpperCase());
  const pan = fromGstin ?? (typed.trim().toUpperCase() || null);
  const rate = section ? tdsRate(section, pan, Boolean(transporter)) : null;

  return (
    <fieldset className="space-y-4 rounded-xl border border-border p-4" data-testid="vendor-tds">
      <legend className="px-1 text-sm font-semibold text-fg">{t('vendors.tds.title')}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {fromGstin ? (
          <TextField
            label={t('vendors.fields.pan')}
            value={fromGstin}
            readOnly
            hint={t('vendors.tds.panFromGstin')}
            data-testid="vendor-pan"
          />
        ) : (
          <TextField
            optional
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={10}
            data-testid="vendor-pan"
            {...fieldProps('pan', { placeholder: true, hint: true })}
          />
        )}
        <SelectField
          data-testid="vendor-tds-section"
          options={[
            { value: '', label: t('vendors.tds.none') },
            ...TDS_SECTION_CODES.map((code) => ({
              value: code,
              label: t(`vendors.tds.sections.${code}`),
            })),
          ]}
          {...fieldProps('tds_section')}
        />
      </div>
      {section === '194C' ? (
        <CheckboxField
          label={t('vendors.fields.tds194c6')}
          data-testid="vendor-tds-194c6"
          {...form.register('tds_194c6')}
        />
      ) : null}
      {rate !== null ? (
        <p className="text-sm text-fg-muted" data-testid="vendor-tds-rate">
          {isPan(pan)
            ? t('vendors.tds.rateWithPan', {
                rate,
                type: t(`vendors.tds.deductee.${deducteeType(pan)}`),
              })
            : t('vendors.tds.rateWithoutPan', { rate })}
        </p>
      ) : null}
    </fieldset>
  );
}
