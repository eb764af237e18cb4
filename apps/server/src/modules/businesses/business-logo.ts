/**
 * A business's logo (issue 47: "PDFs carry the business's name and logo"): one PNG or JPEG in the
 * file store's `businesses` area, its name in `businesses.logo`. The owner sets and clears it; the
 * owner and every active member of one of its sites read it (they see it on the PDFs anyway).
 */
import { BUSINESS_LOGO_MAX_MB } from '@siteledger/domain';
import { findOwnedBusiness } from '../../db/business-rows.js';
import { isDrawablePng } from '../../documents/pdf-logo.js';
import { nowIso } from '../../db/ids.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { sniffFileKind, type StoredFile } from '../../platform/files.js';
import type { Upload } from '../files/files-service.js';
import * as repo from './businesses-repo.js';

/** The file store's area of business logos (names are random, as avatars'). */
export const LOGOS = 'businesses';

/** Swaps the stored name in one locked transaction; answers the name it replaced. */
async function replaceLogo(
  ctx: AppContext,
  userId: string,
  id: string,
  logo: string | null,
): Promise<string | null> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    await repo.lockBusinesses(trx, [id]);
    const row = await findOwnedBusiness(trx, id, userId);
    if (!row) throw notFound('Business');
    await trx
      .updateTable('businesses')
      .set({ logo, updated: nowIso() })
      .where('id', '=', id)
      .execute();
    return row.logo;
  });
}

/**
 * PUT /api/businesses/{id}/logo: one PNG or JPEG file, at most BUSINESS_LOGO_MAX_MB. `read` reads
 * the upload, after the owner is known: another's business is not there, whatever was sent.
 */
export async function setBusinessLogo(
  ctx: AppContext,
  userId: string,
  id: string,
  read: () => Promise<Upload[]>,
): Promise<void> {
  if (!(await findOwnedBusiness(ctx.db.kysely, id, userId))) throw notFound('Business');
  const [file, ...more] = await read();
  if (!file || more.length > 0) {
    throw new AppError('VALIDATION_FAILED', {
      file: { code: 'required', message: 'Send one PNG or JPEG image, field "file"' },
    });
  }
  if (file.data.length > BUSINESS_LOGO_MAX_MB * 1024 * 1024) {
    throw new AppError('FILE_TOO_LARGE', { file: file.filename, max_mb: BUSINESS_LOGO_MAX_MB });
  }
  const kind = sniffFileKind(file.data);
  // pdfkit draws PNG and JPEG only: the PDFs are what the logo is for.
  if ((kind !== 'png' && kind !== 'jpeg') || (kind === 'png' && !isDrawablePng(file.data))) {
    throw new AppError('INVALID_FILE_TYPE', { file: file.filename });
  }
  const name = await ctx.files.save(LOGOS, kind, file.data);
  let previous: string | null;
  try {
    previous = await replaceLogo(ctx, userId, id, name);
  } catch (error) {
    await ctx.files.remove(LOGOS, name);
    throw error;
  }
  // After the commit: a rolled-back change must still find its old file.
  if (previous && previous !== name) await ctx.files.remove(LOGOS, previous);
}

/** DELETE /api/businesses/{id}/logo: no logo (the PDFs are drawn without one). */
export async function clearBusinessLogo(
  ctx: AppContext,
  userId: string,
  id: string,
): Promise<void> {
  const previous = await replaceLogo(ctx, userId, id, null);
  if (previous) await ctx.files.remove(LOGOS, previous);
}

/** May the user read the business's logo: its owner, or an active member of an active site. */
async function mayRead(ctx: AppContext, userId: string, id: string) {
  const db = ctx.db.kysely;
  const business = await db
    .selectFrom('businesses')
    .select(['owner', 'logo'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!business) return null;
  if (business.owner === userId) return business;
  const member = await db
    .selectFrom('site_users')
    .innerJoin('sites', 'sites.id', 'site_users.site_id')
    .select('sites.id')
    .where('sites.business_id', '=', id)
    .where('sites.is_active', '=', 1)
    .where('sites.deleted_at', 'is', null)
    .where('site_users.user_id', '=', userId)
    .where('site_users.is_active', '=', 1)
    .executeTakeFirst();
  return member ? business : null;
}

/** GET /api/businesses/{id}/logo: the image; no logo, or not the caller's to read → 404. */
export async function openBusinessLogo(
  ctx: AppContext,
  userId: string,
  id: string,
): Promise<StoredFile> {
  const business = await mayRead(ctx, userId, id);
  if (!business) throw notFound('Business');
  const file = business.logo ? await ctx.files.open(LOGOS, business.logo) : null;
  if (!file) throw new AppError('NOT_FOUND');
  return file;
}

/**
 * The logo's bytes for a PDF, or null: none set, or the file gone or unreadable (a PDF is never
 * refused for its logo).
 */
export async function logoBytes(ctx: AppContext, name: string | null): Promise<Buffer | null> {
  if (!name) return null;
  try {
    const file = await ctx.files.open(LOGOS, name);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
    const data = Buffer.concat(chunks);
    const kind = sniffFileKind(data);
    return kind === 'png' || kind === 'jpeg' ? data : null;
  } catch (error) {
    ctx.logger.warn({ err: error, logo: name }, 'Business logo unreadable; PDF drawn without it');
    return null;
  }
}
