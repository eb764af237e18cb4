/**
 * Tests only: an offline-queue entry as `offlineQueue.add` makes one, with whatever a test sets
 * (its collection, body, status, the server's refusal).
 */
import type { QueueEntry } from './offline-queue';

export function queueEntry(over: Partial<QueueEntry> = {}): QueueEntry {
  return {
    key: 'key-1',
    collection: 'deliveries',
    siteId: 'site-1',
    userId: 'user-1',
    body: {},
    summary: {},
    status: 'pending',
    createdAt: '2026-11-30T05:00:00Z',
    attempts: 0,
    lastAttemptAt: null,
    error: null,
    ...over,
  };
}
