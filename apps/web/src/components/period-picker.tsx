/**
 * A report's period: ‹ month › (GST returns and stock statements go by the month), "This month",
 * and a custom from–to range for anything else. `testId` prefixes its parts' test ids.
 */
import { CalendarRange, ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button';
import { DateField } from './ui/date-field';
import { cn } from '../lib/cn';
import { formatBusinessDate } from '../lib/dates';
import {
  isDate,
  isValidPeriod,
  isWholeMonth,
  monthLabel,
  monthOf,
  shiftMonth,
  type Period,
} from '../lib/month-period';

const stepButton =
  'flex size-11 shrink-0 items-center justify-center text-fg-muted transition-colors hover:bg-surface-hover hover:text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent sm:size-10';

export function PeriodPicker({
  period,
  onChange,
  today,
  testId = 'register-period',
}: {
  period: Period;
  onChange: (period: Period) => void;
  today: string;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const wholeMonth = isWholeMonth(period);
  const [custom, setCustom] = useState(!wholeMonth);
  const [draft, setDraft] = useState(period);
  // The dates follow the period when it moves by a month.
  useEffect(() => setDraft({ from: period.from, to: period.to }), [period.from, period.to]);

  const thisMonth = monthOf(today);
  const onThisMonth = period.from === thisMonth.from && period.to === thisMonth.to;
  const next = shiftMonth(period.from, 1);
  const date = (iso: string) => formatBusinessDate(iso, i18n.language);
  const label = wholeMonth
    ? monthLabel(period, i18n.language)
    : t('reports.period.range', { from: date(period.from), to: date(period.to) });
  const draftInvalid =
    isDate(draft.from) && isDate(draft.to) && !isValidPeriod(draft)
      ? t('reports.period.rangeInvalid')
      : undefined;

  const edit = (change: Partial<Period>) => {
    const value = { ...draft, ...change };
    setDraft(value);
    if (isValidPeriod(value)) onChange(value);
  };

  return (
    <div className="space-y-3" data-testid={testId}>
      <div className="flex flex-wrap items-center gap-2">
        <div
          className="flex min-w-0 basis-full items-center overflow-hidden rounded-xl border border-border bg-surface shadow-card sm:basis-auto"
          role="group"
          aria-label={t('reports.period.label')}
        >
          <button
            type="button"
            className={cn(stepButton, 'border-r border-border')}
            onClick={() => onChange(shiftMonth(period.from, -1))}
            aria-label={t('reports.period.previous')}
            title={t('reports.period.previous')}
            data-testid={`${testId}-previous`}
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <span
            className="min-w-0 flex-1 truncate px-3 text-center text-sm font-semibold text-fg sm:min-w-48 sm:text-base"
            aria-live="polite"
            data-testid={`${testId}-label`}
          >
            {label}
          </span>
          <button
            type="button"
            className={cn(stepButton, 'border-l border-border')}
            onClick={() => onChange(next)}
            disabled={next.from > today}
            aria-label={t('reports.period.next')}
            title={t('reports.period.next')}
            data-testid={`${testId}-next`}
          >
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
        </div>
        {!onThisMonth ? (
          <Button
            variant="ghost"
            className="h-11 sm:h-10"
            onClick={() => {
              setCustom(false);
              onChange(thisMonth);
            }}
            data-testid={`${testId}-this-month`}
          >
            {t('reports.period.thisMonth')}
          </Button>
        ) : null}
        <Button
          variant={custom ? 'secondary' : 'ghost'}
          className="h-11 sm:h-10"
          icon={<CalendarRange className="size-4" aria-hidden="true" />}
          aria-expanded={custom}
          aria-controls={`${testId}-custom`}
          onClick={() => setCustom((open) => !open)}
          data-testid={`${testId}-custom-toggle`}
        >
          {t('reports.period.custom')}
        </Button>
      </div>
      {custom ? (
        <div id={`${testId}-custom`} className="flex flex-wrap items-start gap-3">
          <DateField
            label={t('reports.period.from')}
            value={draft.from}
            max={draft.to || undefined}
            onChange={(event) => edit({ from: event.target.value })}
            containerClassName="w-[calc(50%-0.375rem)] sm:w-44"
            data-testid={`${testId}-from`}
          />
          <DateField
            label={t('reports.period.to')}
            value={draft.to}
            min={draft.from || undefined}
            onChange={(event) => edit({ to: event.target.value })}
            error={draftInvalid}
            containerClassName="w-[calc(50%-0.375rem)] sm:w-44"
            data-testid={`${testId}-to`}
          />
        </div>
      ) : null}
    </div>
  );
}
