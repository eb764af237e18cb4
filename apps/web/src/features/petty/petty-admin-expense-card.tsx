/**
 * One pending expense on the approvals tab: its bill photos side by side (a row that scrolls
 * sideways when there are many; a tap opens the full-screen viewer), who spent it, when, on what
 * head, the amount and its GST, and the owner's Approve and Reject. One that waits for its bill's
 * photo says so, and its Approve is off (the server would answer 409 PHOTO_REQUIRED); Reject stays.
 */
import { Check, ImageOff, X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PhotoGrid } from '../../components/photo-grid';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { formatBusinessDate } from '../../lib/dates';
import { formatRupees } from '../../lib/format';
import type { PettyExpense } from '@siteledger/domain';
import { PettyPhotoNeeded } from './petty-status';

/** The grid's thumbnails as one row of fixed squares that scrolls sideways, not a wrapping grid. */
const PHOTO_ROW =
  'flex! gap-2 overflow-x-auto pb-1 [&>li]:w-24 [&>li]:shrink-0 sm:[&>li]:w-28 overscroll-x-contain';

export function PettyExpenseCard({
  expense,
  holderName,
  busy,
  disabled,
  onApprove,
  onReject,
}: {
  expense: PettyExpense;
  holderName: string;
  /** This card's approval is on its way. */
  busy: boolean;
  /** Another action (approve all) is running. */
  disabled: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t, i18n } = useTranslation();
  const gst = expense.gst_rate !== null && expense.vendor_gstin !== null;
  const photoNeededId = useId();
  const photoNeeded = expense.photo_required;
  return (
    <li
      className="min-w-0 space-y-3 rounded-2xl border border-border bg-surface p-4 shadow-card"
      data-testid="petty-approval"
      data-id={expense.id}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="break-words font-semibold text-fg" data-testid="petty-approval-description">
            {expense.description}
          </p>
          <p className="mt-0.5 text-sm text-fg-muted">
            <span data-testid="petty-approval-holder">{holderName}</span>
            {' · '}
            <span className="whitespace-nowrap">
              {formatBusinessDate(expense.expense_date, i18n.language)}
            </span>
          </p>
        </div>
        <p
          className="shrink-0 text-lg font-semibold tabular-nums text-fg"
          data-testid="petty-approval-amount"
        >
          {formatRupees(expense.amount)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs text-fg-muted">
        <Badge>{t(`budgets.heads.${expense.head}`)}</Badge>
        {gst ? (
          <span className="min-w-0 break-all" data-testid="petty-approval-gst">
            {t('pettyAdmin.approvals.gst', {
              rate: expense.gst_rate,
              gstin: expense.vendor_gstin,
              tax: formatRupees(expense.cgst_amount + expense.sgst_amount + expense.igst_amount),
            })}
          </span>
        ) : null}
      </div>
      {expense.photos.length > 0 ? (
        <PhotoGrid
          names={expense.photos}
          className={PHOTO_ROW}
          testId={`petty-approval-photos-${expense.id}`}
        />
      ) : photoNeeded ? (
        <p>
          <PettyPhotoNeeded
            expense={expense}
            id={photoNeededId}
            testId="petty-approval-photo-needed"
          />
        </p>
      ) : (
        <p className="flex items-center gap-1.5 text-sm text-fg-subtle">
          <ImageOff className="size-4" aria-hidden="true" />
          {t('pettyAdmin.approvals.noPhoto')}
        </p>
      )}
      <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
        <Button
          variant="secondary"
          size="lg"
          icon={<X className="size-4" aria-hidden="true" />}
          disabled={disabled || busy}
          onClick={onReject}
          data-testid="petty-approval-reject"
        >
          {t('pettyAdmin.approvals.reject')}
        </Button>
        <Button
          size="lg"
          icon={<Check className="size-4" aria-hidden="true" />}
          loading={busy}
          disabled={disabled || photoNeeded}
          title={photoNeeded ? t('petty.list.photoNeeded') : undefined}
          aria-describedby={photoNeeded ? photoNeededId : undefined}
          onClick={onApprove}
          data-testid="petty-approval-approve"
        >
          {t('pettyAdmin.approvals.approve')}
        </Button>
      </div>
    </li>
  );
}
