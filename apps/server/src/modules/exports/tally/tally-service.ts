import { siteCondition } from '../../../db/site-scope.js';
import { Readable } from 'node:stream';
import type { TallyExportQuery, TallyExportRecord } from '@siteledger/domain';
import { newId, nowIso } from '../../../db/ids.js';
import { businessToday } from '../../../platform/business-time.js';
import { AppError } from '../../../platform/errors.js';
import type { SiteScope } from '../../../platform/scope.js';
import { ledgerTotals } from '../../ledger/ledger-repo.js';
import { contentDisposition, CONTENT_TYPES, type Download } from '../../../documents/download.js';
import type { VendorExportSource } from '../export-sources.js';
import { ledgerLines } from '../ledger-lines.js';
import { findSiteName } from '../statement-repo.js';
import { tallyXml, type TallyPlan } from './tally-export.js';
import { takeCutoff } from './tally-changes-repo.js';
import * as exportsRepo from './tally-exports-repo.js';
import * as repo from './tally-repo.js';
import { cancellationsSince, incrementalVendors } from './tally-incremental.js';
import { linesBefore } from './tally-opening-bills.js';

/** The vendor export's file (…/vendors/{id}/export?format=tally): the same writer, one supplier. */
export function vendorTallyXml(
  scope: SiteScope,
  source: VendorExportSource,
): AsyncGenerator<string> {
  const db = scope.ctx.db.kysely;
  const { siteId, vendor, from, today } = source;
  const plan: TallyPlan = {
    siteId,
    dated: Boolean(from),
    vendorId: vendor.id,
    to: source.to,
    vendors: [
      {
        vendor,
        opening: source.opening,
        lines: source.lines,
        // A dated file: the opening balance bill-wise (issue 40), as in the site-wide file.
        ...(from ? { openingLines: () => linesBefore(db, { siteId, vendor, today, from }) } : {}),
      },
    ],
  };
  return tallyXml(db, plan);
}

/** YYYY-MM-DD + one day. */
function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const minDate = (a: string, b: string) => (a < b ? a : b);

/**
 * The site-wide Tally file. With `from`: a dated file, every supplier with an entry in the period
 * or a balance before it (that balance bill-wise). Without `from` and after a recorded export:
 * "since the last export" (issue 40) — what was created, changed or deleted since its cut-off,
 * whatever the business date, plus what is dated after its `to`; deleted records go as
 * cancellations, and no opening balance is sent again. `to` defaults to today and cannot be
 * after it.
 *
 * The cut-off is taken before anything is read; the export is recorded only once the response
 * was fully sent (`onSent`), so a download that breaks off leaves the next export where it was.
 */
export async function siteTallyExport(
  scope: SiteScope,
  query: TallyExportQuery,
): Promise<Download> {
  const { ctx, siteId } = scope;
  const db = ctx.db.kysely;
  const today = businessToday(ctx.config.timezone);
  if (query.to && query.to > today) {
    throw new AppError('VALIDATION_FAILED', {
      to: { code: 'too_big', message: 'The end date cannot be after today' },
    });
  }
  const to = query.to ?? today;
  if (query.from && query.from > to) {
    throw new AppError('VALIDATION_FAILED', {
      from: { code: 'too_big', message: 'The start date cannot be after the end date' },
    });
  }
  const cutoff = await takeCutoff(db);
  const last = await exportsRepo.lastExport(db, siteId);
  const incremental = !query.from && last !== null;
  const vendorRows = await db
    .selectFrom('vendors')
    .selectAll()
    // The business's vendors (issue 47): a site's bills may name one another site made.
    .where(siteCondition('vendors', 'vendors.site_id', siteId))
    .orderBy('name')
    .orderBy('id')
    .execute();
  let vendors: TallyPlan['vendors'] = [];
  let cancellations: TallyPlan['cancellations'] = [];
  let challanRows: TallyPlan['challans'];
  if (incremental) {
    const sinceLast = { since: last.cutoff, lastTo: last.to };
    vendors = await incrementalVendors(db, {
      siteId,
      today,
      to,
      vendors: vendorRows,
      ...sinceLast,
    });
    cancellations = await cancellationsSince(db, siteId, sinceLast.since, today);
    challanRows = await repo.challans(db, siteId, { ...sinceLast, to });
  } else {
    const range = { from: query.from ?? '', to };
    const { from } = query;
    challanRows = await repo.challans(db, siteId, range);
    for (const vendor of vendorRows) {
      const totals = await ledgerTotals(db, siteId, vendor.id, today, range);
      if (totals.count === 0 && totals.opening === 0) continue;
      vendors.push({
        vendor,
        opening: totals.opening,
        lines: () =>
          ledgerLines(db, { siteId, vendor: vendor.id, today, ...range, opening: totals.opening }),
        // A dated file: the entries before `from`, whose pending bills open the ledger.
        ...(from ? { openingLines: () => linesBefore(db, { siteId, vendor, today, from }) } : {}),
      });
    }
  }
  const record = {
    site_id: siteId,
    // An incremental file's period by business date: the day after the last one's end.
    from_date: query.from ?? (incremental ? minDate(nextDay(last.to), to) : null),
    to_date: to,
    created_by: scope.userId,
    cutoff,
    since: incremental ? last.cutoff : null,
  };
  const siteName = (await findSiteName(db, siteId)) ?? '';
  const period = incremental ? `changes_${to}` : `${query.from ?? 'start'}_${to}`;
  return {
    contentType: CONTENT_TYPES.tally,
    disposition: contentDisposition('tally', siteName, period, 'xml', 'site'),
    body: Readable.from(
      tallyXml(db, {
        siteId,
        dated: Boolean(query.from),
        vendors,
        cancellations,
        challans: challanRows,
        to,
      }),
      { objectMode: false },
    ),
    onSent: () => exportsRepo.recordExport(db, { id: newId(), ...record, created: nowIso() }),
  };
}

/** The last site-wide export, for the dialog's "since the last export". */
export async function lastTallyExport(
  scope: SiteScope,
): Promise<{ last: TallyExportRecord | null }> {
  return { last: await exportsRepo.lastExport(scope.ctx.db.kysely, scope.siteId) };
}
