import type { CreditNote, VendorRefund } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/ui/status-badge';
import { inr } from './money';
import { Section, useReturnDate } from './return-detail-parts';

/** The refunds recorded against a return. */
export function ReturnRefunds({ refunds }: { refunds: VendorRefund[] }) {
  const { t } = useTranslation();
  const date = useReturnDate();
  return (
    <Section title={t('vendorReturns.detail.refunds')}>
      <ul
        className="divide-y divide-border rounded-xl border border-border"
        data-testid="return-detail-refunds"
      >
        {refunds.map((refund) => (
          <li key={refund.id} className="flex justify-between gap-3 px-3 py-2.5">
            <span className="min-w-0 truncate text-fg-muted">
              {date(refund.refund_date)} · {t(`vendorReturns.methods.${refund.refund_method}`)}
              {refund.expand?.account ? ` · ${refund.expand.account.name}` : ''}
              {refund.reference ? ` · ${refund.reference}` : ''}
            </span>
            <span className="font-medium tabular-nums text-fg">{inr(refund.refund_amount)}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The credit notes a return produced, with what is left of each. */
export function ReturnCreditNotes({ notes }: { notes: CreditNote[] }) {
  const { t } = useTranslation();
  return (
    <Section title={t('vendorReturns.detail.creditNotes')}>
      <ul
        className="divide-y divide-border rounded-xl border border-border"
        data-testid="return-detail-credit-notes"
      >
        {notes.map((note) => (
          <li key={note.id} className="flex items-center justify-between gap-3 px-3 py-2.5">
            <span className="min-w-0 truncate text-fg-muted">
              {note.reference ?? t('vendorReturns.creditNotes.noReference')} ·{' '}
              {t('vendorReturns.creditNotes.balanceOf', {
                balance: inr(note.balance),
                amount: inr(note.credit_amount),
              })}
            </span>
            <StatusBadge kind="creditNote" status={note.status} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
