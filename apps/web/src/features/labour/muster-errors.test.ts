import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import type { QueueEntry } from '../../lib/offline-queue';
import { mergeErrors, musterErrorsOf, queuedMusterErrors } from './muster-errors';
import { queueEntry } from '../../lib/queue-entry-fixture';

const refused = (worker: string | null, message: string) =>
  new ApiError(409, 'ATTENDANCE_OVER_ONE_DAY', message, worker ? { worker } : {});

const entry = (date: string, error: ApiError | null): QueueEntry =>
  queueEntry({
    key: `k-${date}`,
    collection: 'attendance',
    body: { date, entries: [] },
    status: error ? 'failed' : 'pending',
    attempts: 1,
    error: error
      ? { status: error.status, code: error.code, message: error.message, data: error.data }
      : null,
  });

describe('muster errors', () => {
  it('shows the server’s message by the row it names, else above the list', () => {
    expect(musterErrorsOf(refused('w1', 'Already a day'), 'Failed')).toEqual({
      rows: { w1: 'Already a day' },
      general: null,
    });
    expect(musterErrorsOf(refused(null, 'Locked'), 'Failed')).toEqual({
      rows: {},
      general: 'Locked',
    });
    expect(musterErrorsOf(new Error('boom'), 'Failed')).toEqual({ rows: {}, general: 'Failed' });
  });

  it('reads the refusals of the date’s queued saves, the save’s own first', () => {
    const queued = queuedMusterErrors(
      [
        entry('2026-11-29', refused('w1', 'Queued refusal')),
        entry('2026-11-28', refused('w2', 'Other day')),
        entry('2026-11-29', null),
      ],
      '2026-11-29',
    );
    expect(queued).toEqual({ rows: { w1: 'Queued refusal' }, general: null });
    expect(mergeErrors({ rows: { w1: 'Now' }, general: null }, queued).rows.w1).toBe('Now');
  });
});
