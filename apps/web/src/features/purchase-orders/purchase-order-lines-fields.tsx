/**
 * The lines of a purchase order in its form: item, quantity in the item's unit, rate, GST rate
 * (the picked item's default; "No GST" allowed) and the line's taxable value with its GST.
 * One column on phones (390 px), four from 640 px.
 */
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LinesFooter } from '../../components/record-fields/lines-footer';
import { ItemLinePicker, LineFieldsGrid } from '../../components/record-fields/item-line-picker';
import { LineCard } from '../../components/record-fields/line-card';
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
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const lines = useWatch({ control, name: 'lines' });
  const items = useItemOptions({ selectedIds: lines?.map((line) => line.item) ?? [] });
  const listError = errors.lines?.root?.message ?? errors.lines?.message;

  return (
    <section className="space-y-3" aria-labelledby="po-lines-heading">
      <h3 id="po-lines-heading" className="text-sm font-semibold text-fg">
        {t('purchaseOrders.form.linesTitle')}
      </h3>
      <ol className="space-y-3" data-testid="po-lines">
        {fields.map((field, index) => {
          const line = lines?.[index];
          const lineErrors = errors.lines?.[index];
          const total = poLinePaise(line?.quantity, line?.unit_price);
          const received = line?.received ?? 0;
          const removable = fields.length > 1 && received <= 0;
          const unit = items.byId(line?.item)?.unit;
          return (
            <LineCard
              key={field.id}
              label={t('purchaseOrders.form.lineNumber', { number: index + 1 })}
              removeLabel={t('purchaseOrders.form.removeLine', { number: index + 1 })}
              onRemove={removable ? () => remove(index) : undefined}
              testId={`po-line-${index}`}
            >
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
            </LineCard>
          );
        })}
      </ol>
      <LinesFooter
        error={listError}
        addLabel={t('purchaseOrders.form.addLine')}
        onAdd={() =>
          append(emptyPoLine(), { shouldFocus: true, focusName: `lines.${fields.length}.item` })
        }
        testId="po"
      />
    </section>
  );
}
