import type { MusterRow as Row } from '@siteledger/domain';
import { Clock, CloudOff, Lock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { formatDecimal } from '../../lib/format';
import { FractionPicker } from './fraction-picker';
import { markOf, maxFraction, MAX_OT, stepOt, type Mark } from './muster-state';
import { MusterStepper } from './muster-stepper';
import type { RowState } from './use-muster';

const MAX_HEADCOUNT = 1000;

/**
 * One person (or gang) of the muster: name and trade, the day's fraction in one tap, overtime
 * behind a small toggle (most days have none, and the row stays one thumb high), a gang's
 * headcount, and what stops or concerns the row (locked by a wage sheet, marked on another site,
 * the server's refusal).
 */
export function MusterRowCard({
  row,
  mark,
  state,
  error,
  readOnly,
  onMark,
}: {
  row: Row;
  mark: Mark;
  state: RowState;
  error: string | undefined;
  /** The person may read the muster, not mark it (an accountant). */
  readOnly: boolean;
  onMark: (mark: Mark) => void;
}) {
  const { t } = useTranslation();
  const [otOpen, setOtOpen] = useState(mark.ot_hours > 0);
  const id = `muster-${row.worker}`;
  const present = mark.fraction !== null && mark.fraction > 0;
  const gang = row.headcount !== null;
  const headcount = mark.headcount ?? row.headcount ?? 0;
  const fixed = row.locked || readOnly;

  return (
    <li
      className={cn(
        'rounded-2xl border bg-surface p-3 shadow-card',
        error ? 'border-danger' : 'border-border',
        row.locked && 'bg-surface-muted/60',
      )}
      data-testid={`${id}`}
      data-state={state}
    >
      <div className="mb-2 flex min-w-0 items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-semibold text-fg">{row.name}</p>
          <p className="truncate text-xs text-fg-muted">
            {row.trade}
            {gang ? ` · ${t('labour.muster.gangOf', { count: row.headcount ?? 0 })}` : ''}
          </p>
        </div>
        <RowBadge state={state} locked={row.locked} testId={`${id}-state`} />
      </div>
      <div className="flex min-w-0 items-center gap-2">
        <FractionPicker
          value={mark.fraction}
          max={maxFraction(row)}
          disabled={fixed}
          onChange={(fraction) => onMark(markOf(row, fraction, mark))}
          label={t('labour.muster.dayOf', { name: row.name })}
          testId={`${id}-f`}
        />
        <button
          type="button"
          className={cn(
            'flex h-11 w-12 shrink-0 flex-col items-center justify-center rounded-xl border text-[11px] font-semibold leading-tight transition-colors',
            'focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring disabled:opacity-40',
            mark.ot_hours > 0
              ? 'border-primary bg-primary-soft text-primary-soft-fg'
              : 'border-border text-fg-muted hover:text-fg',
          )}
          aria-expanded={otOpen}
          aria-label={t('labour.muster.otToggle', { name: row.name })}
          disabled={fixed || !present}
          onClick={() => setOtOpen((open) => !open)}
          data-testid={`${id}-ot-toggle`}
        >
          <Clock className="size-3.5" aria-hidden="true" />
          {mark.ot_hours > 0 ? formatDecimal(mark.ot_hours) : t('labour.muster.ot')}
        </button>
      </div>
      {otOpen && present && !fixed ? (
        <div className="mt-2">
          <MusterStepper
            label={t('labour.muster.otHours')}
            value={mark.ot_hours}
            display={t('labour.muster.hours', { hours: formatDecimal(mark.ot_hours) })}
            min={0}
            max={MAX_OT}
            onStep={(direction) => onMark({ ...mark, ot_hours: stepOt(mark.ot_hours, direction) })}
            testId={`${id}-ot`}
          />
        </div>
      ) : null}
      {gang && present && !fixed ? (
        <div className="mt-2">
          <MusterStepper
            label={t('labour.muster.headcount')}
            value={headcount}
            display={String(headcount)}
            min={0}
            max={MAX_HEADCOUNT}
            onStep={(direction) => onMark({ ...mark, headcount: headcount + direction })}
            testId={`${id}-headcount`}
          />
        </div>
      ) : null}
      <RowNotes row={row} error={error} id={id} />
    </li>
  );
}

function RowBadge({ state, locked, testId }: { state: RowState; locked: boolean; testId: string }) {
  const { t } = useTranslation();
  if (locked) {
    return (
      <span
        className="inline-flex shrink-0 items-center gap-1 rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-fg-muted"
        data-testid={testId}
      >
        <Lock className="size-3" aria-hidden="true" />
        {t('labour.muster.locked')}
      </span>
    );
  }
  if (state === 'saved') return null;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        state === 'pending'
          ? 'bg-warning-soft text-warning-soft-fg'
          : 'bg-info-soft text-info-soft-fg',
      )}
      data-testid={testId}
    >
      {state === 'pending' ? <CloudOff className="size-3" aria-hidden="true" /> : null}
      {t(`labour.muster.state.${state}`)}
    </span>
  );
}

function RowNotes({ row, error, id }: { row: Row; error: string | undefined; id: string }) {
  const { t } = useTranslation();
  const notes = [
    row.locked ? t('labour.muster.lockedNote') : null,
    row.elsewhere > 0 ? t('labour.muster.elsewhere', { days: formatDecimal(row.elsewhere) }) : null,
  ].filter((note): note is string => note !== null);
  if (notes.length === 0 && !error) return null;
  return (
    <div className="mt-2 space-y-1 text-xs">
      {notes.map((note) => (
        <p key={note} className="text-fg-muted" data-testid={`${id}-note`}>
          {note}
        </p>
      ))}
      {error ? (
        <p className="font-medium text-danger" role="alert" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
