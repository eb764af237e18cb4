/**
 * One date's muster on screen: the server's rows (from the persisted cache when offline), the
 * typed draft, the marks waiting in the offline queue, the quick fills, the totals and Save.
 */
import type { MusterRow } from '@siteledger/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueuedOf } from '../../components/queued-records';
import { isQueued } from '../../lib/offline-queue-hooks';
import { toast } from '../../lib/toast-store';
import { useMuster, useSaveAttendance } from './api';
import {
  mergeErrors,
  musterErrorsOf,
  NO_ERRORS,
  queuedMusterErrors,
  type MusterErrors,
} from './muster-errors';
import {
  allPresent,
  attendanceBody,
  musterRows,
  musterTotals,
  pendingMarks,
  sameAsYesterday,
  setMark,
  shownMark,
  type LentRow,
  type Mark,
} from './muster-state';
import { useMusterDraft } from './use-muster-draft';

/** What a row says beside its mark: typed and not saved, saved offline, or on the server. */
export type RowState = 'changed' | 'pending' | 'saved';

export function useMusterDay(date: string) {
  const { t } = useTranslation();
  const muster = useMuster(date);
  const { draft, setDraft } = useMusterDraft(date);
  const queued = useQueuedOf('attendance');
  const [saveErrors, setSaveErrors] = useState<MusterErrors>(NO_ERRORS);
  const save = useSaveAttendance({
    summarize: (body) => ({
      date: body.date,
      detail: t('labour.muster.queueDetail', { count: body.entries.length }),
    }),
  });

  // A refused entry stays in the queue's panel (retry, discard); its marks are not pending.
  const pending = useMemo(
    () =>
      pendingMarks(
        queued.filter((entry) => entry.status !== 'failed').map((entry) => entry.body),
        date,
      ),
    [queued, date],
  );
  // The answer of this date (a cached one of another date is never shown as this one's).
  const loaded = muster.data?.date === date;
  const rows = useMemo(
    () => musterRows(loaded && muster.data ? muster.data.rows : [], draft.lent),
    [loaded, muster.data, draft.lent],
  );
  const totals = musterTotals(rows, draft, pending);
  const body = attendanceBody(date, rows, draft, pending);
  const errors = mergeErrors(saveErrors, queuedMusterErrors(queued, date));

  const changed = new Set(body?.entries.map((entry) => entry.worker));
  const rowState = (row: MusterRow): RowState =>
    changed.has(row.worker) ? 'changed' : pending[row.worker] ? 'pending' : 'saved';

  const mark = (row: MusterRow, next: Mark) => {
    setSaveErrors((current) =>
      current.rows[row.worker]
        ? { ...current, rows: { ...current.rows, [row.worker]: '' } }
        : current,
    );
    setDraft((current) => setMark(current, row.worker, next));
  };

  const addLent = (row: LentRow) =>
    setDraft((current) =>
      current.lent.some((lent) => lent.worker === row.worker)
        ? current
        : { ...current, lent: [...current.lent, row] },
    );

  const submit = () => {
    if (!body) return;
    setSaveErrors(NO_ERRORS);
    save.mutate(body, {
      onSuccess: (result) => {
        // Saved or queued, the marks are no longer typed: they show as the server's or pending.
        // Workers added from another site stay listed until the server lists them itself.
        setDraft((current) => ({ marks: {}, lent: isQueued(result) ? current.lent : [] }));
        if (!isQueued(result))
          toast.success(t('labour.muster.saved', { count: body.entries.length }));
      },
      onError: (error) => setSaveErrors(musterErrorsOf(error, t('errors.operationFailed'))),
    });
  };

  return {
    muster,
    loaded,
    rows,
    totals,
    errors,
    changes: body?.entries.length ?? 0,
    waiting: Object.keys(pending).length,
    saving: save.isPending,
    shown: (row: MusterRow) => shownMark(row, draft, pending),
    rowState,
    mark,
    addLent,
    sameAsYesterday: () => setDraft((current) => sameAsYesterday(rows, current, pending)),
    allPresent: () => setDraft((current) => allPresent(rows, current, pending)),
    submit,
  };
}

export type MusterDay = ReturnType<typeof useMusterDay>;
