/**
 * "Reverse charge" on a delivery or booking (issue 40 item 10): the tax is worked out at the
 * lines' rates but the site pays it to the government, so the vendor is owed the value only.
 */
import { forwardRef, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../ui/checkbox-field';

export const ReverseChargeField = forwardRef<
  HTMLInputElement,
  Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { className?: string }
>(function ReverseChargeField(props, ref) {
  const { t } = useTranslation();
  return (
    <CheckboxField
      ref={ref}
      label={
        <>
          <span className="font-medium text-fg">{t('gst.reverseCharge.label')}</span>
          <span className="block text-xs">{t('gst.reverseCharge.hint')}</span>
        </>
      }
      {...props}
    />
  );
});
