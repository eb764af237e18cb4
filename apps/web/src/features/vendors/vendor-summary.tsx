import { Link } from 'react-router';
import type { Vendor } from '@siteledger/domain';
import { BadgeIndianRupee, CircleDollarSign, Hourglass, ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatRupees } from '../../lib/format';
import { SummaryCard } from './vendor-summary-card';

/**
 * The vendor's advance under the outstanding figure, and — for people who may edit payments,
 * while something is owed — "Apply advance", which opens the oldest payment holding it on the
 * payments page (`?apply_advance=1`) to set it against the dues without paying again.
 */
function AdvanceNote({ vendor, canApply }: { vendor: Vendor; canApply: boolean }) {
  const { t } = useTranslation();
  if (vendor.advance <= 0) return null;
  return (
    <div className="mt-2 space-y-1 border-t border-border pt-2 text-xs">
      <p className="font-medium text-success-soft-fg" data-testid="vendor-summary-advance">
        {t('advance.label', { amount: formatRupees(vendor.advance) })}
      </p>
      {canApply && vendor.outstanding > 0 ? (
        <Link
          to={`/payments?apply_advance=1&vendor=${vendor.id}`}
          className="font-semibold text-primary hover:underline"
          title={t('advance.applyHint', { amount: formatRupees(vendor.advance) })}
          data-testid="vendor-apply-advance"
        >
          {t('advance.apply')}
        </Link>
      ) : null}
    </div>
  );
}

/** Total billed, total paid, outstanding and credit balance as cards (server figures). */
export function VendorSummary({
  vendor,
  canApplyAdvance = false,
}: {
  vendor: Vendor | undefined;
  canApplyAdvance?: boolean;
}) {
  const { t } = useTranslation();
  const loading = !vendor;
  return (
    <section
      aria-label={t('vendors.detail.summary')}
      className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4"
      data-testid="vendor-summary"
    >
      <SummaryCard
        label={t('vendors.fields.totalBilled')}
        value={vendor?.total_billed}
        caption={t('vendors.detail.captions.billed')}
        icon={ReceiptText}
        tone="blue"
        loading={loading}
        testId="vendor-summary-billed"
      />
      <SummaryCard
        label={t('vendors.fields.totalPaid')}
        value={vendor?.total_paid}
        caption={t('vendors.detail.captions.paid')}
        icon={BadgeIndianRupee}
        tone="emerald"
        loading={loading}
        testId="vendor-summary-paid"
      />
      <SummaryCard
        label={t('vendors.fields.outstanding')}
        value={vendor?.outstanding}
        caption={
          vendor && vendor.outstanding > 0
            ? t('vendors.detail.captions.owed')
            : t('vendors.detail.captions.settled')
        }
        icon={Hourglass}
        tone="amber"
        highlight={Boolean(vendor && vendor.outstanding > 0)}
        loading={loading}
        testId="vendor-summary-outstanding"
        extra={vendor ? <AdvanceNote vendor={vendor} canApply={canApplyAdvance} /> : null}
      />
      <SummaryCard
        label={t('vendors.fields.creditBalance')}
        value={vendor?.credit_balance}
        caption={t('vendors.detail.captions.credit')}
        icon={CircleDollarSign}
        tone="violet"
        loading={loading}
        testId="vendor-summary-credit"
      />
    </section>
  );
}
