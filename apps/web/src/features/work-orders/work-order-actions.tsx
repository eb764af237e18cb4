/**
 * A work order's header actions, by status and role (API.md "Work orders and RA bills"): New RA
 * bill (issued), Issue (owner, draft), Pay advance (issued, an advance agreed), Add variation
 * (owner, issued), Release retention (owner, completed, something held), Cancel (nothing billed),
 * Edit and Delete (drafts).
 */
import { permissionsFor, type WorkOrder } from '@siteledger/domain';
import { Ban, Banknote, FilePlus2, FileText, PencilRuler, Send, Unlock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DetailDeleteButton,
  DetailEditButton,
} from '../../components/record-detail/detail-actions';
import {
  OverBudgetNotice,
  overBudgetOf,
  useBudgetWarningToast,
} from '../../components/budget-issue';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { errorMessage } from '../../lib/api-client';
import { usePlanLimit } from '../../lib/subscription-api';
import { useSession } from '../../lib/session';
import { useLimitReasonText } from '../../components/plan-limit';
import { useCancelWorkOrder, useIssueWorkOrder, useWorkOrderPdfUrl } from './api';
import { woNumber } from './wo-labels';

export type WoDialog = 'bill' | 'advance' | 'variation' | 'retention';
type Step = 'issue' | 'cancel';

export function WorkOrderActions({
  order,
  onOpen,
  onEdit,
  onDelete,
  billWaiting = false,
}: {
  order: WorkOrder;
  /** A new bill of this order waits in the offline queue: the next one follows once it is sent. */
  billWaiting?: boolean;
  onOpen: (dialog: WoDialog) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { role } = useSession();
  const can = permissionsFor(role);
  const owner = role === 'owner';
  const issue = useIssueWorkOrder();
  const cancel = useCancelWorkOrder();
  const [asking, setAsking] = useState<Step | null>(null);
  const step = asking === 'cancel' ? cancel : issue;
  const warnBudget = useBudgetWarningToast();
  const overBudget = asking === 'issue' ? overBudgetOf(issue.error) : null;
  const issueOrder = (overrideBudget: boolean) =>
    issue.mutate(
      { id: order.id, ...(overrideBudget ? { body: { override_budget: true } } : {}) },
      {
        onSuccess: (answer) => {
          setAsking(null);
          warnBudget(answer);
        },
      },
    );
  const billed = order.billed_amount > 0;
  const issued = order.status === 'issued';
  const draft = order.status === 'draft';
  // Whoever sees the money pays (accountants too: POST …/work_orders/{id}/advance).
  const pays = can.canViewFinancials;
  const pdfUrl = useWorkOrderPdfUrl();
  // RA bills count against the plan: a month's cap reached locks "New RA bill" with the reason.
  const billLimit = usePlanLimit('ra_bills');
  const billLimitReason = useLimitReasonText('ra_bills', billLimit);

  const buttons = [
    {
      id: 'bill',
      when: can.canCreate && issued,
      icon: FilePlus2,
      primary: true,
      run: () => onOpen('bill'),
    },
    { id: 'issue', when: owner && draft, icon: Send, primary: true, run: () => setAsking('issue') },
    {
      id: 'advance',
      when: pays && issued && order.advance_amount > order.advance_paid,
      icon: Banknote,
      run: () => onOpen('advance'),
    },
    { id: 'variation', when: owner && issued, icon: PencilRuler, run: () => onOpen('variation') },
    {
      id: 'retention',
      when: owner && order.status === 'completed' && order.retention_held > 0,
      icon: Unlock,
      run: () => onOpen('retention'),
    },
    {
      id: 'cancel',
      when: can.canUpdate && !billed && (draft || issued),
      icon: Ban,
      run: () => setAsking('cancel'),
    },
  ] as const;

  return (
    <>
      {buttons
        .filter((button) => button.when)
        .map(({ id, icon: Icon, run, ...button }) => (
          <Button
            key={id}
            variant={'primary' in button ? 'primary' : 'secondary'}
            icon={<Icon className="size-4" aria-hidden="true" />}
            onClick={run}
            {...(id === 'bill' && billLimit.blocked
              ? {
                  disabled: true,
                  title: billLimitReason,
                  'data-limit-reason': billLimit.reason ?? undefined,
                }
              : {})}
            {...(id === 'bill' && billWaiting && !billLimit.blocked
              ? { disabled: true, title: t('workOrders.raBill.waitingBlock') }
              : {})}
            data-testid={`wo-${id}`}
          >
            {t(`workOrders.actions.${id}`)}
          </Button>
        ))}
      {can.canExport ? (
        <Button
          variant="secondary"
          icon={<FileText className="size-4" aria-hidden="true" />}
          onClick={() => window.open(pdfUrl(order), '_blank', 'noopener')}
          data-testid="wo-pdf"
        >
          {t('workOrders.actions.pdf')}
        </Button>
      ) : null}
      {can.canUpdate && draft ? (
        <DetailEditButton onClick={onEdit} testId="wo-detail-edit" />
      ) : null}
      {can.canDelete && draft ? (
        <DetailDeleteButton onClick={onDelete} testId="wo-detail-delete" />
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={asking ? t(`workOrders.confirm.${asking}.title`) : ''}
        description={
          asking
            ? t(`workOrders.confirm.${asking}.description`, { number: woNumber(t, order) })
            : ''
        }
        confirmLabel={asking ? t(`workOrders.actions.${asking}`) : ''}
        tone={asking === 'cancel' ? 'danger' : 'primary'}
        busy={step.isPending}
        error={step.isError && !overBudget ? errorMessage(step.error, t) : null}
        onConfirm={() =>
          asking === 'issue'
            ? issueOrder(false)
            : cancel.mutate({ id: order.id }, { onSuccess: () => setAsking(null) })
        }
        testId="wo-confirm"
      >
        {overBudget ? (
          <OverBudgetNotice
            warnings={overBudget}
            owner={owner}
            busy={issue.isPending}
            onIssueAnyway={() => issueOrder(true)}
            testId="wo-over-budget"
          />
        ) : null}
      </ConfirmDialog>
    </>
  );
}
