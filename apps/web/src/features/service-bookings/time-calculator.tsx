/**
 * The booking's time calculator (spec parts 2, 5, 9): hours between a start and an end time of
 * day, optionally ending the next day, at most 24 hours. "Use these hours" puts the result in the
 * duration of an hour-based service.
 */
import { calculateHours, checkTimeRange, type TimeCalculatorErrorCode } from '@siteledger/domain';
import { Calculator, Clock } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { TextField } from '../../components/ui/text-field';
import { formatQuantity } from '../../components/ui/quantity-field';

const ERROR_KEYS: Record<TimeCalculatorErrorCode, string> = {
  END_BEFORE_START: 'serviceBookings.calculator.endBeforeStart',
  DURATION_TOO_LONG: 'serviceBookings.calculator.tooLong',
  INVALID_TIME: 'serviceBookings.calculator.invalidTime',
};

export function TimeCalculator({
  unit,
  onUse,
  disabled = false,
}: {
  /** The chosen service's unit ('' while none is chosen). */
  unit: string;
  onUse: (hours: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [nextDay, setNextDay] = useState(false);
  const complete = Boolean(start && end);
  const problem = complete ? checkTimeRange(start, end, nextDay) : null;
  const hours = complete && !problem ? calculateHours(start, end, nextDay) : null;
  const hourly = unit === 'hour';
  const times = [
    ['start', start, setStart],
    ['end', end, setEnd],
  ] as const;

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-xl border border-border bg-surface-muted/40 p-4"
      data-testid="booking-calc"
    >
      <div className="flex items-center gap-2">
        <Calculator className="size-4 text-primary" aria-hidden="true" />
        <h3 id={headingId} className="text-sm font-semibold text-fg">
          {t('serviceBookings.calculator.title')}
        </h3>
      </div>
      <div className="grid grid-cols-2 gap-3">
        {times.map(([name, value, set]) => (
          <TextField
            key={name}
            type="time"
            label={t(`serviceBookings.calculator.${name}`)}
            value={value}
            onChange={(event) => set(event.target.value)}
            className="tabular-nums"
            data-testid={`booking-calc-${name}`}
          />
        ))}
      </div>
      <CheckboxField
        label={t('serviceBookings.calculator.nextDay')}
        checked={nextDay}
        onChange={(event) => setNextDay(event.target.checked)}
        data-testid="booking-calc-next-day"
      />
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-3">
        <div aria-live="polite" className="min-w-0">
          {problem && problem !== 'INVALID_TIME' ? (
            <p className="text-sm text-danger" role="alert" data-testid="booking-calc-error">
              {t(ERROR_KEYS[problem])}
            </p>
          ) : hours !== null ? (
            <p className="flex items-center gap-2 text-sm text-fg">
              <Clock className="size-4 text-fg-muted" aria-hidden="true" />
              <span
                data-testid="booking-calc-result"
                className="text-base font-semibold tabular-nums"
              >
                {t('serviceBookings.calculator.hours', { hours: formatQuantity(hours) })}
              </span>
            </p>
          ) : (
            <p className="text-sm text-fg-muted">{t('serviceBookings.calculator.hint')}</p>
          )}
        </div>
        <Button
          variant="secondary"
          className="h-11 sm:h-9"
          disabled={disabled || hours === null || !hourly}
          onClick={() => hours !== null && onUse(hours)}
          data-testid="booking-calc-use"
        >
          {t('serviceBookings.calculator.use')}
        </Button>
      </div>
      {unit && !hourly ? (
        <p className="text-xs text-fg-muted">
          {t('serviceBookings.calculator.notHourly', { unit })}
        </p>
      ) : null}
    </section>
  );
}
