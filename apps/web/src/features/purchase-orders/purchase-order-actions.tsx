/**
 * A purchase order's header actions, by status (the domain's `purchaseOrderMay`) and role: Edit,
 * Issue (owners), Record delivery, Cancel, Close, Delete (drafts, owners), Open PDF and — where the
 * phone can put files into its share sheet — Share PDF.
 */
import { permissionsFor, purchaseOrderMay, type PurchaseOrder } from '@siteledger/domain';
import { Ban, FileText, PackageCheck, Send, Share2, Truck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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
import { useToast } from '../../components/ui/toast-context';
import { errorMessage } from '../../lib/api-client';
import { canShareFiles, shareOrSave } from '../../lib/downloads';
import { useSession } from '../../lib/session';
import {
  useFetchPurchaseOrderPdf,
  usePurchaseOrderAction,
  usePurchaseOrderPdfUrl,
  type PurchaseOrderStep,
} from './api';
import { poNumber } from './po-labels';

const ICONS = { issue: Send, cancel: Ban, close: PackageCheck } as const;

export function PurchaseOrderActions({
  order,
  onEdit,
  onDelete,
}: {
  order: PurchaseOrder;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role } = useSession();
  const can = permissionsFor(role);
  const step = usePurchaseOrderAction();
  const [asking, setAsking] = useState<PurchaseOrderStep | null>(null);
  const warnBudget = useBudgetWarningToast();
  const overBudget = overBudgetOf(step.error);
  const run = (action: PurchaseOrderStep, overrideBudget = false) =>
    step.mutate(
      { id: order.id, action, overrideBudget },
      {
        onSuccess: (answer) => {
          setAsking(null);
          warnBudget(answer);
        },
      },
    );
  const received = order.lines.some((line) => line.received_quantity > 0);
  const steps: PurchaseOrderStep[] = [];
  if (role === 'owner' && purchaseOrderMay('issue', order.status)) steps.push('issue');
  if (can.canUpdate && purchaseOrderMay('close', order.status)) steps.push('close');
  if (can.canUpdate && !received && purchaseOrderMay('cancel', order.status)) steps.push('cancel');
  const editable = can.canUpdate && purchaseOrderMay('edit', order.status);
  const deletable = can.canDelete && order.status === 'draft';
  const receivable = can.canCreate && purchaseOrderMay('receive', order.status);

  return (
    <>
      {receivable && order.status !== 'received' ? (
        <Button
          icon={<Truck className="size-4" aria-hidden="true" />}
          onClick={() => void navigate(`/deliveries?fromPo=${encodeURIComponent(order.id)}`)}
          data-testid="po-record-delivery"
        >
          {t('purchaseOrders.actions.recordDelivery')}
        </Button>
      ) : null}
      {steps.map((action) => {
        const Icon = ICONS[action];
        return (
          <Button
            key={action}
            variant={action === 'issue' ? 'primary' : 'secondary'}
            icon={<Icon className="size-4" aria-hidden="true" />}
            onClick={() => {
              step.reset();
              setAsking(action);
            }}
            data-testid={`po-${action}`}
          >
            {t(`purchaseOrders.actions.${action}`)}
          </Button>
        );
      })}
      {editable ? <DetailEditButton onClick={onEdit} testId="po-detail-edit" /> : null}
      {can.canExport ? <PdfButtons order={order} /> : null}
      {deletable ? <DetailDeleteButton onClick={onDelete} testId="po-detail-delete" /> : null}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={asking ? t(`purchaseOrders.confirm.${asking}.title`) : ''}
        description={
          asking
            ? t(`purchaseOrders.confirm.${asking}.description`, { number: poNumber(t, order) })
            : ''
        }
        confirmLabel={asking ? t(`purchaseOrders.actions.${asking}`) : ''}
        tone={asking === 'cancel' ? 'danger' : 'primary'}
        busy={step.isPending}
        error={step.isError && !overBudget ? errorMessage(step.error, t) : null}
        onConfirm={() => {
          if (asking) run(asking);
        }}
        testId="po-confirm"
      >
        {overBudget ? (
          <OverBudgetNotice
            warnings={overBudget}
            owner={role === 'owner'}
            busy={step.isPending}
            onIssueAnyway={() => run('issue', true)}
            testId="po-over-budget"
          />
        ) : null}
      </ConfirmDialog>
    </>
  );
}

/**
 * "Open PDF" (in a new tab, as the browser shows PDFs) and, on phones that share files, "Share
 * PDF" (WhatsApp in two taps).
 */
function PdfButtons({ order }: { order: PurchaseOrder }) {
  const { t } = useTranslation();
  const toast = useToast();
  const fetchPdf = useFetchPurchaseOrderPdf();
  const pdfUrl = usePurchaseOrderPdfUrl();
  const [busy, setBusy] = useState<'share' | null>(null);
  const shareable = canShareFiles();
  const open = () => window.open(pdfUrl(order), '_blank', 'noopener');
  const run = async (kind: 'share') => {
    setBusy(kind);
    try {
      const file = await fetchPdf(order);
      const name = order.expand?.vendor?.name ?? '';
      const outcome = await shareOrSave(file, {
        title: t('purchaseOrders.pdf.shareTitle', { number: poNumber(t, order) }),
        text: t('purchaseOrders.pdf.shareText', { number: poNumber(t, order), name }),
      });
      if (outcome === 'saved') toast.info(t('purchaseOrders.pdf.shareSaved'));
    } catch (error) {
      toast.error(errorMessage(error, t));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button
        variant="secondary"
        disabled={busy !== null}
        icon={<FileText className="size-4" aria-hidden="true" />}
        onClick={open}
        data-testid="po-pdf"
      >
        {t('purchaseOrders.actions.pdf')}
      </Button>
      {shareable ? (
        <Button
          variant="secondary"
          loading={busy === 'share'}
          disabled={busy !== null}
          icon={<Share2 className="size-4" aria-hidden="true" />}
          onClick={() => void run('share')}
          data-testid="po-share"
        >
          {t('purchaseOrders.actions.share')}
        </Button>
      ) : null}
      <span className="sr-only" role="status" aria-live="polite">
        {busy ? t('purchaseOrders.pdf.preparing') : ''}
      </span>
    </>
  );
}
