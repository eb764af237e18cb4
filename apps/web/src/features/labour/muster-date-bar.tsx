import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isIsoDate } from '../../components/ui/date-field';
import { formatBusinessDate } from '../../lib/dates';
import { todayIso } from '../../lib/today';

/** `iso` moved by `days` (calendar days, no time zone involved). */
export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The muster's date, in the URL (`?date=`) so a reload stays on it; today when absent. */
export function useMusterDate(): [string, (date: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('date') ?? '';
  const date = isIsoDate(asked) ? asked : todayIso();
  const setDate = (next: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === todayIso()) copy.delete('date');
        else copy.set('date', next);
        return copy;
      },
      { replace: true },
    );
  return [date, setDate];
}

const arrow =
  'flex size-11 shrink-0 items-center justify-center rounded-xl border border-border bg-surface text-fg hover:bg-surface-hover focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring disabled:opacity-40';

/** ‹ date › with the native date picker; no day after today (a muster is of a day worked). */
export function MusterDateBar({ date, onDate }: { date: string; onDate: (date: string) => void }) {
  const { t, i18n } = useTranslation();
  const today = todayIso();
  return (
    <div className="flex min-w-0 items-center gap-2" data-testid="muster-date-bar">
      <button
        type="button"
        className={arrow}
        aria-label={t('labour.muster.previousDay')}
        onClick={() => onDate(addDays(date, -1))}
        data-testid="muster-prev-day"
      >
        <ChevronLeft className="size-5" aria-hidden="true" />
      </button>
      <label className="relative min-w-0 flex-1">
        <span className="sr-only">{t('labour.muster.date')}</span>
        <input
          type="date"
          value={date}
          max={today}
          onChange={(event) => {
            if (isIsoDate(event.target.value)) onDate(event.target.value);
          }}
          className="h-11 w-full min-w-0 rounded-xl border border-border bg-surface px-3 text-center text-sm font-semibold text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
          data-testid="muster-date"
        />
      </label>
      <button
        type="button"
        className={arrow}
        aria-label={t('labour.muster.nextDay')}
        disabled={date >= today}
        onClick={() => onDate(addDays(date, 1))}
        data-testid="muster-next-day"
      >
        <ChevronRight className="size-5" aria-hidden="true" />
      </button>
      <span className="sr-only" aria-live="polite">
        {formatBusinessDate(date, i18n.language)}
      </span>
    </div>
  );
}
