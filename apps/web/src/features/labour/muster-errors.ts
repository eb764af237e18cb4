/**
 * The server's refusals of a muster (ATTENDANCE_OVER_ONE_DAY, WAGE_SHEET_LOCKED) name the worker
 * in their `data`; the screen shows the server's message (in the person's language) by that row.
 */
import { isApiError } from '../../lib/api-client';
import type { QueueEntry } from '../../lib/offline-queue';

export interface MusterErrors {
  /** Worker id → the message shown under that row. */
  rows: Record<string, string>;
  /** A refusal that names no row. */
  general: string | null;
}

export const NO_ERRORS: MusterErrors = { rows: {}, general: null };

function workerOf(data: Record<string, unknown> | undefined): string | null {
  return typeof data?.worker === 'string' ? data.worker : null;
}

/** A failed save's message, by the row it concerns when the server names one. */
export function musterErrorsOf(error: unknown, fallback: string): MusterErrors {
  if (!isApiError(error)) return { rows: {}, general: fallback };
  const worker = workerOf(error.data);
  return worker
    ? { rows: { [worker]: error.message }, general: null }
    : { rows: {}, general: error.message || fallback };
}

/** The refusals of the date's queued saves (sent on reconnect and refused). */
export function queuedMusterErrors(entries: readonly QueueEntry[], date: string): MusterErrors {
  const errors: MusterErrors = { rows: {}, general: null };
  for (const entry of entries) {
    const body = entry.body as { date?: unknown } | null;
    if (entry.status !== 'failed' || !entry.error || body?.date !== date) continue;
    const worker = workerOf(entry.error.data);
    if (worker) errors.rows[worker] = entry.error.message;
    else errors.general = entry.error.message;
  }
  return errors;
}

export function mergeErrors(a: MusterErrors, b: MusterErrors): MusterErrors {
  return { rows: { ...b.rows, ...a.rows }, general: a.general ?? b.general };
}
