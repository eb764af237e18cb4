/**
 * A line's item of a form with item lines (a delivery's, a purchase order's): the picker of
 * `lines.{index}.item` and the grid it opens, beside the line's quantity, price and GST rate.
 */
import type { ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { itemOption } from '../pickers/entity-labels';
import { EntityPicker, type EntityPickerProps } from '../pickers/entity-picker';

/** The fields of a form with item lines that the picker reads and writes. */
interface ItemLinesForm {
  lines: { item: string }[];
}

/** Item, quantity, price and GST rate: the item over two columns on phones, four columns from 640 px. */
export function LineFieldsGrid({ children }: { children: ReactNode }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,0.8fr)]">
      {children}
    </div>
  );
}

/** `onPick` runs after the line takes the picked item (e.g. to set its default GST rate). */
export function ItemLinePicker({
  index,
  onPick,
  ...picker
}: Omit<
  EntityPickerProps<'items'>,
  'entity' | 'toOption' | 'ref' | 'value' | 'onChange' | 'onBlur' | 'className'
> & {
  index: number;
  onPick: (id: string) => void;
}) {
  const { control } = useFormContext<ItemLinesForm>();
  return (
    <Controller
      control={control}
      name={`lines.${index}.item`}
      render={({ field }) => (
        <EntityPicker
          entity="items"
          toOption={itemOption}
          ref={field.ref}
          value={field.value}
          onChange={(id) => {
            field.onChange(id);
            onPick(id);
          }}
          onBlur={field.onBlur}
          className="col-span-2 sm:col-span-1"
          {...picker}
        />
      )}
    />
  );
}
