/**
 * A line's budget revisions, newest first, in a closed disclosure: original → revised, why (the
 * reason the owner gave in the edit dialog), when and by whom.
 */
import type { BudgetLine } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { formatRupees } from '../../lib/format';
import { formatTimestamp } from '../../lib/dates';

export function BudgetRevisions({ revisions }: { revisions: BudgetLine['revisions'] }) {
  const { t, i18n } = useTranslation();
  if (revisions.length === 0) return null;
  const newestFirst = [...revisions].sort((a, b) => b.created.localeCompare(a.created));
  return (
    <details className="group text-sm" data-testid="budget-line-revisions">
      <summary className="cursor-pointer select-none rounded text-fg-muted hover:text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring">
        {t('budgets.revisions.title', { count: revisions.length })}
      </summary>
      <ol className="mt-2 space-y-2 border-l-2 border-border pl-3">
        {newestFirst.map((revision) => (
          <li key={revision.id} className="min-w-0">
            <p className="font-medium tabular-nums text-fg">
              {t('budgets.revisions.change', {
                from: formatRupees(revision.old_amount),
                to: formatRupees(revision.new_amount),
              })}
            </p>
            <p className="break-words text-fg-muted">
              {revision.reason ?? t('budgets.revisions.noReason')}
            </p>
            <p className="text-xs text-fg-subtle" data-testid="budget-revision-meta">
              {formatTimestamp(revision.created, i18n.language)}
              {/* Nothing when the person is gone (the answer's name is null then). */}
              {revision.changed_by_name
                ? ` · ${t('budgets.revisions.by', { name: revision.changed_by_name })}`
                : null}
            </p>
          </li>
        ))}
      </ol>
    </details>
  );
}
