/**
 * The item picker of a form field (`control` + `name`, e.g. `items.2.item`): searches the site's
 * items on the server and writes the picked id. Item lines (material requests, transfers, a
 * transfer's receipt) and a consumption's item use it.
 *
 *   <ItemPickerField control={control} name={`lines.${index}.item`} label={t('…')} … />
 */
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { itemOption } from './entity-labels';
import { EntityPicker, type EntityPickerProps } from './entity-picker';

export type ItemPickerFieldProps<T extends FieldValues> = Omit<
  EntityPickerProps<'items'>,
  'entity' | 'toOption' | 'ref' | 'value' | 'onChange' | 'onBlur'
> & {
  control: Control<T>;
  name: Path<T>;
};

export function ItemPickerField<T extends FieldValues>({
  control,
  name,
  ...picker
}: ItemPickerFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <EntityPicker
          entity="items"
          toOption={itemOption}
          ref={field.ref}
          // The field holds an item id ('' while none is picked).
          value={field.value as string}
          onChange={field.onChange}
          onBlur={field.onBlur}
          {...picker}
        />
      )}
    />
  );
}
