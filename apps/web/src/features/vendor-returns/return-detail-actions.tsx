import {
  canTransition,
  isRefundableReturnStatus,
  returnLinesEditProblem,
  type Permissions,
  type VendorReturn,
} from '@siteledger/domain';
import {
  Ban,
  CheckCheck,
  CircleCheck,
  IndianRupee,
  Pencil,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { ActionButtons } from '../../components/record-detail/action-buttons';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { useReturnAction, type ReturnAction } from './api';

const ACTION_ICONS: Record<ReturnAction, LucideIcon> = {
  approve: CircleCheck,
  reject: Ban,
  complete: CheckCheck,
};

/** What may be done with a return now: approve/reject/complete, edit lines, refund, delete. */
export function ReturnActions({
  record: r,
  can,
  onEdit,
  onRefund,
  onDelete,
}: {
  record: VendorReturn;
  can: Permissions;
  onEdit: () => void;
  onRefund: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const action = useReturnAction(r.id);

  const run = (name: ReturnAction) =>
    action.mutate(name, {
      onSuccess: () => toast.success(t(`vendorReturns.toast.${name}`)),
    });

  return (
    <>
      {action.isError ? <Alert tone="error">{errorMessage(action.error, t)}</Alert> : null}
      <div className="flex flex-wrap gap-2 border-t border-border pt-4">
        <ActionButtons
          actions={[
            ...(['approve', 'reject', 'complete'] as const).map((name) => ({
              id: name,
              when: can.canUpdate && canTransition(name, r.status),
              variant: name === 'reject' ? ('secondary' as const) : ('primary' as const),
              icon: ACTION_ICONS[name],
              label: t(`vendorReturns.actions.${name}`),
              loading: action.isPending && action.variables === name,
              disabled: action.isPending,
              onClick: () => run(name),
              testId: `return-${name}`,
            })),
            {
              id: 'edit',
              when: can.canUpdate && returnLinesEditProblem(r.status) === null,
              variant: 'secondary',
              icon: Pencil,
              label: t('returns.edit.open'),
              onClick: onEdit,
              testId: 'return-edit-open',
            },
            {
              id: 'refund',
              when: can.canUpdate && can.canViewFinancials && isRefundableReturnStatus(r.status),
              variant: 'secondary',
              icon: IndianRupee,
              label: t('vendorReturns.actions.recordRefund'),
              onClick: onRefund,
              testId: 'return-record-refund',
            },
            {
              id: 'delete',
              when: can.canDelete,
              variant: 'ghost',
              className: 'ml-auto hover:text-danger',
              icon: Trash2,
              label: t('kit.actions.delete'),
              onClick: onDelete,
              testId: 'return-delete',
            },
          ]}
        />
      </div>
    </>
  );
}
