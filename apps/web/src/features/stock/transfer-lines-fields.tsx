/**
 * A transfer's lines: item (searched on the server), quantity in its unit with what is on hand,
 * and the line's value at this site's average cost; lines are added and removed (one at least).
 */
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldProps } from '../../components/form/use-field-props';
import { LinesEditor } from '../../components/lines/lines-editor';
import { QuantityField } from '../../components/ui/quantity-field';
import { fieldError } from '../../lib/form';
import { formatRupees } from '../../lib/format';
import { ItemOnHandHint, useItemOnHand } from './item-on-hand';
import { StockItemField } from './stock-item-picker';
import { emptyTransferLine, type TransferFormInput } from './transfer-form';

export function TransferLinesFields({ values }: { values: (number | null)[] }) {
  return (
    <LinesEditor<TransferFormInput, 'lines'>
      name="lines"
      newLine={emptyTransferLine}
      keys="stock.transferForm"
      testId="transfer"
    >
      {(index) => <TransferLine index={index} value={values[index] ?? null} />}
    </LinesEditor>
  );
}

function TransferLine({ index, value }: { index: number; value: number | null }) {
  const { t } = useTranslation();
  const form = useFormContext<TransferFormInput>();
  const {
    control,
    formState: { errors },
  } = form;
  const fieldProps = useFieldProps(form, 'stock.fields');
  const line = useWatch({ control, name: `lines.${index}` });
  const onHand = useItemOnHand(line?.item);
  const lineErrors = errors.lines?.[index];
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
        <StockItemField
          control={control}
          name={`lines.${index}.item`}
          error={fieldError(t, lineErrors?.item)}
          testId={`transfer-line-${index}-item`}
        />
        <QuantityField
          unit={onHand?.unit}
          data-testid={`transfer-line-${index}-quantity`}
          {...fieldProps(`lines.${index}.quantity`, { decimal: true })}
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
    </>
  );
}
