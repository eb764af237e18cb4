/**
 * A petty cash holder's statement (issue 46) as PDF or Excel, laid out as the account statement:
 * money given to the holder (issued, replenished) as credits, what he spent as debits, the cash in
 * his hand as the running balance. The figures are the statement the petty module computed
 * (app.ts hands this writer to its route), so the file and the screen cannot differ.
 */
import {
  formatInr,
  toPaise,
  type ImprestStatement,
  type ImprestStatementEntry,
} from '@siteledger/domain';
import { formatDownload, rangeSuffix, type Download } from '../../documents/download.js';
import { findSiteName } from './statement-repo.js';
import { businessToday } from '../../platform/business-time.js';
import type { SiteScope } from '../../platform/scope.js';
import type { PeriodLine, PeriodSource } from './period-source.js';
import { statementFile } from './pdf/pdf-exports.js';
import { ledgerXlsx, type LedgerKey } from './xlsx/xlsx-exports.js';
import type { XlsxColumn } from '../../documents/xlsx-writer.js';

interface PettyLine extends PeriodLine {
  kind: ImprestStatementEntry['kind'];
  description: string;
  status: ImprestStatementEntry['status'];
}

const KIND_LABELS: Record<PettyLine['kind'], string> = {
  issued: 'Issued',
  expense: 'Expense',
  replenished: 'Replenished',
};

/** The kind, and for an expense its status when it is not (yet) counted as approved. */
function kindText(line: PettyLine): string {
  const label = KIND_LABELS[line.kind];
  if (line.status === 'pending') return `${label} (pending)`;
  if (line.status === 'rejected') return `${label} (rejected)`;
  return label;
}

const NOTE =
  'Balance = cash in the holder’s hand: issued + replenished − spent (negative: owed to the holder).';

const COLUMNS: XlsxColumn<LedgerKey>[] = [
  { key: 'date', header: 'Date', kind: 'date' },
  { key: 'kind', header: 'Type', kind: 'text', width: 20 },
  { key: 'description', header: 'Description', kind: 'text', width: 44 },
  { key: 'debit', header: 'Spent', kind: 'money', total: true },
  { key: 'credit', header: 'Received', kind: 'money', total: true },
  { key: 'balance', header: 'Balance', kind: 'money' },
];

function sourceOf(
  statement: ImprestStatement,
  siteName: string,
  today: string,
): PeriodSource<PettyLine> {
  const lines: PettyLine[] = statement.entries.map((e) => ({
    date: e.date,
    reference: null,
    debit: toPaise(e.amount_out),
    credit: toPaise(e.amount_in),
    balance: toPaise(e.balance),
    kind: e.kind,
    description: e.description,
    status: e.status,
  }));
  return {
    siteName,
    from: statement.from ?? undefined,
    to: statement.to ?? undefined,
    today,
    opening: toPaise(statement.opening_balance),
    closing: toPaise(statement.closing_balance),
    count: lines.length,
    lines: async function* () {
      yield lines;
    },
  };
}

/** GET …/imprests/{id}/statement?format=pdf|xlsx */
export async function imprestStatementDownload(
  scope: SiteScope,
  statement: ImprestStatement,
  format: 'pdf' | 'xlsx',
): Promise<Download> {
  const { ctx } = scope;
  const siteName = (await findSiteName(ctx.db.kysely, scope.siteId)) ?? '';
  const today = businessToday(ctx.config.timezone);
  const source = sourceOf(statement, siteName, today);
  const holder = statement.imprest.holder_name ?? '';
  const onError = (error: unknown) =>
    ctx.logger.error({ err: error, imprest: statement.imprest.id }, 'petty statement failed');
  const body =
    format === 'pdf'
      ? statementFile(
          source,
          {
            title: 'Petty cash statement',
            partyLabel: 'Holder',
            partyName: holder,
            partyDetails: [`Imprest level: ${formatInr(toPaise(statement.imprest.amount))}`],
            note: NOTE,
            kindLabel: 'Type / Description',
            figures: [],
            describe: (line) => ({ kind: kindText(line), detail: line.description }),
          },
          onError,
        )
      : ledgerXlsx(
          source,
          {
            title: 'Petty cash statement',
            note: NOTE,
            columns: COLUMNS,
            labelKey: 'description',
            party: `Holder: ${holder}`,
            format: (line) => ({ kind: kindText(line), description: line.description }),
          },
          onError,
        );
  const suffix = rangeSuffix(statement.from ?? undefined, statement.to ?? undefined, today);
  return formatDownload(
    format,
    { prefix: 'petty-cash', name: holder, suffix, fallbackName: 'holder' },
    body,
  );
}
