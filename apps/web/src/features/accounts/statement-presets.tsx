import { useTranslation } from 'react-i18next';
import { todayIso } from '../../components/ui/date-field';
import { cn } from '../../lib/cn';
import { presetRange, type DateRange, type RangePreset } from './account-statement-range';

const PRESETS: RangePreset[] = ['thisMonth', 'lastMonth', 'thisYear'];

/** This month / last month / this year: one press sets the statement's period. */
export function StatementPresets({
  range,
  onChange,
}: {
  range: DateRange;
  onChange: (range: DateRange) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={t('exports.statement.title')}>
      {PRESETS.map((preset) => {
        const value = presetRange(preset, todayIso());
        const active = value.from === range.from && value.to === range.to;
        return (
          <button
            key={preset}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(value)}
            className={cn(
              'h-9 rounded-full border px-3.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring',
              active
                ? 'border-primary bg-primary-soft text-primary-soft-fg'
                : 'border-border bg-surface text-fg-muted hover:border-border-strong hover:text-fg',
            )}
            data-testid={`account-statement-preset-${preset}`}
          >
            {t(`exports.statement.${preset}`)}
          </button>
        );
      })}
    </div>
  );
}
