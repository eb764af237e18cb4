/**
 * Idempotent creates: a client that may send the same create twice (the offline queue replaying
 * after a lost answer, a reload, a second tab) sends an `Idempotency-Key` header. The key is
 * recorded in the create's own transaction with the id of the record it made, so it is stored
 * exactly when the record is; a repeat with the same key on the same site answers with that
 * record instead of making another. On PostgreSQL a concurrent repeat waits on the unique index
 * until the first commits, then finds the key.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { newId, nowIso } from '../db/ids.js';
import { AppError } from './errors.js';

const KEY = /^[A-Za-z0-9._:-]{8,100}$/;

/** The request's Idempotency-Key, or null; a malformed key is a 400. */
export function idempotencyKey(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') return null;
  if (!KEY.test(value)) {
    throw new AppError('VALIDATION_FAILED', {
      'Idempotency-Key': {
        code: 'invalid_format',
        message: 'Use 8 to 100 letters, digits or . _ : -',
      },
    });
  }
  return value;
}

/**
 * Claims `key` for the record about to be created in `trx`. Returns null when the key is new (go
 * on and create `recordId`), or the id of the record an earlier request with this key created.
 * Call it first in the create's transaction.
 */
export async function claimIdempotencyKey(
  trx: Transaction<Database>,
  siteId: string,
  key: string | null,
  collection: string,
  recordId: string,
): Promise<string | null> {
  if (!key) return null;
  const inserted = await trx
    .insertInto('idempotency_keys')
    .values({
      id: newId(),
      site_id: siteId,
      key,
      collection,
      record_id: recordId,
      created: nowIso(),
    })
    .onConflict((oc) => oc.columns(['site_id', 'key']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return null;
  const prior = await trx
    .selectFrom('idempotency_keys')
    .select(['collection', 'record_id'])
    .where('site_id', '=', siteId)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  if (prior.collection !== collection) {
    throw new AppError('VALIDATION_FAILED', {
      'Idempotency-Key': { code: 'key_reused', message: 'This key was used for another record' },
    });
  }
  return prior.record_id;
}

/**
 * Keys are kept 30 days: long enough for a phone that lost an answer and then stayed offline for
 * weeks to replay safely; older ones are removed by the hourly clean-up.
 */
export const IDEMPOTENCY_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

export async function purgeOldIdempotencyKeys(
  db: Kysely<Database>,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEEP_MS).toISOString();
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
