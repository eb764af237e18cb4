/**
 * The lines of a purchase order in its form: item, quantity in the item's unit, rate, GST rate
 * (the picked item's default; "No GST" allowed) and the line's taxable value with its GST.
 * One column on phones (390 px), four from 640 px.
 */
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LinesEditor } from '../../components/lines/lines-editor';
import { BudgetLineField } from '../../components/record-fields/budget-line-field';
import { ItemLinePicker, LineFieldsGrid } from '../../components/record-fields/item-line-picker';
import { LinePriceFields, LineTotal } from '../../components/record-fields/line-price-fields';
import { formatQuantity } from '../../components/ui/quantity-field';
import { useItemOptions } from '../../lib/entity-options';
import { fieldError } from '../../lib/form';
import { emptyPoLine, poLinePaise, type PoFormInput } from './purchase-order-form';

export function PurchaseOrderLinesFields({
  lineTax,
}: {
  /** The GST (paise) a line's rate adds, when it can be worked out. */
  lineTax: (index: number) => number;
}) {
  const { t } = useTranslation();
  const {
    control,
    setValue,
    formState: { errors },
  } = useFormContext<PoFormInput>();
  const lines = useWatch({ control, name: 'lines' });
  const items = useItemOptions({ selectedIds: lines?.map((line) => line.item) ?? [] });
  const receivedOf = (index: number) => lines?.[index]?.received ?? 0;

  return (
    <LinesEditor<PoFormInput, 'lines'>
      name="lines"
      newLine={emptyPoLine}
      keys="purchaseOrders.form"
      // A line something was received against stays.
      canRemove={(index) => receivedOf(index) <= 0}
      heading={{ id: 'po-lines-heading', text: t('purchaseOrders.form.linesTitle') }}
      testId="po"
    >
      {(index) => {
        const line = lines?.[index];
        const lineErrors = errors.lines?.[index];
        const total = poLinePaise(line?.quantity, line?.unit_price);
        const received = receivedOf(index);
        const unit = items.byId(line?.item)?.unit;
        return (
          <>
            <LineFieldsGrid>
              <ItemLinePicker
                index={index}
                label={t('purchaseOrders.fields.item')}
                disabled={received > 0}
                onPick={(id) =>
                  // The item's own rate is the line's default; the person may change it.
                  setValue(`lines.${index}.gst_rate`, items.byId(id)?.gst_rate ?? null, {
                    shouldDirty: true,
                  })
                }
                placeholder={t('purchaseOrders.form.chooseItem')}
                searchPlaceholder={t('purchaseOrders.form.searchItems')}
                emptyText={t('purchaseOrders.form.noItems')}
                noMatchText={t('kit.picker.noMatch')}
                error={fieldError(t, lineErrors?.item)}
                testId={`po-line-${index}-item`}
              />
              <LinePriceFields
                index={index}
                unit={unit}
                labels={{
                  quantity: t('purchaseOrders.fields.quantity'),
                  price: t('purchaseOrders.fields.rate'),
                }}
                quantityHint={
                  received > 0
                    ? t('purchaseOrders.form.receivedHint', {
                        quantity: formatQuantity(received, unit),
                      })
                    : undefined
                }
                testId={`po-line-${index}`}
              />
            </LineFieldsGrid>
            <LineTotal
              total={total}
              tax={lineTax(index)}
              labels={{
                total: t('purchaseOrders.fields.taxable'),
                plusGst: (amount) => t('purchaseOrders.form.plusGst', { amount }),
              }}
              className="mt-3"
              testId={`po-line-${index}`}
            />
            <BudgetLineField<PoFormInput>
              name={`lines.${index}.budget_line`}
              amountPaise={total ?? 0}
              testId={`po-line-${index}`}
            />
          </>
        );
      }}
    </LinesEditor>
  );
}
