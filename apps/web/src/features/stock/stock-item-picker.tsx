import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ItemPickerField,
  type ItemPickerFieldProps,
} from '../../components/pickers/item-picker-field';

type Props<T extends FieldValues> = Omit<
  ItemPickerFieldProps<T>,
  'label' | 'placeholder' | 'searchPlaceholder' | 'emptyText' | 'noMatchText'
>;

/** The item an amount of stock is taken for (consumption, a transfer line), with the stock words. */
export function StockItemField<T extends FieldValues>(props: Props<T>) {
  const { t } = useTranslation();
  return (
    <ItemPickerField<T>
      label={t('stock.fields.item')}
      placeholder={t('stock.form.chooseItem')}
      searchPlaceholder={t('stock.form.searchItems')}
      emptyText={t('stock.form.noItems')}
      noMatchText={t('kit.picker.noMatch')}
      {...props}
    />
  );
}
