import { useEffect, useRef } from 'react';
import { rupeesMinus, type TotalBelowPaidData } from '@siteledger/domain';
import { useTranslation } from 'react-i18next';
import { formatRupees } from '../lib/format';
import { Alert } from './ui/alert';
import { Button } from './ui/button';

/**
 * A bill lowered below what was paid for it: says in plain words what saving would do — the
 * excess comes off the newest payments and stays with the vendor as an advance — and saves that
 * way on one confirmation (`release_overpayment: true`).
 */
export function ReleaseOverpaymentAlert({
  below,
  busy,
  onRelease,
}: {
  below: TotalBelowPaidData;
  busy: boolean;
  onRelease: () => void;
}) {
  const { t } = useTranslation();
  const excess = rupeesMinus(below.paid, below.total);
  // On a phone the form is scrolled to the field just changed: bring the explanation into view.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [below]);
  return (
    <div ref={box}>
      <Alert tone="info" title={t('overpayment.title')} testId="release-overpayment-alert">
        <p>
          {t('overpayment.explain', {
            total: formatRupees(below.total),
            paid: formatRupees(below.paid),
            count: below.payments.length,
          })}
        </p>
        <p className="mt-1">{t('overpayment.release', { amount: formatRupees(excess) })}</p>
        <Button
          type="button"
          className="mt-3"
          size="sm"
          disabled={busy}
          onClick={onRelease}
          data-testid="release-overpayment"
        >
          {t('overpayment.confirm', { amount: formatRupees(excess) })}
        </Button>
      </Alert>
    </div>
  );
}
