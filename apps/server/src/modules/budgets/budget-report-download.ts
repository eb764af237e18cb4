/**
 * GET …/reports/budget as a file: CSV, PDF or Excel, named "budget-<site>-<date>.<ext>" (the
 * date it was made: the report is the budget as it stands that day).
 */
import type { BudgetReport } from '@siteledger/domain';
import { formatDownload, type Download } from '../../documents/download.js';
import { siteSetting } from '../../db/site-settings.js';
import { businessToday } from '../../platform/business-time.js';
import { notFound } from '../../platform/errors.js';
import type { SiteScope } from '../../platform/scope.js';
import { budgetCsv } from './budget-report.js';
import { budgetPdf } from './budget-report-pdf.js';
import { budgetXlsx } from './budget-report-xlsx.js';

export type BudgetFileFormat = 'csv' | 'pdf' | 'xlsx';

export async function budgetReportDownload(
  scope: SiteScope,
  report: BudgetReport,
  format: BudgetFileFormat,
): Promise<Download> {
  const siteName = await siteSetting(scope.ctx.db.kysely, scope.siteId, 'name');
  if (siteName === undefined) throw notFound('Site');
  const today = businessToday(scope.ctx.config.timezone);
  const source = { siteName, report, today };
  const onError = (error: unknown) =>
    scope.ctx.logger.error({ err: error, site: scope.siteId }, 'Budget report failed');
  const body =
    format === 'csv'
      ? budgetCsv(report)
      : format === 'pdf'
        ? budgetPdf(source, onError)
        : budgetXlsx(source, onError);
  return formatDownload(
    format,
    { prefix: 'budget', name: siteName, suffix: today, fallbackName: 'site' },
    body,
  );
}
