import { AppError, notFound } from '../../platform/errors.js';
import { nowIso } from '../../db/ids.js';
import { parseFileList, sniffFileKind } from '../../platform/files.js';
import type { SiteScope } from '../../platform/scope.js';
import type { Upload } from '../files/files-service.js';
import { forUpdate } from '../../db/locking.js';

/**
 * The measurement photo of an RA bill's line (issue 43): images only, kept in the line's
 * `photos` list; every upload is checked before anything is stored, and files stored before a
 * failed commit are removed again (as record files are).
 */
export async function addLinePhotos(
  scope: SiteScope,
  billId: string,
  lineId: string,
  uploads: readonly Upload[],
): Promise<{ file: string; files: string[] }> {
  const { ctx, siteId } = scope;
  if (uploads.length === 0) {
    throw new AppError('VALIDATION_FAILED', {
      file: { code: 'required', message: 'Choose a file to upload' },
    });
  }
  const kinds = uploads.map((upload) => {
    const kind = sniffFileKind(upload.data);
    if (!kind || kind === 'pdf') throw new AppError('INVALID_FILE_TYPE', { file: upload.filename });
    return kind;
  });
  const saved: string[] = [];
  try {
    const files = await ctx.db.kysely.transaction().execute(async (trx) => {
      const line = await forUpdate(
        trx,
        trx
          .selectFrom('ra_bill_lines')
          .select(['id', 'photos'])
          .where('site_id', '=', siteId)
          .where('ra_bill', '=', billId)
          .where('id', '=', lineId),
      ).executeTakeFirst();
      if (!line) throw notFound('RA bill line');
      for (const [index, upload] of uploads.entries()) {
        saved.push(await ctx.files.save(siteId, kinds[index]!, upload.data));
      }
      const next = [...parseFileList(line.photos), ...saved];
      await trx
        .updateTable('ra_bill_lines')
        .set({ photos: JSON.stringify(next), updated: nowIso() })
        .where('id', '=', lineId)
        .execute();
      return next;
    });
    return { file: saved[saved.length - 1]!, files };
  } catch (error) {
    await Promise.all(saved.map((name) => ctx.files.remove(siteId, name)));
    throw error;
  }
}

/** Takes a photo off the line; the file leaves the disk once that is committed. */
export async function removeLinePhoto(
  scope: SiteScope,
  billId: string,
  lineId: string,
  name: string,
): Promise<string[]> {
  const { ctx, siteId } = scope;
  const files = await ctx.db.kysely.transaction().execute(async (trx) => {
    const line = await forUpdate(
      trx,
      trx
        .selectFrom('ra_bill_lines')
        .select(['id', 'photos'])
        .where('site_id', '=', siteId)
        .where('ra_bill', '=', billId)
        .where('id', '=', lineId),
    ).executeTakeFirst();
    if (!line) throw notFound('RA bill line');
    const list = parseFileList(line.photos);
    if (!list.includes(name)) throw notFound('File');
    const next = list.filter((f) => f !== name);
    await trx
      .updateTable('ra_bill_lines')
      .set({ photos: JSON.stringify(next), updated: nowIso() })
      .where('id', '=', lineId)
      .execute();
    return next;
  });
  await ctx.files.remove(siteId, name);
  return files;
}
