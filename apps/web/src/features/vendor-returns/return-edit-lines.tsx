import { formatInr, ITEM_CONDITIONS, type Returnable, type VendorReturn } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { MoneyField } from '../../components/ui/money-field';
import { formatQuantity, QuantityField } from '../../components/ui/quantity-field';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { inr } from './money';
import { maxForLine, type EditLineDraft } from './return-edit-form';
import { lineAmountPaise, errorText, type FormErrors } from './return-form';
import { enumOptions } from './return-steps';
import { formatGstRate } from '../../components/gst/gst-figures';
import { gstOf, reversedHeads } from './return-gst';

/** The lines of a return being corrected: each with what it may hold and its four fields. */
export function ReturnEditLines({
  record,
  lines,
  errors,
  returnables,
  onChange,
}: {
  record: VendorReturn;
  lines: readonly EditLineDraft[];
  errors: FormErrors;
  returnables: ReadonlyMap<string, Returnable>;
  onChange: (id: string, patch: Partial<EditLineDraft>) => void;
}) {
  const { t } = useTranslation();
  const saved = new Map(record.items.map((item) => [item.id, item]));
  return (
    <ul className="space-y-3" data-testid="return-edit-lines">
      {lines.map((line, index) => {
        const item = saved.get(line.id);
        const dl = item?.expand?.delivery_item;
        const unit = dl?.expand?.item?.unit;
        const known = returnables.get(line.deliveryItem);
        const max = known ? maxForLine(known, item?.quantity_returned ?? 0, record.status) : null;
        const amount = lineAmountPaise({ ...line, selected: true });
        const rate = dl?.gst_rate ?? null;
        const key = `line.${line.id}`;
        return (
          <li
            key={line.id}
            className="rounded-xl border border-border p-3 sm:p-4"
            data-testid={`return-edit-line-${index}`}
          >
            <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <p className="min-w-0 truncate font-medium text-fg">
                {dl?.expand?.item?.name ?? t('vendorReturns.unknownItem')}
              </p>
              <p
                className="text-xs tabular-nums text-fg-muted"
                data-testid={`return-edit-line-${index}-max`}
              >
                {max === null
                  ? t('returns.edit.checking')
                  : t('returns.edit.upTo', {
                      quantity: formatQuantity(max, unit),
                      delivered: formatQuantity(known?.delivered ?? 0, unit),
                    })}
              </p>
            </div>
            <div className="grid gap-3 sm:grid-cols-3">
              <QuantityField
                label={t('vendorReturns.fields.quantity')}
                unit={unit}
                value={line.quantity}
                onChange={(event) => onChange(line.id, { quantity: event.target.value })}
                error={errorText(t, errors[`${key}.quantity`])}
                data-testid={`return-edit-line-${index}-quantity`}
              />
              <MoneyField
                label={t('vendorReturns.fields.rate')}
                value={line.rate}
                onChange={(event) => onChange(line.id, { rate: event.target.value })}
                error={errorText(t, errors[`${key}.rate`])}
                data-testid={`return-edit-line-${index}-rate`}
              />
              <SelectField
                label={t('vendorReturns.fields.condition')}
                options={enumOptions(t, 'vendorReturns.conditions', ITEM_CONDITIONS)}
                value={line.condition}
                onChange={(event) =>
                  onChange(line.id, { condition: event.target.value as EditLineDraft['condition'] })
                }
                error={errorText(t, errors[`${key}.condition`])}
                data-testid={`return-edit-line-${index}-condition`}
              />
            </div>
            <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
              <TextField
                label={t('returns.edit.itemNotes')}
                optional
                containerClassName="min-w-0 flex-1"
                value={line.notes}
                onChange={(event) => onChange(line.id, { notes: event.target.value })}
                error={errorText(t, errors[`${key}.notes`])}
                data-testid={`return-edit-line-${index}-notes`}
              />
              <p className="flex items-baseline justify-between gap-2 text-sm sm:block sm:pb-2.5 sm:text-right">
                <span className="text-fg-muted sm:sr-only">{t('vendorReturns.fields.amount')}</span>
                <span className="text-right">
                  <span
                    className="block font-semibold tabular-nums text-fg"
                    data-testid={`return-edit-line-${index}-amount`}
                  >
                    {amount === null ? inr(null) : formatInr(amount)}
                  </span>
                  {rate !== null ? (
                    <span
                      className="block whitespace-nowrap text-xs tabular-nums text-fg-muted"
                      data-testid={`return-edit-line-${index}-gst`}
                    >
                      {t('vendorReturns.gst.lineGst', {
                        rate: formatGstRate(t, rate),
                        amount:
                          amount === null ? inr(null) : formatInr(gstOf(reversedHeads(amount, dl))),
                      })}
                    </span>
                  ) : null}
                </span>
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
