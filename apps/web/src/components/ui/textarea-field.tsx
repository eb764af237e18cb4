/**
 * A labelled multi-line text field (notes, descriptions, addresses). The implementation lives in
 * text-field.tsx beside TextField; import it from here or there.
 *
 *   <TextAreaField label={t('…')} optional rows={3} error={fieldError(t, errors.notes)} {...register('notes')} />
 */
export { TextAreaField, type TextAreaFieldProps } from './text-field';
