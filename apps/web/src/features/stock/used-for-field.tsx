/**
 * "Used for": the work a consumption went into, typed freely or picked from the site's earlier
 * works and the common ones (slab, plaster, block work…) — as a list under the field and as chips
 * a thumb can tap on a phone.
 */
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/ui/text-field';
import { fieldError } from '../../lib/form';
import { useStockConsumptions } from './api';
import {
  COMMON_WORKS,
  workSuggestions,
  type ConsumptionFormInput,
  type ConsumptionFormValues,
} from './consumption-form';

const CHIPS = 6;

export function UsedForField({
  form,
}: {
  form: UseFormReturn<ConsumptionFormInput, unknown, ConsumptionFormValues>;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const earlier = useStockConsumptions({ perPage: 100, sort: '-consumption_date' });
  const suggestions = workSuggestions(
    earlier.data?.items.map((entry) => entry.used_for) ?? [],
    COMMON_WORKS.map((work) => t(`stock.works.${work}`)),
  );
  const {
    register,
    setValue,
    formState: { errors },
  } = form;
  return (
    <div className="space-y-2">
      <TextField
        label={t('stock.fields.usedFor')}
        optional
        list={listId}
        autoComplete="off"
        placeholder={t('stock.consumptionForm.usedForPlaceholder')}
        error={fieldError(t, errors.used_for)}
        data-testid="consumption-used-for"
        {...register('used_for')}
      />
      <datalist id={listId}>
        {suggestions.map((work) => (
          <option key={work} value={work} />
        ))}
      </datalist>
      <div className="flex flex-wrap gap-2" data-testid="consumption-work-suggestions">
        {suggestions.slice(0, CHIPS).map((work) => (
          <button
            key={work}
            type="button"
            className="min-h-9 rounded-full border border-border bg-surface px-3 text-sm text-fg-muted transition-colors hover:border-primary hover:text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
            onClick={() => setValue('used_for', work, { shouldDirty: true, shouldValidate: true })}
          >
            {work}
          </button>
        ))}
      </div>
    </div>
  );
}
