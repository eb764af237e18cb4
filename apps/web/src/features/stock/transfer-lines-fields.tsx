/**
 * A transfer's lines: item (searched on the server), quantity in its unit with what is on hand,
 * and the line's value at this site's average cost; lines are added and removed (one at least).
 */
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LinesFooter } from '../../components/record-fields/lines-footer';
import { StockItemPicker } from './stock-item-picker';
import { LineCard } from '../../components/record-fields/line-card';
import { parseDecimalInput, QuantityField } from '../../components/ui/quantity-field';
import { fieldError } from '../../lib/form';
import { formatRupees } from '../../lib/format';
import { ItemOnHandHint, useItemOnHand } from './item-on-hand';
import { emptyTransferLine, type TransferFormInput } from './transfer-form';

export function TransferLinesFields({ values }: { values: (number | null)[] }) {
  const { t } = useTranslation();
  const {
    control,
    formState: { errors },
  } = useFormContext<TransferFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const listError = errors.lines?.root?.message ?? errors.lines?.message;
  return (
    <div className="space-y-3">
      <ol className="space-y-3" data-testid="transfer-lines">
        {fields.map((field, index) => (
          <TransferLine
            key={field.id}
            index={index}
            value={values[index] ?? null}
            onRemove={fields.length > 1 ? () => remove(index) : undefined}
          />
        ))}
      </ol>
      <LinesFooter
        error={listError}
        addLabel={t('stock.transferForm.addLine')}
        onAdd={() =>
          append(emptyTransferLine(), {
            shouldFocus: true,
            focusName: `lines.${fields.length}.item`,
          })
        }
        testId="transfer"
      />
    </div>
  );
}

function TransferLine({
  index,
  value,
  onRemove,
}: {
  index: number;
  value: number | null;
  onRemove: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<TransferFormInput>();
  const line = useWatch({ control, name: `lines.${index}` });
  const onHand = useItemOnHand(line?.item);
  const lineErrors = errors.lines?.[index];
  return (
    <LineCard
      label={t('stock.transferForm.lineNumber', { number: index + 1 })}
      removeLabel={t('stock.transferForm.removeLine', { number: index + 1 })}
      onRemove={onRemove}
      testId={`transfer-line-${index}`}
    >
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
        <Controller
          control={control}
          name={`lines.${index}.item`}
          render={({ field }) => (
            <StockItemPicker
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldError(t, lineErrors?.item)}
              testId={`transfer-line-${index}-item`}
            />
          )}
        />
        <QuantityField
          label={t('stock.fields.quantity')}
          unit={onHand?.unit}
          error={fieldError(t, lineErrors?.quantity)}
          data-testid={`transfer-line-${index}-quantity`}
          {...register(`lines.${index}.quantity`, { setValueAs: parseDecimalInput })}
        />
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <ItemOnHandHint
          onHand={onHand}
          quantity={line?.quantity}
          testId={`transfer-line-${index}-on-hand`}
        />
        {value !== null ? (
          <span
            className="text-sm font-medium tabular-nums text-fg"
            data-testid={`transfer-line-${index}-value`}
          >
            {formatRupees(value)}
          </span>
        ) : null}
      </div>
    </LineCard>
  );
}
