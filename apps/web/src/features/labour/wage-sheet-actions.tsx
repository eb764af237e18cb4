/**
 * A wage sheet's header actions by its state and the viewer's role (wage-sheet-rules.ts):
 * Approve (owner, draft), Pay (the site's own workers: owner any unpaid, accountant approved),
 * Delete (owner, nothing paid). A contractor's sheet is paid through Payments instead.
 */
import type { WageSheet } from '@siteledger/domain';
import { Banknote, CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailDeleteButton } from '../../components/record-detail/detail-actions';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useApproveWageSheet } from '../../data/wage-sheets';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { sheetActions } from './wage-sheet-rules';

export function WageSheetActions({
  sheet,
  onPay,
  onDelete,
}: {
  sheet: WageSheet;
  onPay: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { role } = useSession();
  const actions = sheetActions(sheet, role);
  const approve = useApproveWageSheet();
  const [asking, setAsking] = useState(false);

  return (
    <>
      {actions.pay ? (
        <Button
          icon={<Banknote className="size-4" aria-hidden="true" />}
          onClick={onPay}
          data-testid="ws-pay"
        >
          {t('wageSheets.actions.pay')}
        </Button>
      ) : null}
      {actions.approve ? (
        <Button
          variant={actions.pay ? 'secondary' : 'primary'}
          icon={<CheckCircle2 className="size-4" aria-hidden="true" />}
          onClick={() => {
            approve.reset();
            setAsking(true);
          }}
          data-testid="ws-approve"
        >
          {t('wageSheets.actions.approve')}
        </Button>
      ) : null}
      {actions.remove ? <DetailDeleteButton onClick={onDelete} testId="ws-delete" /> : null}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('wageSheets.confirm.approveTitle', { number: sheet.number })}
        description={t('wageSheets.confirm.approveDescription')}
        confirmLabel={t('wageSheets.actions.approve')}
        tone="primary"
        busy={approve.isPending}
        error={approve.isError ? errorMessage(approve.error, t) : null}
        onConfirm={() => approve.mutate({ id: sheet.id }, { onSuccess: () => setAsking(false) })}
        testId="ws-approve-confirm"
      />
    </>
  );
}
