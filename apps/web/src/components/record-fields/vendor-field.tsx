/**
 * The vendor choice of a form: a VendorPicker (searching on the server, a busy site has
 * thousands of vendors) bound to the form field `name` ("vendor" unless told), its message under it.
 */
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { fieldError } from '../../lib/form';
import { VendorPicker } from '../pickers/record-pickers';

type PickerProps = Omit<
  ComponentProps<typeof VendorPicker>,
  'value' | 'onChange' | 'onBlur' | 'ref' | 'error'
>;

export function VendorField<Input extends FieldValues, Values extends FieldValues>({
  control,
  name = 'vendor',
  ...props
}: PickerProps & { control: Control<Input, unknown, Values>; name?: string }) {
  const { t } = useTranslation();
  // The forms name the field "vendor"; the generic form cannot know it.
  const { field, fieldState } = useController({ control, name: name as FieldPath<Input> });
  return (
    <VendorPicker
      ref={field.ref}
      // The field holds a vendor's id ('' for none).
      value={field.value as string}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldError(t, fieldState.error)}
      {...props}
    />
  );
}
