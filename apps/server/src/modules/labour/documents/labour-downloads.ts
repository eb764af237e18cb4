/**
 * The labour documents as downloads: read what they print (repository), build the figures,
 * start the file. A route calls one of these and sends what it answers.
 */
import { formatDownload, type Download } from '../../../documents/download.js';
import { dateText } from '../../../documents/pdf-format.js';
import { siteSetting } from '../../../db/site-settings.js';
import { businessToday } from '../../../platform/business-time.js';
import { notFound } from '../../../platform/errors.js';
import type { SiteScope } from '../../../platform/scope.js';
import { byName, monthRange, monthTitle } from './labour-format.js';
import {
  attendanceOfPeriod,
  findSheet,
  sheetLines,
  sheetsEndingIn,
} from './labour-documents-repo.js';
import { musterRollPdf } from './muster-roll-pdf.js';
import { musterRollXlsx } from './muster-roll-xlsx.js';
import { buildMusterRoll } from './muster-roll.js';
import { registerRows, type WageRegister } from './wage-register.js';
import { wageRegisterPdf } from './wage-register-pdf.js';
import { wageRegisterXlsx } from './wage-register-xlsx.js';
import { wageSlipsPdf } from './wage-slips-pdf.js';

export type DocumentFormat = 'pdf' | 'xlsx';

async function siteName(scope: SiteScope): Promise<string> {
  const name = await siteSetting(scope.ctx.db.kysely, scope.siteId, 'name');
  if (name === undefined) throw notFound('Site');
  return name;
}

const failed = (scope: SiteScope, what: string) => (error: unknown) =>
  scope.ctx.logger.error({ err: error, site: scope.siteId }, `${what} failed`);

/** GET …/reports/muster_roll?month=YYYY-MM&format=pdf|xlsx */
export async function musterRollDownload(
  scope: SiteScope,
  month: string,
  format: DocumentFormat,
): Promise<Download> {
  const { from, to } = monthRange(month);
  const [name, entries] = await Promise.all([
    siteName(scope),
    attendanceOfPeriod(scope.ctx.db.kysely, scope.siteId, from, to),
  ]);
  const source = {
    siteName: name,
    roll: buildMusterRoll(month, entries),
    today: businessToday(scope.ctx.config.timezone),
  };
  const onError = failed(scope, 'Muster roll');
  const body = format === 'pdf' ? musterRollPdf(source, onError) : musterRollXlsx(source, onError);
  const file = { prefix: 'muster-roll', name, suffix: month, fallbackName: 'site' };
  return formatDownload(format, file, body);
}

/** The register's sheets: those ending in `month`, or the one sheet asked for (404 if none). */
async function registerSheets(scope: SiteScope, by: { month?: string; sheet?: string }) {
  const db = scope.ctx.db.kysely;
  if (by.sheet) {
    const sheet = await findSheet(db, scope.siteId, by.sheet);
    if (!sheet) throw notFound('Wage sheet');
    const period = `${sheet.number} · ${dateText(sheet.period_from)} – ${dateText(sheet.period_to)}`;
    return { sheets: [sheet], period, suffix: sheet.number };
  }
  const month = by.month ?? '';
  const { from, to } = monthRange(month);
  const sheets = await sheetsEndingIn(db, scope.siteId, from, to);
  return { sheets, period: monthTitle(month), suffix: month };
}

/** GET …/reports/wage_register?month=YYYY-MM|sheet=<id>&format=pdf|xlsx */
export async function wageRegisterDownload(
  scope: SiteScope,
  by: { month?: string; sheet?: string },
  format: DocumentFormat,
): Promise<Download> {
  const [name, { sheets, period, suffix }] = await Promise.all([
    siteName(scope),
    registerSheets(scope, by),
  ]);
  const ids = sheets.map((sheet) => sheet.id);
  const lines = await sheetLines(scope.ctx.db.kysely, scope.siteId, ids);
  const register: WageRegister = { period, sheets, ...registerRows(lines) };
  const source = { siteName: name, register, today: businessToday(scope.ctx.config.timezone) };
  const onError = failed(scope, 'Wage register');
  const body =
    format === 'pdf' ? wageRegisterPdf(source, onError) : wageRegisterXlsx(source, onError);
  const file = { prefix: 'wage-register', name, suffix, fallbackName: 'site' };
  return formatDownload(format, file, body);
}

/** GET …/wage_sheets/{id}/slips.pdf[?worker=]: 404 for an unknown sheet or a worker not in it. */
export async function wageSlipsDownload(
  scope: SiteScope,
  sheetId: string,
  worker: string | undefined,
): Promise<Download> {
  const db = scope.ctx.db.kysely;
  const [name, sheet] = await Promise.all([siteName(scope), findSheet(db, scope.siteId, sheetId)]);
  if (!sheet) throw notFound('Wage sheet');
  const lines = (await sheetLines(db, scope.siteId, [sheet.id], worker)).sort(byName);
  if (lines.length === 0) throw notFound(worker ? 'Worker' : 'Wage sheet');
  const source = { siteName: name, sheet, lines, today: businessToday(scope.ctx.config.timezone) };
  const body = wageSlipsPdf(source, failed(scope, 'Wage slips'));
  // One worker's slip is named after the worker; the sheet's after the site.
  const named = worker ? (lines[0]?.name ?? name) : name;
  const file = { prefix: 'wage-slips', name: named, suffix: sheet.number, fallbackName: 'site' };
  return formatDownload('pdf', file, body);
}
