/**
 * A record's tags (an item's categories, a service's, a vendor's specialties): an optional
 * TagPicker bound to the form field `tags`, its message under it.
 */
import { useTranslation } from 'react-i18next';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { fieldError } from '../../lib/form';
import { TagPicker, type TagPickerProps } from '../tag-picker';

export function TagsField<Input extends FieldValues, Values extends FieldValues>({
  control,
  ...props
}: Omit<TagPickerProps, 'value' | 'onChange' | 'error' | 'optional'> & {
  control: Control<Input, unknown, Values>;
}) {
  const { t } = useTranslation();
  // Every such form names the field "tags"; the generic form cannot know it.
  const { field, fieldState } = useController({ control, name: 'tags' as FieldPath<Input> });
  return (
    <TagPicker
      optional
      // The field holds the chosen tags' ids.
      value={field.value as string[]}
      onChange={field.onChange}
      error={fieldError(t, fieldState.error)}
      {...props}
    />
  );
}
