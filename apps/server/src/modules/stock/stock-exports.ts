import { Readable } from 'node:stream';
import type { Language, StockReportFormat } from '@siteledger/domain';
import { formatDownload, rangeSuffix, type Download } from '../../documents/download.js';
import { businessToday } from '../../platform/business-time.js';
import { stockCsv } from './stock-exports-csv.js';
import { stockPdf } from './stock-exports-pdf.js';
import {
  consumptionTable,
  statementTable,
  stockTable,
  type StockExportContext,
  type StockTable,
} from './stock-exports-tables.js';
import { stockXlsx } from './stock-exports-xlsx.js';

/** What a route sends: content type, Content-Disposition and the bytes (exports' Download). */
export type ExportFile = Download;

export interface StockFileContext {
  siteName: string;
  lang: Language;
  /**
   * The business day in the server's TIMEZONE (businessToday(ctx.config.timezone)): the
   * "generated" line, and the date of a stock report asked for without one. Defaults to today
   * in India, the default TIMEZONE.
   */
  today?: string;
}

function contextOf(ctx: StockFileContext): StockExportContext {
  return {
    siteName: ctx.siteName,
    lang: ctx.lang,
    today: ctx.today ?? businessToday('Asia/Kolkata'),
  };
}

/** Every byte of a stream; a stream that fails rejects, before anything is sent. */
async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * The file made whole before it is sent: a stock report is one row per item (or per item and
 * work), so it fits in memory, and a failure becomes an error answer instead of a cut download.
 */
async function fileOf<K extends string>(
  table: StockTable<K>,
  format: StockReportFormat,
  name: { prefix: string; suffix: string },
): Promise<ExportFile> {
  let bytes: Buffer;
  if (format === 'csv') bytes = Buffer.from(stockCsv(table), 'utf8');
  else if (format === 'pdf') bytes = await bytesOf(stockPdf(table));
  // A failing workbook destroys its stream with the error, which rejects here.
  else bytes = await bytesOf(stockXlsx(table, () => undefined));
  const file = { ...name, name: table.siteName, fallbackName: 'site' };
  return formatDownload(format, file, Readable.from([bytes]));
}

/**
 * One report's download: its table in the asked format, named "<prefix>-<site>-<suffix>.<ext>".
 * A route calls it as `(report, format, ctx)`.
 */
function reportFile<R, K extends string>(
  prefix: string,
  tableOf: (report: R, context: StockExportContext) => StockTable<K>,
  suffixOf: (report: R, context: StockExportContext) => string,
) {
  return async (
    report: R,
    format: StockReportFormat,
    ctx: StockFileContext,
  ): Promise<ExportFile> => {
    const context = contextOf(ctx);
    return fileOf(tableOf(report, context), format, {
      prefix,
      suffix: suffixOf(report, context),
    });
  };
}

/** GET …/stock?format=: "stock-<site>-<date>.<ext>". */
export const stockReportFile = reportFile(
  'stock',
  stockTable,
  (report, context) => report.date ?? context.today,
);

/** GET …/stock/statement?format=: "stock-statement-<site>-<from>_<to>.<ext>". */
export const stockStatementFile = reportFile(
  'stock-statement',
  statementTable,
  (statement) => `${statement.from}_${statement.to}`,
);

/** GET …/stock/consumption?format=: "consumption-<site>-<from>_<to>.<ext>" (or the day). */
export const consumptionReportFile = reportFile(
  'consumption',
  consumptionTable,
  (report, context) => rangeSuffix(report.from ?? undefined, report.to ?? undefined, context.today),
);
