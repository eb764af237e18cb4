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
  // Absent for a role kept from payments (issue 47).
  const advance = vendor.advance ?? 0;
  if (advance <= 0) return null;
  return (
    <div className="mt-2 space-y-1 border-t border-border pt-2 text-xs">
      <p className="font-medium text-success-soft-fg" data-testid="vendor-summary-advance">
        {t('advance.label', { amount: formatRupees(advance) })}
      </p>
      {canApply && vendor.outstanding > 0 ? (
        <Link
          to={`/payments?apply_advance=1&vendor=${vendor.id}`}
          className="font-semibold text-primary hover:underline"
          title={t('advance.applyHint', { amount: formatRupees(advance) })}
          data-testid="vendor-apply-advance"
        >
          {t('advance.apply')}
        </Link>
      ) : null}
    </div>
  );
}

/** The summary's figures: the vendor's field, its label's key and the card's look. */
const FIGURES = [
  { id: 'billed', field: 'total_billed', label: 'totalBilled', icon: ReceiptText, tone: 'blue' },
  { id: 'paid', field: 'total_paid', label: 'totalPaid', icon: BadgeIndianRupee, tone: 'emerald' },
  { id: 'outstanding', field: 'outstanding', label: 'outstanding', icon: Hourglass, tone: 'amber' },
  {
    id: 'credit',
    field: 'credit_balance',
    label: 'creditBalance',
    icon: CircleDollarSign,
    tone: 'violet',
  },
] as const;

/** Total billed, total paid, outstanding and credit balance as cards (server figures). */
export function VendorSummary({
  vendor,
  canApplyAdvance = false,
}: {
  vendor: Vendor | undefined;
  canApplyAdvance?: boolean;
}) {
  const { t } = useTranslation();
  const owed = Boolean(vendor && vendor.outstanding > 0);
  return (
    <section
      aria-label={t('vendors.detail.summary')}
      className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4"
      data-testid="vendor-summary"
    >
      {/* What was paid is left out for a role kept from payments (issue 47): its field is absent. */}
      {FIGURES.filter(({ field }) => !vendor || vendor[field] !== undefined).map(
        ({ id, field, label, icon, tone }) => {
          const outstanding = id === 'outstanding';
          // The outstanding card stands out while something is owed, and carries the advance.
          return (
            <SummaryCard
              key={id}
              label={t(`vendors.fields.${label}`)}
              value={vendor?.[field]}
              caption={t(
                `vendors.detail.captions.${outstanding ? (owed ? 'owed' : 'settled') : id}`,
              )}
              icon={icon}
              tone={tone}
              highlight={outstanding && owed}
              loading={!vendor}
              testId={`vendor-summary-${id}`}
              extra={
                outstanding && vendor ? (
                  <AdvanceNote vendor={vendor} canApply={canApplyAdvance} />
                ) : null
              }
            />
          );
        },
      )}
    </section>
  );
}
