import { Readable } from 'node:stream';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { ListExportFormat, ListQuery, RecordTypeDef } from '@siteledger/domain';
import type { Database } from '../../../db/schema.js';
import { formatDownload, rangeSuffix, type Download } from '../../../documents/download.js';
import { indianDate, periodText } from '../../../documents/format.js';
import { businessToday } from '../../../platform/business-time.js';
import { paginate } from '../../../platform/list.js';
import { listSpecOf } from '../../../platform/list-spec.js';
import { rightsOf, type SiteScope } from '../../../platform/scope.js';
import { exportColumns, exportSelections } from './record-columns.js';
import { recordsCsv, recordsXlsx, type StoredRow } from './record-export-files.js';

/** The export's query: the format and what the list route reads (sort, q, from, to, filters). */
export type RecordExportQuery = { format: ListExportFormat } & Pick<
  ListQuery,
  'sort' | 'q' | 'from' | 'to'
> &
  Record<string, unknown>;

/** Records read per query: what a list page may ask for at most (API.md "Lists"). */
const CHUNK = 500;

/** Any table of the registry, read through the columns the export selects. */
type AnyTable = SelectQueryBuilder<Database, keyof Database, StoredRow>;

/** "vendor_credit_notes" → "Vendor credit notes": the workbook's title. */
function titleOf(type: RecordTypeDef): string {
  const words = type.collection.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A record type's list as CSV or XLSX (API.md "Issue 41: list exports"): the rows its list route
 * would show for the same filters, search, dates and sort, every page of them, read a chunk at a
 * time with the list's own paging (platform/list.ts). The first chunk is read before anything is
 * sent, so a bad sort or filter is an error answer, not a cut download.
 */
export async function recordExport(
  scope: SiteScope,
  type: RecordTypeDef,
  query: RecordExportQuery,
): Promise<Download> {
  const { ctx, siteId } = scope;
  const db = ctx.db.kysely;
  const spec = listSpecOf(type.collection);
  // A vendor's bank details stay with the roles that see payments (issue 47, roles per business).
  const columns = exportColumns(type).filter(
    (column) => column.field !== 'payment_details' || rightsOf(scope).payments.read,
  );
  const selections = exportSelections(type.table, columns);
  // The table name comes from the registry, never from the request.
  const base = () =>
    (db as unknown as Kysely<Record<string, StoredRow>>)
      .selectFrom(type.table)
      .select(selections) as unknown as AnyTable;
  const chunk = async (page: number) =>
    (
      await paginate(
        base(),
        spec,
        siteId,
        { ...query, page, perPage: CHUNK, skipTotal: '1' },
        query,
      )
    ).items;

  const first = await chunk(1);
  async function* chunks(): AsyncGenerator<StoredRow[]> {
    let rows = first;
    for (let page = 2; ; page += 1) {
      if (rows.length > 0) yield rows;
      if (rows.length < CHUNK) return;
      rows = await chunk(page);
    }
  }

  const today = businessToday(ctx.config.timezone);
  const site = await db
    .selectFrom('sites')
    .select('name')
    .where('id', '=', siteId)
    .executeTakeFirstOrThrow();
  const onError = (error: unknown) =>
    ctx.logger.error({ err: error, collection: type.collection }, 'list export failed');
  const body =
    query.format === 'csv'
      ? Readable.from(recordsCsv(columns, chunks()), { objectMode: false })
      : recordsXlsx(
          {
            title: titleOf(type),
            info: [
              `Site: ${site.name}`,
              ...(spec.dateColumn ? [`Period: ${periodText(query.from, query.to)}`] : []),
              `Generated: ${indianDate(today)}`,
            ],
          },
          columns,
          chunks(),
          onError,
        );
  const suffix = rangeSuffix(query.from, query.to, today);
  const file = { prefix: type.collection, name: site.name, suffix, fallbackName: 'site' };
  return formatDownload(query.format, file, body);
}
