import { useTranslation } from 'react-i18next';
import { itemOption } from '../../components/pickers/entity-labels';
import { EntityPicker, type EntityPickerProps } from '../../components/pickers/entity-picker';

type Props = Omit<
  EntityPickerProps<'items'>,
  | 'entity'
  | 'toOption'
  | 'label'
  | 'placeholder'
  | 'searchPlaceholder'
  | 'emptyText'
  | 'noMatchText'
>;

/** The item an amount of stock is taken for (consumption, a transfer line), with the stock words. */
export function StockItemPicker(props: Props) {
  const { t } = useTranslation();
  return (
    <EntityPicker
      entity="items"
      toOption={itemOption}
      label={t('stock.fields.item')}
      placeholder={t('stock.form.chooseItem')}
      searchPlaceholder={t('stock.form.searchItems')}
      emptyText={t('stock.form.noItems')}
      noMatchText={t('kit.picker.noMatch')}
      {...props}
    />
  );
}
