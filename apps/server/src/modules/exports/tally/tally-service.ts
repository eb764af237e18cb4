import { Readable } from 'node:stream';
import type { TallyExportQuery, TallyExportRecord } from '@siteledger/domain';
import { newId, nowIso } from '../../../db/ids.js';
import { businessToday } from '../../../platform/business-time.js';
import { AppError } from '../../../platform/errors.js';
import type { SiteScope } from '../../../platform/scope.js';
import { ledgerTotals } from '../../ledger/ledger-repo.js';
import { contentDisposition, CONTENT_TYPES } from '../download.js';
import type { VendorExportSource } from '../export-sources.js';
import type { Download } from '../exports-service.js';
import { ledgerLines } from '../ledger-lines.js';
import { findSiteName } from '../statement-repo.js';
import { tallyXml, type TallyPlan } from './tally-export.js';
import * as exportsRepo from './tally-exports-repo.js';

/** The vendor export's file (…/vendors/{id}/export?format=tally): the same writer, one supplier. */
export function vendorTallyXml(
  scope: SiteScope,
  source: VendorExportSource,
): AsyncGenerator<string> {
  const plan: TallyPlan = {
    siteId: source.siteId,
    dated: Boolean(source.from),
    vendorId: source.vendor.id,
    to: source.to,
    vendors: [{ vendor: source.vendor, opening: source.opening, lines: source.lines }],
  };
  return tallyXml(scope.ctx.db.kysely, plan);
}

/** YYYY-MM-DD + one day. */
function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The site-wide Tally file: every supplier with an entry in the period or a balance before it.
 * `from` defaults to the day after the last export's `to` ("since the last export"), `to` to
 * today. The export is recorded before the first byte is sent, so the next one starts after it.
 */
export async function siteTallyExport(
  scope: SiteScope,
  query: TallyExportQuery,
): Promise<Download> {
  const { ctx, siteId } = scope;
  const db = ctx.db.kysely;
  const today = businessToday(ctx.config.timezone);
  const last = await exportsRepo.lastExport(db, siteId);
  const from = query.from ?? (last ? nextDay(last.to) : undefined);
  const to = query.to ?? today;
  if (from && from > to) {
    throw new AppError('VALIDATION_FAILED', {
      from: {
        code: 'too_big',
        message: query.from
          ? 'The start date cannot be after the end date'
          : 'Nothing new since the last export: choose the dates',
      },
    });
  }
  const range = { from: from ?? '', to };
  const vendorRows = await db
    .selectFrom('vendors')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const vendors: TallyPlan['vendors'] = [];
  for (const vendor of vendorRows) {
    const totals = await ledgerTotals(db, siteId, vendor.id, today, range);
    if (totals.count === 0 && totals.opening === 0) continue;
    vendors.push({
      vendor,
      opening: totals.opening,
      lines: () =>
        ledgerLines(db, { siteId, vendor: vendor.id, today, ...range, opening: totals.opening }),
    });
  }
  await exportsRepo.recordExport(db, {
    id: newId(),
    site_id: siteId,
    from_date: from ?? null,
    to_date: to,
    created_by: scope.userId,
    created: nowIso(),
  });
  const siteName = (await findSiteName(db, siteId)) ?? '';
  return {
    contentType: CONTENT_TYPES.tally,
    disposition: contentDisposition('tally', siteName, `${from ?? 'start'}_${to}`, 'xml', 'site'),
    body: Readable.from(tallyXml(db, { siteId, dated: Boolean(from), vendors, to }), {
      objectMode: false,
    }),
  };
}

/** The last site-wide export, for the dialog's "since the last export". */
export async function lastTallyExport(
  scope: SiteScope,
): Promise<{ last: TallyExportRecord | null }> {
  return { last: await exportsRepo.lastExport(scope.ctx.db.kysely, scope.siteId) };
}
