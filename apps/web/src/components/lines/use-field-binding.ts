/**
 * A form's plain inputs (text, date, money, quantity, select) bound in one spread: the field's
 * registration and its message under it, read from the form's errors at the field's path.
 *
 *   const field = useFieldBinding(form);
 *   <DateField label={t('…')} data-testid="refund-date" {...field('refund_date')} />
 */
import {
  get,
  type FieldError,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../../lib/form';

export function useFieldBinding<Input extends FieldValues, Values>(
  form: UseFormReturn<Input, unknown, Values>,
) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  return <Name extends FieldPath<Input>>(name: Name, options?: RegisterOptions<Input, Name>) => ({
    error: fieldError(t, get(errors, name) as FieldError | undefined),
    ...form.register(name, options),
  });
}
