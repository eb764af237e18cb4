import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { useVendor } from '../../data/vendors';
import type { HeaderInput } from './delivery-form';

/**
 * A new bill of a vendor under TDS (API.md "TDS"): material bought from a contractor is outside
 * it, so the bill may say so (`tds_section: null`); shown only when the vendor has a section.
 */
export function OutsideTdsField({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { control, register } = useFormContext<HeaderInput>();
  const vendorId = useWatch({ control, name: 'vendor' });
  const vendor = useVendor(vendorId || null).data;
  if (!vendor?.tds_section) return null;
  return (
    <CheckboxField
      className={className}
      data-testid="delivery-outside-tds"
      label={
        <>
          <span className="font-medium text-fg">{t('deliveries.tds.outside')}</span>
          <span className="block text-xs">
            {t('deliveries.tds.outsideHint', { section: vendor.tds_section })}
          </span>
        </>
      }
      {...register('outside_tds')}
    />
  );
}
