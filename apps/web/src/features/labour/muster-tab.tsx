/**
 * The Muster tab of /labour: one date's attendance on a phone. Everyone of the site (and those
 * lent here) in one list, marked in a tap each; "Same as yesterday" and "All present" fill the
 * unmarked rows; Save sends the changed rows in one POST, or keeps it in the offline queue.
 */
import { permissionsFor } from '@siteledger/domain';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state';
import { RetryAlert } from '../../components/ui/retry-button';
import { Skeleton } from '../../components/ui/skeleton';
import { useSession } from '../../lib/session';
import { LendPicker } from './lend-picker';
import { MusterActions } from './muster-actions';
import { MusterDateBar, useMusterDate } from './muster-date-bar';
import { MusterRowCard } from './muster-row';
import { MusterSaveBar } from './muster-save-bar';
import { MusterTotalsBar } from './muster-totals';
import { useMusterDay, type MusterDay } from './use-muster';

export function MusterTab() {
  const [date, setDate] = useMusterDate();
  const day = useMusterDay(date);
  const canMark = permissionsFor(useSession().role).canCreate;
  const [lending, setLending] = useState(false);

  return (
    <section
      className="mx-auto max-w-2xl space-y-3 pb-4"
      data-testid="muster"
      data-tour="labour-muster"
    >
      <MusterDateBar date={date} onDate={setDate} />
      {canMark ? (
        <MusterActions
          onSameAsYesterday={day.sameAsYesterday}
          onAllPresent={day.allPresent}
          onLend={() => setLending(true)}
          disabled={day.rows.length === 0}
        />
      ) : null}
      <MusterTotalsBar totals={day.totals} count={day.rows.length} />
      <MusterBody day={day} readOnly={!canMark} />
      {canMark ? <MusterSaveBar day={day} /> : null}
      <LendPicker
        open={lending}
        onOpenChange={setLending}
        exclude={new Set(day.rows.map((row) => row.worker))}
        onPick={day.addLent}
      />
    </section>
  );
}

function MusterBody({ day, readOnly }: { day: MusterDay; readOnly: boolean }) {
  const { t } = useTranslation();
  const { muster } = day;
  if (!day.loaded && muster.fetchStatus === 'paused') {
    // Offline, and this date was never opened here: nothing to show until there is signal.
    return (
      <EmptyState
        icon={<Users />}
        title={t('labour.muster.offlineTitle')}
        description={t('labour.muster.offlineDescription')}
        testId="muster-offline"
      />
    );
  }
  if (!day.loaded && muster.isError) {
    return (
      <RetryAlert title={t('labour.muster.loadFailed')} query={muster} testId="muster-error" />
    );
  }
  if (!day.loaded) {
    return (
      <div className="space-y-2" aria-busy="true">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-28 rounded-2xl" />
        ))}
      </div>
    );
  }
  if (day.rows.length === 0) {
    return (
      <EmptyState
        icon={<Users />}
        title={t('labour.muster.emptyTitle')}
        description={t('labour.muster.emptyDescription')}
        testId="muster-empty"
      />
    );
  }
  return (
    <>
      {day.errors.general ? (
        <p
          className="rounded-xl bg-danger-soft px-3 py-2 text-sm text-danger-soft-fg"
          role="alert"
          data-testid="muster-save-error"
        >
          {day.errors.general}
        </p>
      ) : null}
      <ul className="grid grid-cols-1 gap-2" data-testid="muster-rows">
        {day.rows.map((row) => (
          <MusterRowCard
            key={row.worker}
            row={row}
            mark={day.shown(row)}
            state={day.rowState(row)}
            error={day.errors.rows[row.worker] || undefined}
            readOnly={readOnly}
            onMark={(mark) => day.mark(row, mark)}
          />
        ))}
      </ul>
    </>
  );
}
