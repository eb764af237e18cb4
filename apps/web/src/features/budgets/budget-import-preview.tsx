/**
 * What a BOQ file would create (issue 45, BOQ import), as the server judged it: how many lines,
 * how many rows are skipped, the total, then each row with its errors (red) and notes (amber).
 * The table scrolls inside its own box, so a phone never scrolls the page sideways.
 */
import type { BudgetImportIssue, BudgetImportResult, BudgetImportRow } from '@siteledger/domain';
import { AlertCircle, CheckCircle2, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { formatRupees, numberFormat } from '../../lib/format';

/** The message in the person's language (the server's English when the code is new to us). */
function useIssueText() {
  const { t, i18n } = useTranslation();
  return (issue: BudgetImportIssue) => {
    const key = `budgetImport.issues.${issue.code}`;
    return i18n.exists(key) ? t(key, issue.params ?? {}) : issue.message;
  };
}

export function BudgetImportSummary({ result }: { result: BudgetImportResult }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-1 text-sm" data-testid="budget-import-counts" aria-live="polite">
      <p className="flex items-center gap-2 font-semibold text-fg">
        <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden="true" />
        <span data-testid="budget-import-valid">
          {t('budgetImport.counts.valid', { count: result.valid })}
        </span>
      </p>
      <p className="pl-6 text-fg-muted">
        {t('budgetImport.counts.total', { amount: formatRupees(result.total_budget) })}
      </p>
      {result.invalid > 0 ? (
        <p className="flex items-center gap-2 text-danger" data-testid="budget-import-invalid">
          <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
          {t('budgetImport.counts.invalid', { count: result.invalid })}
        </p>
      ) : null}
    </div>
  );
}

// Quantities keep three decimals (12,500.5 kg; 0.125 MT).
const num = (value: number | null) => (value === null ? '—' : numberFormat(3).format(value));
const money = (value: number | null) => (value === null ? '—' : formatRupees(value));
const cell = 'px-3 py-2 align-top';

function IssueList({
  issues,
  tone,
}: {
  issues: readonly BudgetImportIssue[];
  tone: 'error' | 'warning';
}) {
  const text = useIssueText();
  const Icon = tone === 'error' ? AlertCircle : TriangleAlert;
  return (
    <ul className="space-y-0.5">
      {issues.map((issue, index) => (
        <li
          key={`${issue.field}-${issue.code}-${index}`}
          className={cn(
            'flex gap-1.5 text-xs leading-snug',
            tone === 'error' ? 'text-danger' : 'text-warning-soft-fg',
          )}
          data-testid={`budget-import-${tone}`}
          data-code={issue.code}
        >
          <Icon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          <span>{text(issue)}</span>
        </li>
      ))}
    </ul>
  );
}

function PreviewRow({ row }: { row: BudgetImportRow }) {
  const { t } = useTranslation();
  const bad = row.errors.length > 0;
  const notes = bad || row.warnings.length > 0;
  return (
    <tbody
      className={cn('border-t border-border', bad && 'bg-danger-soft/40')}
      data-testid={`budget-import-row-${row.row}`}
      data-state={bad ? 'error' : 'ok'}
    >
      <tr>
        <td className={cn(cell, 'tabular-nums text-fg-muted')}>{row.row}</td>
        <td className={cell}>{row.head ? t(`budgets.heads.${row.head}`) : '—'}</td>
        <td className={cn(cell, 'min-w-40')}>
          <span className="font-medium text-fg">{row.name || '—'}</span>
          {row.item_name ? (
            <span className="block text-xs text-fg-muted">
              {t('budgetImport.itemLinked', { name: row.item_name })}
            </span>
          ) : null}
        </td>
        <td className={cell}>{row.unit ?? '—'}</td>
        <td className={cn(cell, 'text-right tabular-nums')}>{num(row.quantity)}</td>
        <td className={cn(cell, 'text-right tabular-nums')}>{money(row.unit_rate)}</td>
        <td className={cn(cell, 'text-right font-medium tabular-nums')}>{money(row.amount)}</td>
      </tr>
      {notes ? (
        <tr>
          <td colSpan={7} className="px-3 pb-2 pt-0">
            {/* Kept in view at the box's left edge while the wide table scrolls sideways. */}
            <div className="sticky left-3 max-w-[calc(100cqw-1.5rem)] space-y-1">
              <IssueList issues={row.errors} tone="error" />
              <IssueList issues={row.warnings} tone="warning" />
            </div>
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}

export function BudgetImportTable({
  result,
  fileName,
}: {
  result: BudgetImportResult;
  fileName: string;
}) {
  const { t } = useTranslation();
  const head = 'px-3 py-2 font-medium';
  return (
    <div
      className="@container max-h-[min(50dvh,28rem)] overflow-auto rounded-xl border border-border"
      role="region"
      aria-label={t('budgetImport.tableLabel', { name: fileName })}
      tabIndex={0}
      data-testid="budget-import-table"
    >
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
        <thead className="sticky top-0 z-10 bg-surface-muted text-xs text-fg-muted">
          <tr>
            <th className={head}>{t('budgetImport.columns.row')}</th>
            <th className={head}>{t('budgetImport.columns.head')}</th>
            <th className={head}>{t('budgetImport.columns.name')}</th>
            <th className={head}>{t('budgetImport.columns.unit')}</th>
            <th className={cn(head, 'text-right')}>{t('budgetImport.columns.quantity')}</th>
            <th className={cn(head, 'text-right')}>{t('budgetImport.columns.rate')}</th>
            <th className={cn(head, 'text-right')}>{t('budgetImport.columns.budget')}</th>
          </tr>
        </thead>
        {result.rows.map((row) => (
          <PreviewRow key={row.row} row={row} />
        ))}
      </table>
    </div>
  );
}
