import type { Vendor } from '@siteledger/domain';
import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRupees } from '../lib/format';
import { useRecord } from '../lib/site-records';
import { buttonClasses } from './ui/button';

/**
 * "Apply advance" on a delivery or booking that still owes, when its vendor has money paid in
 * advance: opens the payments page on the oldest payment holding it (`?apply_advance=1`), with
 * this bill suggested first — set against the bill without a second payment.
 */
export function ApplyAdvanceLink({
  vendorId,
  owes,
  target,
}: {
  vendorId: string;
  owes: boolean;
  target: { delivery: string } | { booking: string };
}) {
  const { t } = useTranslation();
  const vendor = useRecord<Vendor>('vendors', owes ? vendorId : null);
  const advance = vendor.data?.advance ?? 0;
  if (!owes || advance <= 0) return null;
  const [key, id] =
    'delivery' in target ? ['delivery', target.delivery] : ['booking', target.booking];
  return (
    <Link
      to={`/payments?apply_advance=1&vendor=${vendorId}&${key}=${id}`}
      className={buttonClasses('secondary')}
      title={t('advance.applyHint', { amount: formatRupees(advance) })}
      data-testid="apply-advance"
    >
      <Wallet className="size-4" aria-hidden="true" />
      {t('advance.apply')}
    </Link>
  );
}
