/**
 * The lines of a material request: item (searched on the server), quantity in the item's unit and
 * an optional note; lines are added and removed (one at least).
 */
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LinesFooter } from '../../components/record-fields/lines-footer';
import { itemOption } from '../../components/pickers/entity-labels';
import { EntityPicker } from '../../components/pickers/entity-picker';
import { LineCard } from '../../components/record-fields/line-card';
import { parseDecimalInput, QuantityField } from '../../components/ui/quantity-field';
import { TextField } from '../../components/ui/text-field';
import { useItemOptions } from '../../lib/entity-options';
import { fieldError } from '../../lib/form';
import { emptyRequestLine, type RequestFormInput } from './material-request-form';

export function RequestLinesFields() {
  const { t } = useTranslation();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<RequestFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  const lines = useWatch({ control, name: 'items' });
  // The chosen items' units (a chosen item need not be on the picker's first page).
  const items = useItemOptions({ selectedIds: lines?.map((line) => line.item) ?? [] });
  const listError = errors.items?.root?.message ?? errors.items?.message;

  return (
    <div className="space-y-3">
      <ol className="space-y-3" data-testid="request-lines">
        {fields.map((field, index) => {
          const line = lines?.[index];
          const lineErrors = errors.items?.[index];
          return (
            <LineCard
              key={field.id}
              label={t('materialRequests.lines.lineNumber', { number: index + 1 })}
              removeLabel={t('materialRequests.lines.remove', { number: index + 1 })}
              onRemove={fields.length > 1 ? () => remove(index) : undefined}
              testId={`request-line-${index}`}
            >
              <div className="grid gap-3 sm:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
                <Controller
                  control={control}
                  name={`items.${index}.item`}
                  render={({ field: itemField }) => (
                    <EntityPicker
                      entity="items"
                      toOption={itemOption}
                      ref={itemField.ref}
                      label={t('materialRequests.fields.item')}
                      value={itemField.value}
                      onChange={itemField.onChange}
                      onBlur={itemField.onBlur}
                      placeholder={t('materialRequests.lines.chooseItem')}
                      searchPlaceholder={t('materialRequests.lines.searchItems')}
                      emptyText={t('materialRequests.lines.noItems')}
                      noMatchText={t('kit.picker.noMatch')}
                      error={fieldError(t, lineErrors?.item)}
                      testId={`request-line-${index}-item`}
                    />
                  )}
                />
                <QuantityField
                  label={t('materialRequests.fields.quantity')}
                  unit={items.byId(line?.item)?.unit}
                  error={fieldError(t, lineErrors?.quantity)}
                  data-testid={`request-line-${index}-quantity`}
                  {...register(`items.${index}.quantity`, { setValueAs: parseDecimalInput })}
                />
              </div>
              <TextField
                label={t('materialRequests.fields.lineNote')}
                optional
                containerClassName="mt-3"
                placeholder={t('materialRequests.lines.notePlaceholder')}
                error={fieldError(t, lineErrors?.notes)}
                data-testid={`request-line-${index}-notes`}
                {...register(`items.${index}.notes`)}
              />
            </LineCard>
          );
        })}
      </ol>
      <LinesFooter
        error={listError}
        addLabel={t('materialRequests.lines.add')}
        onAdd={() =>
          append(emptyRequestLine(), {
            shouldFocus: true,
            focusName: `items.${fields.length}.item`,
          })
        }
        testId="request"
      />
    </div>
  );
}
