/**
 * The vendor and service pickers of the forms: `EntityPicker` with the record's label and the
 * picker's texts, searching on the server (a busy site has thousands of vendors). A field may
 * still name its own placeholder (e.g. "No vendor").
 *
 *   <VendorPicker label={t('…')} value={field.value} onChange={field.onChange} testId="…" />
 */
import { useTranslation } from 'react-i18next';
import { vendorOption, serviceOption } from './entity-labels';
import { EntityPicker, type EntityPickerProps } from './entity-picker';

type Texts = 'placeholder' | 'searchPlaceholder' | 'emptyText' | 'noMatchText';
type PickerProps<C extends 'vendors' | 'services'> = Omit<
  EntityPickerProps<C>,
  'entity' | 'toOption' | Texts
> &
  Partial<Pick<EntityPickerProps<C>, 'placeholder' | 'toOption'>>;

export function VendorPicker(props: PickerProps<'vendors'>) {
  const { t } = useTranslation();
  return (
    <EntityPicker
      entity="vendors"
      toOption={vendorOption}
      look="select"
      placeholder={t('kit.select.choose')}
      searchPlaceholder={t('kit.picker.searchVendors')}
      emptyText={t('kit.picker.noVendors')}
      noMatchText={t('kit.picker.noMatch')}
      {...props}
    />
  );
}

export function ServicePicker(props: PickerProps<'services'>) {
  const { t } = useTranslation();
  return (
    <EntityPicker
      entity="services"
      toOption={serviceOption}
      look="select"
      placeholder={t('kit.select.choose')}
      searchPlaceholder={t('kit.picker.searchServices')}
      emptyText={t('kit.picker.noServices')}
      noMatchText={t('kit.picker.noMatch')}
      {...props}
    />
  );
}
