/**
 * The owner's approvals (issue 46): the site's pending petty expenses as cards, each approved or
 * rejected on its own, or all of them in turn ("Approve all"), after which a summary says how many
 * were approved, how many were left waiting for a bill photo (not sent: the server would refuse
 * them) and which were refused and why.
 */
import { isOwner, sumRupees } from '@siteledger/domain';
import { CheckCheck, Inbox } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { FailureAlert } from '../../components/ui/failure-alert';
import { Skeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { formatRupees } from '../../lib/format';
import { useSession } from '../../lib/session';
import type { PettyExpense } from '@siteledger/domain';
import { useImprests, usePettyExpenses } from '../../data/petty';
import { useApproveInTurn } from './petty-admin-api';
import {
  approvable,
  approvalSummary,
  approveOneByOne,
  type ApprovalSummary,
} from './petty-admin-approve-all';
import { PettyApprovalSummary } from './petty-admin-approval-summary';
import { PettyExpenseCard } from './petty-admin-expense-card';
import { PettyRejectDialog } from './petty-admin-reject-dialog';

export function PettyApprovalsTab() {
  const { t } = useTranslation();
  const toast = useToast();
  const owner = isOwner(useSession().role);
  const pending = usePettyExpenses({
    status: 'pending',
    sort: 'expense_date,created',
    perPage: 200,
  });
  const holders = useHolderNames();
  const { approveOne, refresh } = useApproveInTurn();
  const [approving, setApproving] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<PettyExpense | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [summary, setSummary] = useState<ApprovalSummary | null>(null);
  const items = pending.data?.items ?? [];
  // What approve all sends: the ones waiting for a bill photo stay.
  const sendable = approvable(items);
  const photoWaiting = items.length - sendable.length;
  const running = progress !== null;

  const approve = async (expense: PettyExpense) => {
    setApproving(expense.id);
    try {
      await approveOne(expense.id);
      toast.success(t('pettyAdmin.approvals.approved', { description: expense.description }));
    } catch (error) {
      toast.error(errorMessage(error, t));
    } finally {
      setApproving(null);
      void refresh();
    }
  };

  const approveAll = async () => {
    setConfirmAll(false);
    setSummary(null);
    setProgress(0);
    const outcomes = await approveOneByOne(items, approveOne, t, setProgress);
    setProgress(null);
    setSummary(approvalSummary(outcomes));
    void refresh();
  };

  if (pending.isPending) return <Skeleton className="h-48 w-full rounded-2xl" />;
  return (
    <div className="space-y-4" data-testid="petty-approvals" data-tour="petty-approvals">
      <FailureAlert failed={pending} testId="petty-approvals-error" />
      {summary ? (
        <PettyApprovalSummary summary={summary} onDismiss={() => setSummary(null)} />
      ) : null}
      {items.length === 0 && !pending.isError ? (
        <EmptyState
          icon={<Inbox aria-hidden="true" />}
          title={t('pettyAdmin.approvals.empty')}
          description={t('pettyAdmin.approvals.emptyHint')}
          testId="petty-approvals-empty"
        />
      ) : null}
      {items.length > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-fg-muted" data-testid="petty-approvals-count">
            {t('pettyAdmin.approvals.waiting', {
              count: items.length,
              amount: formatRupees(sumRupees(items.map((item) => item.amount))),
            })}
          </p>
          {owner ? (
            <Button
              size="lg"
              className="w-full sm:w-auto"
              icon={<CheckCheck className="size-4" aria-hidden="true" />}
              loading={running}
              disabled={running || approving !== null || sendable.length === 0}
              onClick={() => setConfirmAll(true)}
              data-testid="petty-approve-all"
            >
              {running
                ? t('pettyAdmin.approvals.approvingAll', { done: progress, count: sendable.length })
                : t('pettyAdmin.approvals.approveAll')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" data-testid="petty-approvals-list">
        {items.map((expense) => (
          <PettyExpenseCard
            key={expense.id}
            expense={expense}
            holderName={holders.get(expense.imprest) ?? t('pettyAdmin.unknownHolder')}
            busy={approving === expense.id}
            disabled={!owner || running || (approving !== null && approving !== expense.id)}
            onApprove={() => void approve(expense)}
            onReject={() => setRejecting(expense)}
          />
        ))}
      </ul>
      <PettyRejectDialog expense={rejecting} onClose={() => setRejecting(null)} />
      <ConfirmDialog
        open={confirmAll}
        onOpenChange={setConfirmAll}
        tone="primary"
        title={t('pettyAdmin.approvals.confirmTitle', { count: sendable.length })}
        description={[
          t('pettyAdmin.approvals.confirmBody', {
            count: sendable.length,
            amount: formatRupees(sumRupees(sendable.map((item) => item.amount))),
          }),
          photoWaiting > 0 ? t('pettyAdmin.approvals.confirmSkipped', { count: photoWaiting }) : '',
        ]
          .filter(Boolean)
          .join(' ')}
        confirmLabel={t('pettyAdmin.approvals.approveAll')}
        onConfirm={() => void approveAll()}
        testId="petty-approve-all-dialog"
      />
    </div>
  );
}

/** Imprest id → its holder's name (an expense names its imprest, the imprest its holder). */
function useHolderNames(): Map<string, string> {
  const imprests = useImprests({ perPage: 200 });
  return useMemo(
    () =>
      new Map(
        (imprests.data?.items ?? []).map((imprest) => [imprest.id, imprest.holder_name ?? '']),
      ),
    [imprests.data],
  );
}
