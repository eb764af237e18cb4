import {
  canTransition,
  isRefundableReturnStatus,
  returnLinesEditProblem,
  type Permissions,
  type VendorReturn,
} from '@siteledger/domain';
import { Ban, CheckCheck, CircleCheck, IndianRupee, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { useReturnAction, type ReturnAction } from './api';

const ACTION_ICONS: Record<ReturnAction, ReactNode> = {
  approve: <CircleCheck className="size-4" aria-hidden="true" />,
  reject: <Ban className="size-4" aria-hidden="true" />,
  complete: <CheckCheck className="size-4" aria-hidden="true" />,
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
        {can.canUpdate
          ? (['approve', 'reject', 'complete'] as const)
              .filter((name) => canTransition(name, r.status))
              .map((name) => (
                <Button
                  key={name}
                  variant={name === 'reject' ? 'secondary' : 'primary'}
                  icon={ACTION_ICONS[name]}
                  loading={action.isPending && action.variables === name}
                  disabled={action.isPending}
                  onClick={() => run(name)}
                  data-testid={`return-${name}`}
                >
                  {t(`vendorReturns.actions.${name}`)}
                </Button>
              ))
          : null}
        {can.canUpdate && returnLinesEditProblem(r.status) === null ? (
          <Button
            variant="secondary"
            icon={<Pencil className="size-4" aria-hidden="true" />}
            onClick={onEdit}
            data-testid="return-edit-open"
          >
            {t('returns.edit.open')}
          </Button>
        ) : null}
        {can.canUpdate && can.canViewFinancials && isRefundableReturnStatus(r.status) ? (
          <Button
            variant="secondary"
            icon={<IndianRupee className="size-4" aria-hidden="true" />}
            onClick={onRefund}
            data-testid="return-record-refund"
          >
            {t('vendorReturns.actions.recordRefund')}
          </Button>
        ) : null}
        {can.canDelete ? (
          <Button
            variant="ghost"
            className="ml-auto hover:text-danger"
            icon={<Trash2 className="size-4" aria-hidden="true" />}
            onClick={onDelete}
            data-testid="return-delete"
          >
            {t('kit.actions.delete')}
          </Button>
        ) : null}
      </div>
    </>
  );
}
