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

/** What each picker's search box and empty list say (kit.picker.*). */
const TEXTS = {
  vendors: { search: 'kit.picker.searchVendors', empty: 'kit.picker.noVendors' },
  services: { search: 'kit.picker.searchServices', empty: 'kit.picker.noServices' },
} as const;

function RecordPicker<C extends 'vendors' | 'services'>({
  entity,
  toOption,
  ...props
}: PickerProps<C> & Pick<EntityPickerProps<C>, 'entity' | 'toOption'>) {
  const { t } = useTranslation();
  return (
    <EntityPicker<C>
      entity={entity}
      toOption={toOption}
      look="select"
      placeholder={t('kit.select.choose')}
      searchPlaceholder={t(TEXTS[entity].search)}
      emptyText={t(TEXTS[entity].empty)}
      noMatchText={t('kit.picker.noMatch')}
      {...props}
    />
  );
}

export function VendorPicker(props: PickerProps<'vendors'>) {
  return <RecordPicker entity="vendors" toOption={vendorOption} {...props} />;
}

export function ServicePicker(props: PickerProps<'services'>) {
  return <RecordPicker entity="services" toOption={serviceOption} {...props} />;
}
