/**
 * The lines of a material request: item (searched on the server), quantity in the item's unit and
 * an optional note; lines are added and removed (one at least).
 */
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldProps } from '../../components/form/use-field-props';
import { LinesEditor } from '../../components/lines/lines-editor';
import { ItemPickerField } from '../../components/pickers/item-picker-field';
import { QuantityField } from '../../components/ui/quantity-field';
import { TextField } from '../../components/ui/text-field';
import { useItemOptions } from '../../lib/entity-options';
import { fieldError } from '../../lib/form';
import { emptyRequestLine, type RequestFormInput } from './material-request-form';

export function RequestLinesFields() {
  const { t } = useTranslation();
  const form = useFormContext<RequestFormInput>();
  const {
    control,
    formState: { errors },
  } = form;
  const fieldProps = useFieldProps(form, 'materialRequests.fields');
  const lines = useWatch({ control, name: 'items' });
  // The chosen items' units (a chosen item need not be on the picker's first page).
  const items = useItemOptions({ selectedIds: lines?.map((line) => line.item) ?? [] });

  return (
    <LinesEditor<RequestFormInput, 'items'>
      name="items"
      newLine={emptyRequestLine}
      keys="materialRequests.lines"
      testId="request"
    >
      {(index) => {
        const lineErrors = errors.items?.[index];
        return (
          <>
            <div className="grid gap-3 sm:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
              <ItemPickerField
                control={control}
                name={`items.${index}.item`}
                label={t('materialRequests.fields.item')}
                placeholder={t('materialRequests.lines.chooseItem')}
                searchPlaceholder={t('materialRequests.lines.searchItems')}
                emptyText={t('materialRequests.lines.noItems')}
                noMatchText={t('kit.picker.noMatch')}
                error={fieldError(t, lineErrors?.item)}
                testId={`request-line-${index}-item`}
              />
              <QuantityField
                unit={items.byId(lines?.[index]?.item)?.unit}
                data-testid={`request-line-${index}-quantity`}
                {...fieldProps(`items.${index}.quantity`, { decimal: true })}
              />
            </div>
            <TextField
              optional
              containerClassName="mt-3"
              placeholder={t('materialRequests.lines.notePlaceholder')}
              data-testid={`request-line-${index}-notes`}
              {...fieldProps(`items.${index}.notes`, { text: 'lineNote' })}
            />
          </>
        );
      }}
    </LinesEditor>
  );
}
