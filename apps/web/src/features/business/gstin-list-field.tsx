/**
 * The business's GSTINs (one per state it is registered in): a row each with Remove, and "Add
 * GSTIN". Rows left empty are dropped when the form is saved.
 */
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';

export function GstinListField({
  values,
  errors,
  onChange,
}: {
  values: string[];
  /** The message of each row, by its index. */
  errors: Record<number, string | undefined>;
  onChange: (values: string[]) => void;
}) {
  const { t } = useTranslation();
  const set = (index: number, value: string) =>
    onChange(values.map((current, at) => (at === index ? value.toUpperCase() : current)));
  return (
    <fieldset className="space-y-2" data-testid="business-gstins">
      <legend className="mb-1.5 text-sm font-medium text-fg">{t('business.fields.gstins')}</legend>
      {values.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('business.fields.noGstins')}</p>
      ) : null}
      {values.map((value, index) => (
        <div key={index} className="flex items-start gap-2">
          <TextField
            label={t('business.fields.gstinNumber', { n: index + 1 })}
            // The legend names the list; each row's own label is for screen readers.
            containerClassName="min-w-0 flex-1 [&>div:first-child]:sr-only"
            className="h-11 font-mono uppercase sm:h-10"
            value={value}
            maxLength={15}
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="27AAPFU0939F1ZV"
            error={errors[index]}
            onChange={(event) => set(index, event.target.value)}
            data-testid={`business-gstin-${index}`}
          />
          <Button
            variant="ghost"
            size="icon"
            className="size-11 sm:size-10"
            aria-label={t('business.fields.removeGstin', { value: value || index + 1 })}
            onClick={() => onChange(values.filter((_, at) => at !== index))}
            data-testid={`business-gstin-remove-${index}`}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        size="sm"
        className="h-11 sm:h-9"
        icon={<Plus className="size-4" aria-hidden="true" />}
        disabled={values.length >= 40}
        onClick={() => onChange([...values, ''])}
        data-testid="business-gstin-add"
      >
        {t('business.fields.addGstin')}
      </Button>
    </fieldset>
  );
}
