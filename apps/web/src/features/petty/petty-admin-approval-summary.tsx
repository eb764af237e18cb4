/**
 * What "Approve all" came to: how many were approved, how many it left waiting for a bill photo,
 * and each refused expense with the server's reason, kept on screen until dismissed (the skipped
 * and refused cards stay in the list below).
 */
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { formatRupees } from '../../lib/format';
import type { ApprovalSummary } from './petty-admin-approve-all';

export function PettyApprovalSummary({
  summary,
  onDismiss,
}: {
  summary: ApprovalSummary;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const refused = summary.refused.length;
  return (
    <div className="relative" data-testid="petty-approve-all-summary">
      <Alert
        tone={refused > 0 ? 'error' : summary.skipped > 0 ? 'info' : 'success'}
        title={
          <span data-testid="petty-approve-all-approved">
            {t('pettyAdmin.approvals.summaryApproved', { count: summary.approved })}
          </span>
        }
        className="pr-12"
      >
        {summary.skipped > 0 ? (
          <p data-testid="petty-approve-all-skipped">
            {t('pettyAdmin.approvals.summarySkipped', { count: summary.skipped })}
          </p>
        ) : null}
        {refused > 0 ? (
          <>
            <p>{t('pettyAdmin.approvals.summaryRefused', { count: refused })}</p>
            <ul className="mt-2 space-y-1.5" data-testid="petty-approve-all-refused">
              {summary.refused.map((item) => (
                <li key={item.id} className="min-w-0 break-words">
                  <span className="font-medium">
                    {item.description} · {formatRupees(item.amount)}
                  </span>
                  {': '}
                  <span data-testid="petty-approve-all-reason">{item.message}</span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </Alert>
      <button
        type="button"
        onClick={onDismiss}
        className="absolute right-1 top-1 flex size-11 items-center justify-center rounded-lg text-fg-muted hover:bg-surface-hover focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
        aria-label={t('pettyAdmin.approvals.dismiss')}
        data-testid="petty-approve-all-dismiss"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
