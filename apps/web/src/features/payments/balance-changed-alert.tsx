import type { CreditNoteBalanceChangedData } from '@siteledger/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { formatRupees } from '../../lib/format';

/**
 * A credit note was used elsewhere while the form was open. Says which note and by how much, and
 * offers to record the payment anyway: the note gives what it still has, the account the rest.
 */
export function BalanceChangedAlert({
  change,
  busy,
  onContinue,
  onRefresh,
}: {
  change: CreditNoteBalanceChangedData;
  busy: boolean;
  onContinue: () => void;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  // The form scrolls; bring the explanation into view when the server answers.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [change]);
  const list = change.changes && change.changes.length > 0 ? change.changes : [change];
  return (
    <div ref={ref} className="space-y-3" data-testid="payment-balance-changed">
      <Alert tone="error" title={t('payments.changed.title')}>
        <ul className="list-disc space-y-1 pl-4">
          {list.map((c) => (
            <li key={c.credit_note}>
              {t('payments.changed.line', {
                reference: c.reference,
                requested: formatRupees(c.requested),
                available: formatRupees(c.available),
                used: formatRupees(c.used),
              })}
            </li>
          ))}
        </ul>
        <p className="mt-1">{t('payments.changed.explain')}</p>
      </Alert>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onRefresh} disabled={busy}>
          {t('payments.changed.refresh')}
        </Button>
        <Button
          type="button"
          onClick={onContinue}
          loading={busy}
          data-testid="payment-continue-adjusted"
        >
          {t('payments.changed.continue')}
        </Button>
      </div>
    </div>
  );
}
