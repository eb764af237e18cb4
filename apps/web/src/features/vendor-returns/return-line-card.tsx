import { formatInr, ITEM_CONDITIONS, type ReturnableItem } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { MoneyField } from '../../components/ui/money-field';
import { formatQuantity, QuantityField } from '../../components/ui/quantity-field';
import { SelectField } from '../../components/ui/select-field';
import { formatBusinessDate } from '../../lib/dates';
import { cn } from '../../lib/cn';
import { inr } from './money';
import { formatGstRate } from '../../components/gst/gst-figures';
import {
  errorText,
  lineAmountPaise,
  lineGst,
  type FormErrors,
  type LineDraft,
} from './return-form';
import { gstOf } from './return-gst';
import { enumOptions } from './enum-options';

/**
 * One returnable line of step 1: what was delivered, returned and still available; once selected,
 * the quantity, rate and condition to return and the line's amount.
 */
export function ReturnLineCard({
  row,
  index,
  line,
  errors,
  setLine,
}: {
  row: ReturnableItem;
  index: number;
  line: LineDraft | undefined;
  errors: FormErrors;
  setLine: (id: string, patch: Partial<LineDraft>) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = row.delivery_item;
  const unit = row.line.expand?.item?.unit;
  const delivery = row.line.expand?.delivery;
  const key = `line.${id}`;
  const amount = lineAmountPaise(line);
  // A rated delivery line: the return reverses its tax too (shown under the amount).
  const rate = row.line.gst_rate;
  const gst = gstOf(lineGst(row, line));
  return (
    <li
      className={cn(
        'rounded-xl border p-3 sm:p-4',
        line?.selected ? 'border-primary/50 bg-primary-soft/30' : 'border-border',
      )}
      data-testid={`return-line-${index}`}
    >
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-[var(--color-primary)]"
          checked={line?.selected ?? false}
          onChange={(event) => setLine(id, { selected: event.target.checked })}
          data-testid={`return-line-${index}-select`}
        />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium text-fg">
            {row.line.expand?.item?.name ?? t('vendorReturns.unknownItem')}
          </span>
          <span className="block text-xs text-fg-muted">
            {delivery
              ? t('vendorReturns.wizard.fromDelivery', {
                  date: formatBusinessDate(delivery.delivery_date, i18n.language),
                  reference: delivery.delivery_reference ?? '—',
                })
              : null}
            {' · '}
            {inr(row.line.unit_price)}
            {unit ? ` / ${unit}` : ''}
            {rate !== null ? ` · ${t('gst.column')} ${formatGstRate(t, rate)}` : ''}
          </span>
          <span
            className="mt-1 flex flex-wrap gap-x-3 text-xs tabular-nums text-fg-muted"
            data-testid={`return-line-${index}-quantities`}
          >
            <span>
              {t('vendorReturns.wizard.delivered')}: {formatQuantity(row.delivered, unit)}
            </span>
            <span>
              {t('vendorReturns.wizard.returned')}: {formatQuantity(row.returned, unit)}
            </span>
            <span className="font-medium text-fg">
              {t('vendorReturns.wizard.available')}: {formatQuantity(row.available, unit)}
            </span>
          </span>
        </span>
      </label>
      {line?.selected ? (
        <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-start">
          <QuantityField
            label={t('vendorReturns.fields.quantity')}
            unit={unit}
            value={line.quantity}
            onChange={(event) => setLine(id, { quantity: event.target.value })}
            error={errorText(t, errors[`${key}.quantity`])}
            data-testid={`return-line-${index}-quantity`}
          />
          <MoneyField
            label={t('vendorReturns.fields.rate')}
            value={line.rate}
            onChange={(event) => setLine(id, { rate: event.target.value })}
            error={errorText(t, errors[`${key}.rate`])}
            data-testid={`return-line-${index}-rate`}
          />
          <SelectField
            label={t('vendorReturns.fields.condition')}
            placeholder={t('kit.select.choose')}
            options={enumOptions(t, 'vendorReturns.conditions', ITEM_CONDITIONS)}
            value={line.condition}
            onChange={(event) =>
              setLine(id, { condition: event.target.value as LineDraft['condition'] })
            }
            error={errorText(t, errors[`${key}.condition`])}
            data-testid={`return-line-${index}-condition`}
          />
          <p className="flex items-baseline justify-between gap-2 text-sm sm:block sm:pt-7 sm:text-right">
            <span className="text-fg-muted sm:sr-only">{t('vendorReturns.fields.amount')}</span>
            <span className="text-right">
              <span
                className="block font-semibold tabular-nums text-fg"
                data-testid={`return-line-${index}-amount`}
              >
                {amount === null ? '—' : formatInr(amount)}
              </span>
              {rate !== null ? (
                <span
                  className="block whitespace-nowrap text-xs tabular-nums text-fg-muted"
                  data-testid={`return-line-${index}-gst`}
                >
                  {t('vendorReturns.gst.lineGst', {
                    rate: formatGstRate(t, rate),
                    amount: formatInr(gst),
                  })}
                </span>
              ) : null}
            </span>
          </p>
        </div>
      ) : null}
    </li>
  );
}
