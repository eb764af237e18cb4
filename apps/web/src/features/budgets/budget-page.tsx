/**
 * /budget (issue 45): the site's totals, then its lines by cost head with the lines that need a
 * look first. Owners add, edit (with a reason when the budget moves) and delete lines; everyone
 * else reads.
 */
import type { BudgetLine } from '@siteledger/domain';
import { PiggyBank } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainAddButton } from '../../components/plan-limit';
import { EmptyState } from '../../components/ui/empty-state';
import { FailureAlert } from '../../components/ui/failure-alert';
import { PageFrame } from '../../components/ui/page-frame';
import { useAddAction } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { useBudgetLines } from '../../data/budgets';
import { useSession } from '../../lib/session';
import { BudgetDeleteConfirm } from './budget-delete-confirm';
import { BudgetHeadSection } from './budget-head-section';
import { BudgetLineDialog } from './budget-line-dialog';
import { BudgetTotals } from './budget-totals';
import { budgetTotals, groupBudgetLines } from './budget-view';

/** A site's budget is tens of lines; the API's largest page reads it whole. */
const ALL_LINES = { page: 1, perPage: 500, sort: 'head,name' } as const;

export function BudgetPage() {
  const { t } = useTranslation();
  const isOwner = useSession().role === 'owner';
  const lines = useBudgetLines(ALL_LINES);
  const [dialog, setDialog] = useState<{ line: BudgetLine | null } | null>(null);
  const [deleting, setDeleting] = useState<BudgetLine | null>(null);
  const openAdd = () => setDialog({ line: null });
  useAddAction(openAdd, isOwner);
  const groups = useMemo(() => groupBudgetLines(lines.data?.items ?? []), [lines.data]);

  return (
    <div data-tour="budget-page">
      <PageFrame
        testId="page-budget"
        texts="pages.budget"
        actions={
          isOwner ? (
            <PlainAddButton onClick={openAdd} label={t('budgets.add')} testId="budget-add" />
          ) : null
        }
      >
        {lines.isError ? (
          <FailureAlert failed={lines} testId="budget-error" />
        ) : lines.isPending ? (
          <Skeleton className="h-40 w-full rounded-2xl" />
        ) : groups.length === 0 ? (
          <EmptyState
            icon={<PiggyBank />}
            title={t('budgets.empty.title')}
            description={t(isOwner ? 'budgets.empty.description' : 'budgets.empty.readOnly')}
            testId="budget-empty"
          />
        ) : (
          <>
            <section
              aria-label={t('budgets.totals.label')}
              className="rounded-2xl border border-border bg-surface p-4 shadow-card sm:p-6"
              data-tour="budget-totals"
            >
              <BudgetTotals totals={budgetTotals(groups)} />
            </section>
            <div className="space-y-6" data-tour="budget-lines">
              {groups.map((group) => (
                <BudgetHeadSection
                  key={group.head}
                  group={group}
                  onEdit={isOwner ? (line) => setDialog({ line }) : undefined}
                  onDelete={isOwner ? setDeleting : undefined}
                />
              ))}
            </div>
          </>
        )}
      </PageFrame>
      <BudgetLineDialog
        open={dialog !== null}
        onOpenChange={(open) => (open ? undefined : setDialog(null))}
        line={dialog?.line ?? null}
      />
      <BudgetDeleteConfirm line={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
