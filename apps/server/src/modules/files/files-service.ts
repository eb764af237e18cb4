import { PDF_COLLECTIONS, type FileCollection, type FileUploadResult } from '@siteledger/domain';
import { nowIso } from '../../db/ids.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import {
  type FileStore,
  parseFileList,
  sniffFileKind,
  type FileKind,
  type StoredFile,
} from '../../platform/files.js';

import * as repo from './files-repo.js';
import type { SiteScope } from '../../platform/scope.js';

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
): Promise<FileUploadResult> {
  const { ctx, siteId } = scope;
  if ((await repo.findFileList(ctx.db.kysely, collection, siteId, id)) === undefined)
    throw notFound();
  if (uploads.length === 0) {
    throw new AppError('VALIDATION_FAILED', {
      file: { code: 'required', message: 'Choose a file to upload' },
    });
  }
  const kinds = checkKinds(collection, uploads);
  const saved: string[] = [];
  try {
    const files = await ctx.db.kysely.transaction().execute(async (trx) => {
      const list = await repo.lockFileList(trx, collection, siteId, id);
      if (list === undefined) throw notFound();
      for (const [index, upload] of uploads.entries()) {
        saved.push(await store.save(siteId, kinds[index]!, upload.data));
      }
      const next = [...parseFileList(list), ...saved];
      await repo.setFileList(trx, collection, siteId, id, JSON.stringify(next), nowIso());
      return next;
    });
    return { file: saved[saved.length - 1]!, files };
  } catch (error) {
    await removeStoredFiles(ctx, siteId, saved, store);
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
  const files = await ctx.db.kysely.transaction().execute(async (trx) => {
    const list = await repo.lockFileList(trx, collection, siteId, id);
    if (list === undefined) throw notFound();
    const current = parseFileList(list);
    if (!current.includes(name)) throw notFound('File');
    const next = current.filter((n) => n !== name);
    await repo.setFileList(trx, collection, siteId, id, JSON.stringify(next), nowIso());
    return next;
  });
  await store.remove(siteId, name);
  return { files };
}

/** A stored file of the site that a record of the site lists; 404 otherwise. */
export async function openFile(
  scope: SiteScope,
  store: FileStore,
  name: string,
): Promise<StoredFile> {
  const { ctx, siteId } = scope;
  if (!(await repo.siteHasFile(ctx.db.kysely, siteId, name))) throw notFound('File');
  const file = await store.open(siteId, name);
  if (!file) throw notFound('File');
  return file;
}
