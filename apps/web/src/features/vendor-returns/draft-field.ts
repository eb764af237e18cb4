/**
 * A return draft's text input (the return wizard's steps, the edit dialog): its value, the change
 * that patches the draft with what was typed or chosen, and its message.
 *
 *   const field = useDraftField(draft, errors, update);
 *   <DateField label={t('…')} {...field('returnDate')} data-testid="return-date" />
 */
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, type FormErrors } from './return-form';

/** The draft's fields that hold text (a date, an amount as typed, a chosen option). */
type TextKeys<Draft> = {
  [K in keyof Draft]: Draft[K] extends string ? K : never;
}[keyof Draft] &
  string;

type InputEvent = ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>;

export function useDraftField<Draft extends object>(
  draft: Draft,
  errors: FormErrors,
  update: (patch: Partial<Draft>) => void,
) {
  const { t } = useTranslation();
  return <K extends TextKeys<Draft>>(key: K) => ({
    value: draft[key],
    // A select's value is one of its options: the field's own type.
    onChange: (event: InputEvent) => update({ [key]: event.target.value } as Partial<Draft>),
    error: errorText(t, errors[key]),
  });
}
