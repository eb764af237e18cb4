import { Readable } from 'node:stream';
import type { AccountStatementQuery, VendorExportQuery } from '@siteledger/domain';
import { statementCsv, vendorLedgerCsv } from './csv-exports.js';
import { formatDownload, rangeSuffix, type Download } from '../../documents/download.js';
import { loadStatementSource, loadVendorSource } from './export-sources.js';
import { statementPdf, vendorLedgerPdf } from './pdf/pdf-exports.js';
import { vendorTallyXml } from './tally/tally-service.js';
import { statementXlsx, vendorLedgerXlsx } from './xlsx/xlsx-exports.js';
import type { SiteScope } from '../../platform/scope.js';

/** Text chunks as a byte stream: each chunk is read only when the client has taken the last. */
function textStream(chunks: AsyncIterable<string>): Readable {
  return Readable.from(chunks, { objectMode: false });
}

/**
 * A vendor's ledger as CSV, PDF, Tally XML or Excel (XLSX). Everything that can fail with an
 * error answer (unknown vendor, bad range) fails here, before the first byte is sent.
 */
export async function vendorExport(
  scope: SiteScope,
  vendorId: string,
  query: VendorExportQuery,
): Promise<Download> {
  const { ctx } = scope;
  const source = await loadVendorSource(scope, vendorId, query);
  const onError = (error: unknown) =>
    ctx.logger.error({ err: error, vendor: vendorId }, 'vendor export failed while streaming');
  const body =
    query.format === 'csv'
      ? textStream(vendorLedgerCsv(source))
      : query.format === 'pdf'
        ? vendorLedgerPdf(source, onError)
        : query.format === 'xlsx'
          ? vendorLedgerXlsx(source, onError)
          : textStream(vendorTallyXml(scope, source));
  const prefix = query.format === 'tally' ? 'tally-vendor' : 'vendor-ledger';
  const suffix = rangeSuffix(query.from, query.to, source.today);
  const file = { prefix, name: source.vendor.name, suffix, fallbackName: 'vendor' };
  return formatDownload(query.format, file, body);
}

/** An account's statement for a period as CSV, PDF or Excel (XLSX). */
export async function accountStatement(
  scope: SiteScope,
  accountId: string,
  query: AccountStatementQuery,
): Promise<Download> {
  const { ctx } = scope;
  const source = await loadStatementSource(scope, accountId, query);
  const onError = (error: unknown) =>
    ctx.logger.error({ err: error, account: accountId }, 'statement failed while streaming');
  const body =
    query.format === 'csv'
      ? textStream(statementCsv(source))
      : query.format === 'xlsx'
        ? statementXlsx(source, onError)
        : statementPdf(source, onError);
  const suffix = rangeSuffix(query.from, query.to, source.today);
  const name = source.account.name;
  const file = { prefix: 'account-statement', name, suffix, fallbackName: 'account' };
  return formatDownload(query.format, file, body);
}
