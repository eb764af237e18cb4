/**
 * Items total, tax (or its CGST / SGST / IGST on a bill with GST rates), round-off (±) and the
 * final total: the summary block (all amounts in paise) and the tax / round-off fields with a
 * "round to the nearest rupee" helper. A bill with rates has no tax field: its tax is the lines'.
 */
import { formatInr, toRupees } from '@siteledger/domain';
import { Sparkles } from 'lucide-react';
import { Fragment } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TaxByRate } from '../../components/gst/tax-by-rate';
import type { GstPreview } from './use-gst-preview';
import { MoneyField, parseDecimalInput } from '../../components/ui/money-field';
import { cn } from '../../lib/cn';
import { fieldError } from '../../lib/form';
import { amountPaise, roundOffToRupee, type AdjustmentInput } from './delivery-form';

/** +₹0.40 / -₹0.35 / ₹0.00: a round-off always shows its sign. */
export function formatSignedInr(paise: number): string {
  return paise > 0 ? `+${formatInr(paise)}` : formatInr(paise);
}

export interface TotalsFigures {
  items: number;
  tax: number;
  roundOff: number;
  total: number;
  /** Paid so far (saved deliveries). */
  paid?: number | undefined;
  /** A bill with GST rates: its tax by head, shown instead of the single tax line. */
  heads?: { cgst: number; sgst: number; igst: number } | undefined;
}

export function TotalsSummary({
  figures,
  className,
  testId = 'delivery-totals',
}: {
  figures: TotalsFigures;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const row = (label: string, value: string, key: string, strong = false) => (
    <div
      className={cn(
        'flex items-baseline justify-between gap-4',
        strong && 'border-t border-border pt-2.5',
      )}
    >
      <dt className={strong ? 'font-semibold text-fg' : 'text-fg-muted'}>{label}</dt>
      <dd
        className={cn('tabular-nums', strong ? 'text-lg font-semibold text-fg' : 'text-fg')}
        data-testid={`${testId}-${key}`}
      >
        {value}
      </dd>
    </div>
  );
  const due = figures.paid === undefined ? null : Math.max(0, figures.total - figures.paid);
  const heads = figures.heads;
  const headRows =
    heads && heads.cgst + heads.sgst + heads.igst !== 0
      ? (['cgst', 'sgst', 'igst'] as const).filter((head) => heads[head] !== 0)
      : null;
  return (
    <dl className={cn('space-y-2 text-sm', className)} data-testid={testId}>
      {row(t('deliveries.fields.itemsTotal'), formatInr(figures.items), 'items')}
      {headRows
        ? headRows.map((head) => (
            <Fragment key={head}>
              {row(t(`gst.heads.${head}`), formatInr(heads?.[head] ?? 0), head)}
            </Fragment>
          ))
        : row(t('deliveries.fields.tax'), formatInr(figures.tax), 'tax')}
      {row(t('deliveries.fields.roundOff'), formatSignedInr(figures.roundOff), 'round-off')}
      {row(t('deliveries.fields.total'), formatInr(figures.total), 'total', true)}
      {figures.paid !== undefined ? (
        <>
          {row(t('deliveries.fields.paid'), formatInr(figures.paid), 'paid')}
          {row(t('deliveries.fields.due'), formatInr(due ?? 0), 'due')}
        </>
      ) : null}
    </dl>
  );
}

/**
 * Tax and round-off inputs; `itemsPaise` is the items total they apply to. `gstTax` (paise) is
 * the tax of a bill with GST rates: then there is no tax field.
 */
export function AdjustmentFields({
  itemsPaise,
  gstTax = null,
}: {
  itemsPaise: number;
  gstTax?: number | null;
}) {
  const { t } = useTranslation();
  const {
    control,
    register,
    setValue,
    formState: { errors },
  } = useFormContext<AdjustmentInput>();
  const tax = useWatch({ control, name: 'tax_amount' });
  const subtotal = itemsPaise + (gstTax ?? amountPaise(tax));
  const suggestion = roundOffToRupee(subtotal);

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {gstTax === null ? (
        <MoneyField
          label={t('deliveries.fields.tax')}
          optional
          hint={t('deliveries.hints.tax')}
          error={fieldError(t, errors.tax_amount)}
          data-testid="delivery-tax"
          {...register('tax_amount', { setValueAs: parseDecimalInput })}
        />
      ) : (
        <div className="space-y-1.5" data-testid="delivery-tax-from-lines">
          <p className="text-sm font-medium text-fg">{t('deliveries.fields.tax')}</p>
          <p className="text-base font-semibold tabular-nums text-fg">{formatInr(gstTax)}</p>
          <p className="text-xs text-fg-muted">{t('gst.delivery.taxFromLines')}</p>
          {errors.tax_amount ? (
            <p className="text-sm text-danger" role="alert">
              {fieldError(t, errors.tax_amount)}
            </p>
          ) : null}
        </div>
      )}
      <div className="space-y-1.5">
        <MoneyField
          label={t('deliveries.fields.roundOff')}
          optional
          allowNegative
          hint={t('deliveries.hints.roundOff')}
          error={fieldError(t, errors.round_off)}
          data-testid="delivery-round-off"
          {...register('round_off', { setValueAs: parseDecimalInput })}
        />
        <Button
          variant="link"
          size="sm"
          className="min-h-10 gap-1.5 text-sm sm:min-h-0"
          icon={<Sparkles className="size-4" aria-hidden="true" />}
          disabled={subtotal <= 0}
          onClick={() =>
            setValue('round_off', toRupees(suggestion), {
              shouldValidate: true,
              shouldDirty: true,
            })
          }
          data-testid="delivery-round-off-auto"
        >
          {t('deliveries.hints.roundToRupee', { amount: formatSignedInr(suggestion) })}
        </Button>
      </div>
    </div>
  );
}

/** The GST of a bill being typed: why a rate cannot be charged yet, and the tax by rate. */
export function GstPreviewBlock({ gst, testId }: { gst: GstPreview; testId: string }) {
  const { t } = useTranslation();
  if (!gst.itemised) return null;
  return (
    <div className="space-y-3">
      {gst.problem ? (
        <Alert tone="error" testId={`${testId}-problem`}>
          {t(`gst.delivery.problem.${gst.problem}`)}
        </Alert>
      ) : null}
      <TaxByRate
        rows={gst.rows}
        totals={gst.totals}
        sameState={gst.sameState}
        testId={`${testId}-by-rate`}
      />
    </div>
  );
}
