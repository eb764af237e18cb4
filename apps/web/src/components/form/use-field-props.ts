/**
 * A labelled field's props from its name: the label (and, when asked, the placeholder and hint)
 * from the form's i18n group, the error through `fieldError`, and react-hook-form's register.
 * Spread them last on any field of components/ui (TextField, SelectField, MoneyField, DateField…):
 *
 *   const fieldProps = useFieldProps(form, 'services.fields');
 *   <TextField optional data-testid="service-type"
 *     {...fieldProps('service_type', { text: 'type', placeholder: true })} />
 *
 * gives label `services.fields.type`, placeholder `services.fields.typePlaceholder`, the
 * field's error and `register('service_type')`. A line's field (`items.${i}.quantity`) takes
 * its text from its last part (`quantity`). Zod-free: the sign-in pages use it (lib/form.ts).
 */
import { useTranslation } from 'react-i18next';
import type { FieldPath, FieldValues, RegisterOptions, UseFormReturn } from 'react-hook-form';
import { fieldError } from '../../lib/form';
import { parseDecimalInput } from './decimal-input';

export interface FieldPropsOptions {
  /** The text's key in the group, when it is not the field's name in camelCase. */
  text?: string;
  /** Shows `<text>Placeholder` in the empty box. */
  placeholder?: boolean;
  /** Shows `<text>Hint` under the field. */
  hint?: boolean;
  /** A rupee or quantity box: the typed text is read by parseDecimalInput. */
  decimal?: boolean;
  /** A `type="number"` box: the value is read as a number. */
  number?: boolean;
  /** Runs after react-hook-form has taken the typed value (register's `onChange`). */
  onChange?: RegisterOptions['onChange'];
}

/**
 * `total_units` → `totalUnits`, `items.0.unit_price` → `unitPrice`: the locale files name fields
 * in camelCase, and a line's field by its own name, not its place in the list.
 */
const textKey = (name: string) =>
  (name.split('.').at(-1) ?? name).replace(/_([a-z])/g, (_, letter: string) =>
    letter.toUpperCase(),
  );

export function useFieldProps<Input extends FieldValues, Values>(
  form: UseFormReturn<Input, unknown, Values>,
  texts: string,
) {
  const { t } = useTranslation();
  return <Name extends FieldPath<Input>>(name: Name, options: FieldPropsOptions = {}) => {
    const key = `${texts}.${options.text ?? textKey(name)}`;
    return {
      label: t(key),
      // Absent rather than undefined, so a placeholder or hint given beside the spread stays.
      ...(options.placeholder ? { placeholder: t(`${key}Placeholder`) } : {}),
      ...(options.hint ? { hint: t(`${key}Hint`) } : {}),
      error: fieldError(t, form.getFieldState(name, form.formState).error),
      ...form.register(name, {
        ...(options.decimal ? { setValueAs: parseDecimalInput } : {}),
        ...(options.number ? { valueAsNumber: true } : {}),
        ...(options.onChange ? { onChange: options.onChange } : {}),
      }),
    };
  };
}
