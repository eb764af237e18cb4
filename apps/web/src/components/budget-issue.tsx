/**
 * Issuing an order against the budget (issue 45, API.md "Budgets"), for the purchase-order and
 * work-order actions alike: the `budget_warnings` of an issue's reply as a warning toast, and
 * the 409 OVER_BUDGET of a site set to "block" as a notice with the owner's "Issue anyway"
 * (which sends `{ override_budget: true }`).
 */
import { useTranslation } from 'react-i18next';
import { useBudgetLines } from '../data/budgets';
import { isApiError } from '../lib/api-client';
import { formatRupees } from '../lib/format';
import { toast } from '../lib/toast-store';
import { Alert } from './ui/alert';
import { Button } from './ui/button';

export interface BudgetWarning {
  budget_line: string;
  budget: number;
  committed: number;
  actual: number;
  this_order: number;
}

function isWarning(value: unknown): value is BudgetWarning {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.budget_line === 'string' &&
    ['budget', 'committed', 'actual', 'this_order'].every((key) => typeof record[key] === 'number')
  );
}

/** The warnings an issue's reply (or a refusal's data) carries; none when it carries none. */
export function budgetWarningsOf(answer: unknown): BudgetWarning[] {
  if (typeof answer !== 'object' || answer === null || !('budget_warnings' in answer)) return [];
  const warnings = answer.budget_warnings;
  return Array.isArray(warnings) ? warnings.filter(isWarning) : [];
}

/** A 409 OVER_BUDGET's warnings, or null for any other outcome. */
export function overBudgetOf(error: unknown): BudgetWarning[] | null {
  if (!isApiError(error) || error.code !== 'OVER_BUDGET') return null;
  return budgetWarningsOf(error.data);
}

/** Each warning as a sentence, the budget line by its name once the lines are read. */
function useWarningText() {
  const { t } = useTranslation();
  const lines = useBudgetLines({ page: 1, perPage: 500, sort: 'head,name' });
  return (warning: BudgetWarning) =>
    t('budgets.warnings.line', {
      name: lines.data?.items.find((line) => line.id === warning.budget_line)?.name ?? '—',
      budget: formatRupees(warning.budget),
      committed: formatRupees(warning.committed),
      actual: formatRupees(warning.actual),
      order: formatRupees(warning.this_order),
    });
}

/** Returns what to call with an issue's reply: a warning toast when it went past a budget. */
export function useBudgetWarningToast() {
  const { t } = useTranslation();
  const text = useWarningText();
  return (answer: unknown) => {
    const warnings = budgetWarningsOf(answer);
    if (warnings.length === 0) return;
    toast.warning(`${t('budgets.warnings.title')}: ${warnings.map(text).join('; ')}`);
  };
}

/**
 * Inside the issue confirmation when the server refused it over budget: what is past its
 * budget, and for an owner "Issue anyway".
 */
export function OverBudgetNotice({
  warnings,
  owner,
  busy,
  onIssueAnyway,
  testId,
}: {
  warnings: readonly BudgetWarning[];
  owner: boolean;
  busy: boolean;
  onIssueAnyway: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const text = useWarningText();
  return (
    <Alert tone="error" title={t('budgets.warnings.blockedTitle')} testId={testId}>
      <p>{t('budgets.warnings.blockedDescription')}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-4">
        {warnings.map((warning) => (
          <li key={warning.budget_line} className="break-words">
            {text(warning)}
          </li>
        ))}
      </ul>
      {owner ? (
        <Button
          variant="danger"
          size="sm"
          className="mt-3"
          loading={busy}
          onClick={onIssueAnyway}
          data-testid={`${testId}-override`}
        >
          {t('budgets.warnings.issueAnyway')}
        </Button>
      ) : (
        <p className="mt-1">{t('budgets.warnings.ownerOnly')}</p>
      )}
    </Alert>
  );
}
