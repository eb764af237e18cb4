import { PDF_COLLECTIONS, type FileCollection, type FileUploadResult } from '@siteledger/domain';
import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { nowIso } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { claimIdempotencyKey } from '../../platform/idempotency.js';
import {
  type FileStore,
  parseFileList,
  sniffFileKind,
  type FileKind,
  type StoredFile,
} from '../../platform/files.js';

import * as repo from './files-repo.js';
import type { SiteScope } from '../../platform/scope.js';
import { expensePhotoRules } from '../petty/expenses-service.js';

type Trx = Transaction<Database>;

/** A collection's own rules for its files, beyond the route's permission. */
interface FileRules {
  /** Refusals (who may change this record's files), before anything is stored. */
  check?: (db: Executor, scope: SiteScope, id: string) => Promise<void>;
  /** In an upload's transaction, before the record's row: rows its module locks ahead of it. */
  lockFirst?: (trx: Trx, scope: SiteScope, id: string) => Promise<void>;
  /** In an upload's transaction, once the list is written: what a new file changes. */
  added?: (trx: Trx, scope: SiteScope, id: string) => Promise<void>;
}

/** Petty expenses (issue 46): the holder's (or an owner's); a photo may be what it waited for. */
const RULES: Partial<Record<FileCollection, FileRules>> = {
  petty_expenses: expensePhotoRules,
};

function keyReused(): AppError {
  return new AppError('VALIDATION_FAILED', {
    'Idempotency-Key': { code: 'key_reused', message: 'This key was used for another record' },
  });
}

/** One uploaded part, read whole (its size is already within MAX_UPLOAD_MB). */
export interface Upload {
  filename: string;
  data: Buffer;
}

/** Removes files of a site from disk, after the records naming them are gone. */
export async function removeStoredFiles(
  ctx: AppContext,
  siteId: string,
  names: readonly string[],
  store: FileStore = ctx.files,
): Promise<void> {
  await Promise.all(names.map((name) => store.remove(siteId, name)));
}

/** The kind of every upload by content; the first that is not allowed here → 415. */
function checkKinds(collection: FileCollection, uploads: readonly Upload[]): FileKind[] {
  return uploads.map((upload) => {
    const kind = sniffFileKind(upload.data);
    if (!kind || (kind === 'pdf' && !PDF_COLLECTIONS.includes(collection))) {
      throw new AppError('INVALID_FILE_TYPE', { file: upload.filename });
    }
    return kind;
  });
}

/**
 * Appends the uploads to the record's file list: all of them or none. Every part is checked
 * before anything is stored; files written before a failed commit are removed again.
 */
export async function addFiles(
  scope: SiteScope,
  store: FileStore,
  collection: FileCollection,
  id: string,
  uploads: readonly Upload[],
  key: string | null = null,
): Promise<FileUploadResult> {
  const { ctx, siteId } = scope;
  const rules = RULES[collection];
  const found = await repo.findFileList(ctx.db.kysely, collection, siteId, id);
  if (found === undefined) throw notFound();
  await rules?.check?.(ctx.db.kysely, scope, id);
  // A shared vendor's files live with it, whichever site adds them (issue 47).
  const area = found.area;
  if (uploads.length === 0) {
    throw new AppError('VALIDATION_FAILED', {
      file: { code: 'required', message: 'Choose a file to upload' },
    });
  }
  const kinds = checkKinds(collection, uploads);
  const saved: string[] = [];
  try {
    const files = await ctx.db.kysely.transaction().execute(async (trx) => {
      await rules?.lockFirst?.(trx, scope, id);
      const locked = await repo.lockFileList(trx, collection, siteId, id);
      if (locked === undefined) throw notFound();
      // A queued photo sent again after a lost answer: it is already on the record.
      const sentBefore = await claimIdempotencyKey(trx, siteId, key, `files:${collection}`, id);
      if (sentBefore !== null) {
        if (sentBefore !== id) throw keyReused();
        return parseFileList(locked.list);
      }
      for (const [index, upload] of uploads.entries()) {
        saved.push(await store.save(area, kinds[index]!, upload.data));
      }
      const next = [...parseFileList(locked.list), ...saved];
      await repo.setFileList(trx, collection, siteId, id, JSON.stringify(next), nowIso());
      await rules?.added?.(trx, scope, id);
      return next;
    });
    return { file: saved[saved.length - 1] ?? files[files.length - 1] ?? '', files };
  } catch (error) {
    await removeStoredFiles(ctx, area, saved, store);
    throw error;
  }
}

/** Takes a file off the record, then off the disk once the change is committed. */
export async function removeFile(
  scope: SiteScope,
  store: FileStore,
  collection: FileCollection,
  id: string,
  name: string,
): Promise<{ files: string[] }> {
  const { ctx, siteId } = scope;
  const rules = RULES[collection];
  const { files, area } = await ctx.db.kysely.transaction().execute(async (trx) => {
    const locked = await repo.lockFileList(trx, collection, siteId, id);
    if (locked === undefined) throw notFound();
    await rules?.check?.(trx, scope, id);
    const current = parseFileList(locked.list);
    if (!current.includes(name)) throw notFound('File');
    const next = current.filter((n) => n !== name);
    await repo.setFileList(trx, collection, siteId, id, JSON.stringify(next), nowIso());
    return { files: next, area: locked.area };
  });
  await store.remove(area, name);
  return { files };
}

/** A stored file of the site that a record of the site lists; 404 otherwise. */
export async function openFile(
  scope: SiteScope,
  store: FileStore,
  name: string,
): Promise<StoredFile> {
  const { ctx, siteId } = scope;
  const area = await repo.siteFileArea(ctx.db.kysely, siteId, name);
  if (area === undefined) throw notFound('File');
  const file = await store.open(area, name);
  if (!file) throw notFound('File');
  return file;
}
