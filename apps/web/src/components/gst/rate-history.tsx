/**
 * An item's or a service's default GST rate over time (issue 40 item 9): the new-rate date field
 * of its form and the periods so far.
 */
import type { GstRatePeriod } from '@siteledger/domain';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField, type DateFieldProps } from '../ui/date-field';
import { formatGstRate } from './gst-figures';

/** "New rate applies from": empty corrects the current rate, a date adds a period. */
export const RateFromField = forwardRef<HTMLInputElement, Omit<DateFieldProps, 'label'>>(
  function RateFromField(props, ref) {
    const { t } = useTranslation();
    return (
      <DateField
        ref={ref}
        label={t('gst.ratePeriods.from')}
        optional
        hint={t('gst.ratePeriods.fromHint')}
        {...props}
      />
    );
  },
);

/** The periods, oldest first; nothing while the rate never changed. */
export function RateHistory({
  history,
  testId,
}: {
  history: readonly GstRatePeriod[] | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  if (!history || history.length < 2) return null;
  return (
    <div className="rounded-xl bg-surface-muted/70 p-3 sm:col-span-2" data-testid={testId}>
      <p className="text-xs font-medium text-fg-muted">{t('gst.ratePeriods.history')}</p>
      <ul className="mt-1 space-y-0.5 text-sm text-fg">
        {history.map((period) => (
          <li key={period.effective_from ?? 'start'} className="flex justify-between gap-4">
            <span>
              {period.effective_from
                ? t('gst.ratePeriods.since', { date: period.effective_from })
                : t('gst.ratePeriods.fromStart')}
            </span>
            <span className="font-medium">
              {period.gst_rate === null ? t('gst.noGst') : formatGstRate(t, period.gst_rate)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
