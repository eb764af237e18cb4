/**
 * A material request's actions by status (`materialRequestMay`) and role: submit, approve (with
 * an optional note) and reject (a note is required) for owners, close, and "Create purchase order"
 * once approved.
 */
import {
  materialRequestMay,
  permissionsFor,
  zMaterialRequestReject,
  type MaterialRequest,
} from '@siteledger/domain';
import { Check, Lock, Send, ShoppingCart, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ActionButtons } from '../../components/record-detail/action-buttons';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { TextAreaField } from '../../components/ui/textarea-field';
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useMaterialRequestAction, type MaterialRequestActionName } from './api';

export function RequestActions({ request }: { request: MaterialRequest }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const { role } = useSession();
  const can = permissionsFor(role);
  const owner = role === 'owner';
  const submit = useMaterialRequestAction('submit');
  const close = useMaterialRequestAction('close');
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const may = (action: Parameters<typeof materialRequestMay>[0]) =>
    materialRequestMay(action, request.status);

  const run = (mutation: typeof submit, action: MaterialRequestActionName) =>
    mutation.mutate(
      { id: request.id },
      {
        onSuccess: () => toast.success(t(`materialRequests.toast.${action}`)),
        onError: (error) => toast.error(errorMessage(error, t)),
      },
    );

  return (
    <>
      <ActionButtons
        actions={[
          {
            id: 'order',
            when: can.canCreate && may('order'),
            icon: ShoppingCart,
            label: t('materialRequests.actions.createPo'),
            onClick: () =>
              void navigate(`/purchase-orders?fromRequest=${encodeURIComponent(request.id)}`),
            testId: 'request-create-po',
          },
          {
            id: 'submit',
            when: can.canCreate && may('submit'),
            icon: Send,
            label: t('materialRequests.actions.submit'),
            loading: submit.isPending,
            onClick: () => run(submit, 'submit'),
            testId: 'request-submit',
          },
          {
            id: 'approve',
            when: owner && may('approve'),
            icon: Check,
            label: t('materialRequests.actions.approve'),
            onClick: () => setDeciding('approve'),
            testId: 'request-approve',
          },
          {
            id: 'reject',
            when: owner && may('reject'),
            variant: 'secondary',
            className: 'hover:border-danger/40 hover:text-danger',
            icon: X,
            label: t('materialRequests.actions.reject'),
            onClick: () => setDeciding('reject'),
            testId: 'request-reject',
          },
          {
            id: 'close',
            when: can.canUpdate && may('close'),
            variant: 'secondary',
            icon: Lock,
            label: t('materialRequests.actions.close'),
            loading: close.isPending,
            onClick: () => run(close, 'close'),
            testId: 'request-close',
          },
        ]}
      />
      {deciding ? (
        <DecisionDialog request={request} action={deciding} onClose={() => setDeciding(null)} />
      ) : null}
    </>
  );
}

/** Approve (note optional) or reject (note required) in a small dialog. */
function DecisionDialog({
  request,
  action,
  onClose,
}: {
  request: MaterialRequest;
  action: 'approve' | 'reject';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const mutation = useMaterialRequestAction(action);
  const [notes, setNotes] = useState('');
  const [missing, setMissing] = useState(false);
  const reject = action === 'reject';

  const confirm = () => {
    if (reject && !zMaterialRequestReject.safeParse({ notes }).success) {
      setMissing(true);
      return;
    }
    mutation.mutate(
      { id: request.id, notes: notes.trim() || null },
      {
        onSuccess: () => {
          toast.success(t(`materialRequests.toast.${action}`));
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(`materialRequests.decision.${action}Title`)}
      description={t(`materialRequests.decision.${action}Description`)}
      confirmLabel={t(`materialRequests.actions.${action}`)}
      onConfirm={confirm}
      busy={mutation.isPending}
      error={mutation.isError ? errorMessage(mutation.error, t) : null}
      tone={reject ? 'danger' : 'primary'}
      testId={`request-${action}-dialog`}
    >
      <TextAreaField
        label={t(reject ? 'materialRequests.decision.reason' : 'materialRequests.decision.note')}
        optional={!reject}
        rows={3}
        value={notes}
        onChange={(event) => {
          setNotes(event.target.value);
          setMissing(false);
        }}
        error={missing ? t('materialRequests.validation.rejectReason') : undefined}
        data-testid={`request-${action}-notes`}
      />
    </ConfirmDialog>
  );
}
