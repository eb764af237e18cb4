/**
 * /budget (issue 45): the site's totals, then its lines by cost head with the lines that need a
 * look first. Owners add, edit (with a reason when the budget moves) and delete lines; everyone
 * else reads.
 */
import { isFullBudgetLine, type FullBudgetLine } from '@siteledger/domain';
import { Building2, PiggyBank } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlainAddButton } from '../../components/plan-limit';
import { EmptyState } from '../../components/ui/empty-state';
import { FailureAlert } from '../../components/ui/failure-alert';
import { PageFrame } from '../../components/ui/page-frame';
import { useAddAction } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { useBudgetLines } from '../../data/budgets';
import { useSession } from '../../lib/session';
import { BudgetDeleteConfirm } from './budget-delete-confirm';
import { BudgetDownloads, useBudgetDownloadsShown } from './budget-downloads';
import { BudgetHeadSection } from './budget-head-section';
import { BudgetImportButton, BudgetImportDialog } from './budget-import-dialog';
import { BudgetLineDialog } from './budget-line-dialog';
import { BudgetSupervisorView } from './budget-supervisor-view';
import { BudgetTotals } from './budget-totals';
import { budgetTotals, forecastTotal, groupBudgetLines } from './budget-view';

/** A site's budget is tens of lines; the API's largest page reads it whole. */
const ALL_LINES = { page: 1, perPage: 500, sort: 'head,name' } as const;

export function BudgetPage() {
  const { t } = useTranslation();
  const isOwner = useSession().role === 'owner';
  const lines = useBudgetLines(ALL_LINES);
  const [dialog, setDialog] = useState<{ line: FullBudgetLine | null } | null>(null);
  const [deleting, setDeleting] = useState<FullBudgetLine | null>(null);
  const [importing, setImporting] = useState(false);
  const openAdd = () => setDialog({ line: null });
  useAddAction(openAdd, isOwner);
  const items = useMemo(() => lines.data?.items ?? [], [lines.data]);
  // Owners and accountants read every figure; a supervisor what the owner shares (no money).
  const full = useMemo(() => items.filter(isFullBudgetLine), [items]);
  const limited = items.length > 0 && full.length === 0;
  const groups = useMemo(() => groupBudgetLines(full), [full]);
  const downloads = useBudgetDownloadsShown(lines.data?.items);

  return (
    <div data-tour="budget-page">
      <PageFrame
        testId="page-budget"
        texts="pages.budget"
        actions={
          isOwner || downloads ? (
            <>
              {downloads ? <BudgetDownloads /> : null}
              {isOwner ? <BudgetImportButton onClick={() => setImporting(true)} /> : null}
              {isOwner ? (
                <PlainAddButton onClick={openAdd} label={t('budgets.add')} testId="budget-add" />
              ) : null}
            </>
          ) : null
        }
      >
        {lines.isError ? (
          <FailureAlert failed={lines} testId="budget-error" />
        ) : lines.isPending ? (
          <Skeleton className="h-40 w-full rounded-2xl" />
        ) : limited ? (
          <BudgetSupervisorView lines={items} />
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
              <BudgetTotals totals={{ ...budgetTotals(groups), forecast: forecastTotal(full) }} />
              {/* The way to the owner's other sites: beside the site's totals, not in the header. */}
              {isOwner ? (
                <div className="mt-3 flex justify-end">
                  <Link
                    to="/budget/overview"
                    className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
                    data-testid="budget-overview-open"
                  >
                    <Building2 className="size-4" aria-hidden="true" />
                    {t('budgets.overview.open')}
                  </Link>
                </div>
              ) : null}
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
      <BudgetImportDialog open={importing} onOpenChange={setImporting} />
    </div>
  );
}
